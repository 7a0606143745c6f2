import { lotteryEndpoints, type Order, type PlaceOrder } from '#contract/lottery'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateAfterBet } from './lottery-queries'

/** Places a slip on one issue. A retry of the same slip sends the same key: one debit. */
export const placeOrder = (input: PlaceOrder, idempotencyKey: string) =>
  api.call(lotteryEndpoints.placeOrder, input, { idempotencyKey })

export function usePlaceOrder({
  mutationConfig,
}: { mutationConfig?: MutationConfig<PlaceOrder, Order> } = {}) {
  return useIdempotentMutation({ call: placeOrder, invalidate: invalidateAfterBet, mutationConfig })
}
