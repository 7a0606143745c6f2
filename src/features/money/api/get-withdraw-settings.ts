import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export const withdrawSettingsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('withdrawSettings'),
    queryFn: ({ signal }) => api.funds.withdrawSettings(undefined, { signal }),
  })
