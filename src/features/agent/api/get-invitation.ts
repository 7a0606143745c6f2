import { queryOptions } from '@tanstack/react-query'
import { referralEndpoints } from '#contract/referral'
import { api } from '../../../lib/api'
import { agentKey } from './agent-keys'

/** The agent's invitation code and link (the server gives a code on first ask). */
export const invitationQueryOptions = () =>
  queryOptions({
    queryKey: agentKey('invitation'),
    queryFn: ({ signal }) => api.call(referralEndpoints.details, { autoGenerate: 'true' }, { signal }),
    // The code and link do not change; the count of invitations may, slowly.
    staleTime: 5 * 60_000,
  })
