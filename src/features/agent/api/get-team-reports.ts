import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { agentEndpoints } from '#contract/agent'
import type { EndpointInput } from '#contract/endpoint'
import { api } from '../../../lib/api'
import { agentKey } from './agent-keys'

export type TeamBetsQuery = EndpointInput<typeof agentEndpoints.teamBets>
export type TeamProfitLossQuery = EndpointInput<typeof agentEndpoints.teamProfitLoss>
export type TeamMovementsQuery = EndpointInput<typeof agentEndpoints.teamMovements>

/** One page of the team's bets over a period, by member, game type or vendor, with totals. */
export const teamBetsQueryOptions = (query: TeamBetsQuery) =>
  queryOptions({
    queryKey: agentKey('teamBets', query),
    queryFn: ({ signal }) => api.call(agentEndpoints.teamBets, query, { signal }),
    placeholderData: keepPreviousData,
  })

/** One page of the members' profit and loss over a period, biggest losses first, with totals. */
export const teamProfitLossQueryOptions = (query: TeamProfitLossQuery) =>
  queryOptions({
    queryKey: agentKey('teamProfitLoss', query),
    queryFn: ({ signal }) => api.call(agentEndpoints.teamProfitLoss, query, { signal }),
    placeholderData: keepPreviousData,
  })

/** One page of the team's money movements over a period, by member or movement type. */
export const teamMovementsQueryOptions = (query: TeamMovementsQuery) =>
  queryOptions({
    queryKey: agentKey('teamMovements', query),
    queryFn: ({ signal }) => api.call(agentEndpoints.teamMovements, query, { signal }),
    placeholderData: keepPreviousData,
  })
