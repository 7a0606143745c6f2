import type { QueryClient } from '@tanstack/react-query'
import { agentEndpoints } from '#contract/agent'
import type { EndpointInput } from '#contract/endpoint'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { agentRootKey } from './agent-keys'

export type OpenAccountInput = EndpointInput<typeof agentEndpoints.openAccount>

/**
 * Opens a member or an agent under the caller. A retry with the same key (the same input)
 * opens it once; the team's pages refresh after it.
 */
export const openAccount = (input: OpenAccountInput, idempotencyKey: string) =>
  api.call(agentEndpoints.openAccount, input, { idempotencyKey })

const refreshTeam = async (queryClient: QueryClient) => {
  await queryClient.invalidateQueries({ queryKey: agentRootKey })
}

export function useOpenAccount({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<OpenAccountInput, Awaited<ReturnType<typeof openAccount>>>
} = {}) {
  return useIdempotentMutation({ call: openAccount, invalidate: refreshTeam, mutationConfig })
}
