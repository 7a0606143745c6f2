import { queryOptions } from '@tanstack/react-query'
import type { PromotionCategory } from '#contract/promotions'
import { promotionEndpoints } from '#contract/promotions'
import { api } from '../../../lib/api'
import { serverRead } from '../../../lib/server-reads'
import { promotionsKey, promotionsRootKey } from './promotion-keys'

const publicKey = (...parts: unknown[]) => [...promotionsRootKey, 'public', ...parts]

/**
 * The running and coming promotions with the caller's state for each, and the count of
 * rewards claimable now (the reward centre's badge). A visitor or guest (`member` false)
 * reads the brand's list, every state join, coming soon or closed. The texts are in
 * `locale`, the page's language, which names the answer.
 */
export const promotionsQueryOptions = (member: boolean, locale: string, category?: PromotionCategory) =>
  queryOptions({
    // A visitor's list is the same for every visitor: its key carries no session, so the
    // server's render (which has none) and the browser name it alike.
    queryKey: member
      ? promotionsKey('list', locale, category ?? 'all')
      : publicKey('list', locale, category ?? 'all'),
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
    queryKey: publicKey('categories'),
    meta: serverRead(promotionEndpoints.categories),
    queryFn: ({ signal }) => api.call(promotionEndpoints.categories, undefined, { signal }),
  })
