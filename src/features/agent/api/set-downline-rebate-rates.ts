import type { QueryClient } from '@tanstack/react-query'
import { agentEndpoints } from '#contract/agent'
import type { EndpointInput } from '#contract/endpoint'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { agentRootKey } from './agent-keys'

export type SetDownlineRatesInput = EndpointInput<typeof agentEndpoints.setDownlineRebateRates>

/** New rebate rates for a member of the agent's direct downline; a retry with the same key sets them once. */
export const setDownlineRebateRates = (input: SetDownlineRatesInput, idempotencyKey: string) =>
  api.call(agentEndpoints.setDownlineRebateRates, input, { idempotencyKey })

const refreshTeam = async (queryClient: QueryClient) => {
  await queryClient.invalidateQueries({ queryKey: agentRootKey })
}

export function useSetDownlineRebateRates({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<SetDownlineRatesInput, Awaited<ReturnType<typeof setDownlineRebateRates>>>
} = {}) {
  return useIdempotentMutation({ call: setDownlineRebateRates, invalidate: refreshTeam, mutationConfig })
}
