import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { agentInviteEndpoints } from '#contract/agent-invite'
import type { EndpointInput } from '#contract/endpoint'
import { api } from '../../../lib/api'
import { agentKey } from './agent-keys'

export type AgentAnnouncementsQuery = EndpointInput<typeof agentInviteEndpoints.announcements>

/**
 * One page of the operator's announcements for agents, newest first, in the current language
 * (its key, so a switch refetches).
 */
export const agentAnnouncementsQueryOptions = (query: AgentAnnouncementsQuery, locale: string) =>
  queryOptions({
    queryKey: agentKey('announcements', locale, query),
    queryFn: ({ signal }) => api.call(agentInviteEndpoints.announcements, query, { signal }),
    placeholderData: keepPreviousData,
  })
