import { queryOptions } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { fundsEndpoints } from '#contract/funds'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export type DepositsQuery = EndpointInput<typeof fundsEndpoints.deposits>
export const depositsQueryOptions = (query: DepositsQuery) =>
  queryOptions({
    queryKey: moneyKey('deposits', query),
    queryFn: ({ signal }) => api.call(fundsEndpoints.deposits, query, { signal }),
  })
