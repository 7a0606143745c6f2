/**
 * The raffle's calls (decision 028): the caller's status of a raffle (under the promotions
 * key, so a claim or a join refreshes it) and the idempotent join.
 */
import { queryOptions } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { raffleEndpoints as ep, type RaffleStatus } from '#contract/raffle'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateAfterClaim, promotionsKey } from '../api/promotion-keys'

export const raffleStatusQueryOptions = (promotionId: number) =>
  queryOptions({
    queryKey: promotionsKey('raffle', promotionId),
    queryFn: ({ signal }) => api.call(ep.status, { promotionId }, { signal }),
  })

/** Joins the current period; a retry with the same key replays the first answer. */
export const joinRaffle = (input: EndpointInput<typeof ep.join>, key: string) =>
  api.call(ep.join, input, { idempotencyKey: key })

export const useJoinRaffle = (c?: MutationConfig<EndpointInput<typeof ep.join>, RaffleStatus>) =>
  useIdempotentMutation({ call: joinRaffle, invalidate: invalidateAfterClaim, mutationConfig: c })
