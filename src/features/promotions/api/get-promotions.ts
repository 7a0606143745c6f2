import { queryOptions } from '@tanstack/react-query'
import type { PromotionCategory } from '#contract/promotions'
import { promotionEndpoints } from '#contract/promotions'
import { api } from '../../../lib/api'
import { serverRead } from '../../../lib/server-reads'
import { promotionsKey } from './promotion-keys'

/**
 * The running and coming promotions with the caller's state for each, and the count of
 * rewards claimable now (the reward centre's badge). A visitor or guest (`member` false)
 * reads the brand's list, every state join, coming soon or closed.
 */
export const promotionsQueryOptions = (member: boolean, category?: PromotionCategory) =>
  queryOptions({
    queryKey: promotionsKey('list', member, category ?? 'all'),
    // A visitor's list is public: the server's render draws it and carries it in the page.
    ...(member ? {} : { meta: serverRead(promotionEndpoints.merchantAvailable) }),
    queryFn: ({ signal }) =>
      api.call(
        member ? promotionEndpoints.available : promotionEndpoints.merchantAvailable,
        category ? { category } : {},
        { signal },
      ),
  })

/** The categories that have a promotion, with their counts, for the filter's chips. */
export const promotionCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: promotionsKey('categories'),
    meta: serverRead(promotionEndpoints.categories),
    queryFn: ({ signal }) => api.call(promotionEndpoints.categories, undefined, { signal }),
  })
