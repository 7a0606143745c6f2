import type { EndpointInput } from '#contract/endpoint'
import { turnoverEndpoints } from '#contract/turnover'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateMoney } from './money-keys'

export type ForfeitBonusInput = EndpointInput<typeof turnoverEndpoints.forfeit>

/**
 * Gives up the bonuses still waiting for their turnover, taking the amount the member was
 * shown. A retry with the same key forfeits once.
 */
export const forfeitBonus = (input: ForfeitBonusInput, idempotencyKey: string) =>
  api.call(turnoverEndpoints.forfeit, input, { idempotencyKey })

export function useForfeitBonus({
  mutationConfig,
}: { mutationConfig?: MutationConfig<ForfeitBonusInput, Awaited<ReturnType<typeof forfeitBonus>>> } = {}) {
  return useIdempotentMutation({ call: forfeitBonus, invalidate: invalidateMoney, mutationConfig })
}
