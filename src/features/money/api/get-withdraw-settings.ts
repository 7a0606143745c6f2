import { queryOptions } from '@tanstack/react-query'
import { fundsEndpoints } from '#contract/funds'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export const withdrawSettingsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('withdrawSettings'),
    queryFn: ({ signal }) => api.call(fundsEndpoints.withdrawSettings, undefined, { signal }),
  })
