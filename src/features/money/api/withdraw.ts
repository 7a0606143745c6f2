import type { EndpointInput } from '#contract/endpoint'
import { fundsEndpoints } from '#contract/funds'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateMoney } from './money-keys'

export type WithdrawInput = EndpointInput<typeof fundsEndpoints.withdraw>

/** Requests a withdrawal to one of the member's bank cards. A retry with the same key moves the money once. */
export const withdraw = (input: WithdrawInput, idempotencyKey: string) =>
  api.call(fundsEndpoints.withdraw, input, { idempotencyKey })

export function useWithdraw({
  mutationConfig,
}: { mutationConfig?: MutationConfig<WithdrawInput, Awaited<ReturnType<typeof withdraw>>> } = {}) {
  return useIdempotentMutation({ call: withdraw, invalidate: invalidateMoney, mutationConfig })
}
