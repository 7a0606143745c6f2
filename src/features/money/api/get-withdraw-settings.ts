import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'
import { fundsEndpoints } from '#contract/funds'

export const withdrawSettingsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('withdrawSettings'),
    queryFn: ({ signal }) => api.call(fundsEndpoints.withdrawSettings, undefined, { signal }),
  })
