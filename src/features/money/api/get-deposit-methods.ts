import { queryOptions } from '@tanstack/react-query'
import { fundsEndpoints } from '#contract/funds'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export const depositMethodsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('depositMethods'),
    queryFn: ({ signal }) => api.call(fundsEndpoints.depositMethods, undefined, { signal }),
  })
