import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { agentEndpoints } from '#contract/agent'
import type { EndpointInput } from '#contract/endpoint'
import { api } from '../../../lib/api'
import { agentKey } from './agent-keys'

export type DownlineQuery = EndpointInput<typeof agentEndpoints.downline>

/**
 * One page of a downline: the agent's own, one member's (parentId), or the whole team's
 * accounts matching a search (account), with the way back up from the agent.
 */
export const downlineQueryOptions = (query: DownlineQuery) =>
  queryOptions({
    queryKey: agentKey('downline', query),
    queryFn: ({ signal }) => api.call(agentEndpoints.downline, query, { signal }),
    placeholderData: keepPreviousData,
  })
