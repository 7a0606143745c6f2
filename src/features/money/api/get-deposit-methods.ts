import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export const depositMethodsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('depositMethods'),
    queryFn: ({ signal }) => api.funds.depositMethods(undefined, { signal }),
  })
