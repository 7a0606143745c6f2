import { queryOptions } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { recordEndpoints } from '#contract/records'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export type BetsQuery = EndpointInput<typeof recordEndpoints.bets>
export const betsQueryOptions = (query: BetsQuery) =>
  queryOptions({
    queryKey: moneyKey('bets', query),
    queryFn: ({ signal }) => api.call(recordEndpoints.bets, query, { signal }),
  })
