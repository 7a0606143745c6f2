import { queryOptions } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { recordEndpoints } from '#contract/records'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export type BonusesQuery = EndpointInput<typeof recordEndpoints.bonuses>
export const bonusesQueryOptions = (query: BonusesQuery) =>
  queryOptions({
    queryKey: moneyKey('bonuses', query),
    queryFn: ({ signal }) => api.call(recordEndpoints.bonuses, query, { signal }),
  })
