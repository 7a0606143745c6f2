import type { EndpointInput } from '#contract/endpoint'
import { fundsEndpoints } from '#contract/funds'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'

export type CreateOnlineDepositInput = EndpointInput<typeof fundsEndpoints.depositOnline>

/** Starts an online deposit; the answer is the payment page to send the member to. A retry with the same key moves the money once. */
export const createOnlineDeposit = (input: CreateOnlineDepositInput, idempotencyKey: string) =>
  api.call(fundsEndpoints.depositOnline, input, { idempotencyKey })

export function useCreateOnlineDeposit({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<CreateOnlineDepositInput, Awaited<ReturnType<typeof createOnlineDeposit>>>
} = {}) {
  return useIdempotentMutation({ call: createOnlineDeposit, mutationConfig })
}
