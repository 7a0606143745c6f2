import type { EndpointInput } from '#contract/endpoint'
import { walletEndpoints } from '#contract/wallet'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateMoney } from './money-keys'

export type TransferFundInput = EndpointInput<typeof walletEndpoints.transfer>

/** Moves money between two of the member's wallets. A retry with the same key moves the money once. */
export const transferFund = (input: TransferFundInput, idempotencyKey: string) =>
  api.call(walletEndpoints.transfer, input, { idempotencyKey })

export function useTransferFund({
  mutationConfig,
}: { mutationConfig?: MutationConfig<TransferFundInput, Awaited<ReturnType<typeof transferFund>>> } = {}) {
  return useIdempotentMutation({ call: transferFund, invalidate: invalidateMoney, mutationConfig })
}
