import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { agentEndpoints } from '#contract/agent'
import type { EndpointInput } from '#contract/endpoint'
import { api } from '../../../lib/api'
import { agentKey } from './agent-keys'

export type TeamOverviewQuery = EndpointInput<typeof agentEndpoints.teamOverview>

/** The team's figures for a period: the direct downline and the whole team apart. */
export const teamOverviewQueryOptions = (query: TeamOverviewQuery) =>
  queryOptions({
    queryKey: agentKey('teamOverview', query),
    queryFn: ({ signal }) => api.call(agentEndpoints.teamOverview, query, { signal }),
    placeholderData: keepPreviousData,
  })
