import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export const confirmationsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('confirmations'),
    queryFn: ({ signal }) => api.funds.confirmations(undefined, { signal }),
  })
