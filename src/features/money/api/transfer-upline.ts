import type { EndpointInput } from '#contract/endpoint'
import { fundsEndpoints } from '#contract/funds'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateMoney } from './money-keys'

export type TransferUplineInput = EndpointInput<typeof fundsEndpoints.transferUpline>

/** Sends money to the member's upline agent. A retry with the same key moves the money once. */
export const transferUpline = (input: TransferUplineInput, idempotencyKey: string) =>
  api.call(fundsEndpoints.transferUpline, input, { idempotencyKey })

export function useTransferUpline({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<TransferUplineInput, Awaited<ReturnType<typeof transferUpline>>>
} = {}) {
  return useIdempotentMutation({ call: transferUpline, invalidate: invalidateMoney, mutationConfig })
}
