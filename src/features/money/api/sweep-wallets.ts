import type { EndpointInput } from '#contract/endpoint'
import { walletEndpoints } from '#contract/wallet'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateMoney } from './money-keys'

export type SweepWalletsInput = EndpointInput<typeof walletEndpoints.sweep>

/** Collects every wallet's balance back into the main wallet. A retry with the same key moves the money once. */
export const sweepWallets = (input: SweepWalletsInput, idempotencyKey: string) =>
  api.call(walletEndpoints.sweep, input, { idempotencyKey })

export function useSweepWallets({
  mutationConfig,
}: { mutationConfig?: MutationConfig<SweepWalletsInput, Awaited<ReturnType<typeof sweepWallets>>> } = {}) {
  return useIdempotentMutation({ call: sweepWallets, invalidate: invalidateMoney, mutationConfig })
}
