import { queryOptions } from '@tanstack/react-query'
import { promotionEndpoints } from '#contract/promotions'
import { api } from '../../../lib/api'
import { moneyKey } from './money-keys'

/**
 * The deposit bonuses a member may choose with a deposit of `amount`, each with what it
 * would pay (the deposit page's "Choose a bonus"). Kept with the money queries, so a deposit
 * refreshes it (a first-deposit or daily bonus taken is no longer offered); the promotions
 * feature reads the same endpoint for its own pages.
 */
export const depositBonusesQueryOptions = (amount: string | undefined) =>
  queryOptions({
    queryKey: moneyKey('deposit-bonuses', amount ?? ''),
    queryFn: ({ signal }) =>
      api.call(promotionEndpoints.depositPromotions, amount ? { amount } : {}, { signal }),
  })
