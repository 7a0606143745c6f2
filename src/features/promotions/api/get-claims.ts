import { queryOptions } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { promotionEndpoints } from '#contract/promotions'
import { api } from '../../../lib/api'
import { promotionsKey } from './promotion-keys'

export type ClaimListQuery = EndpointInput<typeof promotionEndpoints.claimList>

/** The member's claims (the claim list, newest first). */
export const claimListQueryOptions = (query: ClaimListQuery) =>
  queryOptions({
    queryKey: promotionsKey('claims', query),
    queryFn: ({ signal }) => api.call(promotionEndpoints.claimList, query, { signal }),
  })

/** The deposit bonuses the member may choose with a deposit of `amount` (the deposit page). */
export const depositPromotionsQueryOptions = (amount: string | undefined) =>
  queryOptions({
    queryKey: promotionsKey('deposit', amount ?? ''),
    queryFn: ({ signal }) =>
      api.call(promotionEndpoints.depositPromotions, amount ? { amount } : {}, { signal }),
  })
