import { queryOptions } from '@tanstack/react-query'
import { fundsEndpoints } from '#contract/funds'
import { api } from '../../../lib/api'
import { sessionStore } from '../../../lib/storage'

/**
 * The reference for the member's next bank transfer, made by the server. Kept while the
 * page is open, outside the money keys (a balance refresh must not change what the member is
 * writing on the transfer); a fresh one after each deposit.
 */
export const depositReferenceQueryOptions = () =>
  queryOptions({
    queryKey: ['deposit-reference', sessionStore.token()],
    queryFn: ({ signal }) => api.call(fundsEndpoints.depositReference, undefined, { signal }),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  })
