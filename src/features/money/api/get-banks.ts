import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export const banksQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('banks'),
    queryFn: ({ signal }) => api.funds.banks(undefined, { signal }),
  })
