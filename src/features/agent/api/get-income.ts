import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { agentEndpoints } from '#contract/agent'
import type { EndpointInput } from '#contract/endpoint'
import { api } from '../../../lib/api'
import { agentKey } from './agent-keys'

export type IncomeQuery = EndpointInput<typeof agentEndpoints.income>

/** What the agent's rebate difference over its team's valid bets comes to for a period. */
export const incomeQueryOptions = (query: IncomeQuery) =>
  queryOptions({
    queryKey: agentKey('income', query),
    queryFn: ({ signal }) => api.call(agentEndpoints.income, query, { signal }),
    placeholderData: keepPreviousData,
  })
