import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'
import { fundsEndpoints } from '#contract/funds'

export const confirmationsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKey('confirmations'),
    queryFn: ({ signal }) => api.call(fundsEndpoints.confirmations, undefined, { signal }),
  })
