import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { EndpointInput } from '#contract/endpoint'
import type { Endpoints } from '#contract/endpoints'
import { moneyKey } from './money-keys'

export type BonusesQuery = EndpointInput<Endpoints['records']['bonuses']>
export const bonusesQueryOptions = (query: BonusesQuery) =>
  queryOptions({
    queryKey: moneyKey('bonuses', query),
    queryFn: ({ signal }) => api.records.bonuses(query, { signal }),
  })
