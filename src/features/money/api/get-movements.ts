import { queryOptions } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { recordEndpoints } from '#contract/records'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export type MovementsQuery = EndpointInput<typeof recordEndpoints.movements>
export const movementsQueryOptions = (query: MovementsQuery) =>
  queryOptions({
    queryKey: moneyKey('movements', query),
    queryFn: ({ signal }) => api.call(recordEndpoints.movements, query, { signal }),
  })
