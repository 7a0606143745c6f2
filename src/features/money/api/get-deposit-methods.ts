import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'
import { fundsEndpoints } from '#contract/funds'

export const depositMethodsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('depositMethods'),
    queryFn: ({ signal }) => api.call(fundsEndpoints.depositMethods, undefined, { signal }),
  })
