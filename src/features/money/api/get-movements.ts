import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { EndpointInput } from '#contract/endpoint'
import type { Endpoints } from '#contract/endpoints'
import { moneyKey } from './money-keys'

export type MovementsQuery = EndpointInput<Endpoints['records']['movements']>
export const movementsQueryOptions = (query: MovementsQuery) =>
  queryOptions({
    queryKey: moneyKey('movements', query),
    queryFn: ({ signal }) => api.records.movements(query, { signal }),
  })
