import { agentEndpoints } from '#contract/agent'
import type { EndpointInput } from '#contract/endpoint'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateAfterTransfer } from './agent-keys'

export type TransferDownlineInput = EndpointInput<typeof agentEndpoints.downlineTransfer>

/**
 * Sends money down to members of the agent's team: one share is a transfer to one member,
 * several a red envelope. A retry with the same key moves the money once.
 */
export const transferDownline = (input: TransferDownlineInput, idempotencyKey: string) =>
  api.call(agentEndpoints.downlineTransfer, input, { idempotencyKey })

export function useTransferDownline({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<TransferDownlineInput, Awaited<ReturnType<typeof transferDownline>>>
} = {}) {
  return useIdempotentMutation({
    call: transferDownline,
    invalidate: invalidateAfterTransfer,
    mutationConfig,
  })
}
