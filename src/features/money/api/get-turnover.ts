import { queryOptions } from '@tanstack/react-query'
import { turnoverEndpoints } from '#contract/turnover'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

/** The member's turnover requirements: under the money key, so a settled bet or a bonus refreshes it. */
export const turnoverQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('turnover'),
    queryFn: ({ signal }) => api.call(turnoverEndpoints.info, undefined, { signal }),
  })
