import { lotteryEndpoints, type Order, type PlaceOrder } from '#contract/lottery'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateAfterBet } from './lottery-queries'

/**
 * Places the member's bet: a slip on one issue. The platform calls it `lottery.placeOrder`;
 * a retry of the same slip sends the same key: one debit.
 */
export const placeBet = (input: PlaceOrder, idempotencyKey: string) =>
  api.call(lotteryEndpoints.placeOrder, input, { idempotencyKey })

export function usePlaceBet({ mutationConfig }: { mutationConfig?: MutationConfig<PlaceOrder, Order> } = {}) {
  return useIdempotentMutation({ call: placeBet, invalidate: invalidateAfterBet, mutationConfig })
}
