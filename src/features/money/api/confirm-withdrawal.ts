import type { EndpointInput } from '#contract/endpoint'
import { fundsEndpoints } from '#contract/funds'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateMoney } from './money-keys'

export type ConfirmWithdrawalInput = EndpointInput<typeof fundsEndpoints.confirmWithdrawal>

/** Says whether a paid withdrawal arrived (all, partly, or not). A retry with the same key moves the money once. */
export const confirmWithdrawal = (input: ConfirmWithdrawalInput, idempotencyKey: string) =>
  api.call(fundsEndpoints.confirmWithdrawal, input, { idempotencyKey })

export function useConfirmWithdrawal({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<ConfirmWithdrawalInput, Awaited<ReturnType<typeof confirmWithdrawal>>>
} = {}) {
  return useIdempotentMutation({ call: confirmWithdrawal, invalidate: invalidateMoney, mutationConfig })
}
