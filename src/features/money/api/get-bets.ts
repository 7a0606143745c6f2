import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { EndpointInput } from '#contract/endpoint'
import type { Endpoints } from '#contract/endpoints'
import { moneyKey } from './money-keys'

export type BetsQuery = EndpointInput<Endpoints['records']['bets']>
export const betsQueryOptions = (query: BetsQuery) =>
  queryOptions({
    queryKey: moneyKey('bets', query),
    queryFn: ({ signal }) => api.records.bets(query, { signal }),
  })
