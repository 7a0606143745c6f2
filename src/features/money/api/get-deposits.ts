import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { EndpointInput } from '#contract/endpoint'
import type { Endpoints } from '#contract/endpoints'
import { moneyKey } from './money-keys'

export type DepositsQuery = EndpointInput<Endpoints['funds']['deposits']>
export const depositsQueryOptions = (query: DepositsQuery) =>
  queryOptions({
    queryKey: moneyKey('deposits', query),
    queryFn: ({ signal }) => api.funds.deposits(query, { signal }),
  })
