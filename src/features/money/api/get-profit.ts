import { queryOptions } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { recordEndpoints } from '#contract/records'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export type ProfitQuery = EndpointInput<typeof recordEndpoints.profit>
export const profitQueryOptions = (query: ProfitQuery) =>
  queryOptions({
    queryKey: moneyKey('profit', query),
    queryFn: ({ signal }) => api.call(recordEndpoints.profit, query, { signal }),
  })
