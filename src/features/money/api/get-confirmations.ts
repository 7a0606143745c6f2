import { queryOptions } from '@tanstack/react-query'
import { fundsEndpoints } from '#contract/funds'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export const confirmationsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('confirmations'),
    queryFn: ({ signal }) => api.call(fundsEndpoints.confirmations, undefined, { signal }),
  })
