import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { EndpointInput } from '#contract/endpoint'
import type { Endpoints } from '#contract/endpoints'
import { moneyKey } from './money-keys'

export type ProfitQuery = EndpointInput<Endpoints['records']['profit']>
export const profitQueryOptions = (query: ProfitQuery) =>
  queryOptions({
    queryKey: moneyKey('profit', query),
    queryFn: ({ signal }) => api.records.profit(query, { signal }),
  })
