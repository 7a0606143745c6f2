import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { EndpointInput } from '#contract/endpoint'
import type { Endpoints } from '#contract/endpoints'
import { moneyKey } from './money-keys'

export type WithdrawalsQuery = EndpointInput<Endpoints['funds']['withdrawals']>
export const withdrawalsQueryOptions = (query: WithdrawalsQuery) =>
  queryOptions({
    queryKey: moneyKey('withdrawals', query),
    queryFn: ({ signal }) => api.funds.withdrawals(query, { signal }),
  })
