import { queryOptions } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { fundsEndpoints } from '#contract/funds'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

export type WithdrawalsQuery = EndpointInput<typeof fundsEndpoints.withdrawals>
export const withdrawalsQueryOptions = (query: WithdrawalsQuery) =>
  queryOptions({
    queryKey: moneyKey('withdrawals', query),
    queryFn: ({ signal }) => api.call(fundsEndpoints.withdrawals, query, { signal }),
  })
