import { onlineManager, QueryClient, type Query } from '@tanstack/react-query'
import { ApiError } from './api-client'
import { mutationBackoff } from './mutation-config'

/** Network trouble (no answer, a timeout, a 5xx): worth another try. A refusal is final. */
export function transientFailure(err: unknown): boolean {
  return !(err instanceof ApiError) || err.status === 0 || err.status >= 500
}

export interface QueryClientOptions {
  /** The wait before a keyed write's retry n (0-based); the app uses mutationBackoff. */
  mutationRetryDelay?: (attempt: number) => number
}

export function createQueryClient({
  mutationRetryDelay = mutationBackoff,
}: QueryClientOptions = {}): QueryClient {
  // react-query assumes online until an `offline` event; a start without network must
  // not wait for one (its events keep it in step afterwards).
  if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false)
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 7 * 24 * 60 * 60_000,
        // Offline, a read is still tried once: the service worker answers the lobby reads
        // from its IndexedDB cache (src/sw/data-cache.ts). Failing that, it pauses until
        // the network is back (OfflineStatus then says the page is not available offline)
        // and refetches when it is.
        networkMode: 'offlineFirst',
        // A user's mistake or a refusal is final; only network trouble is retried, with
        // react-query's exponential backoff (1 s, 2 s).
        retry: (count, err) => count < 2 && transientFailure(err),
      },
      mutations: {
        // A write is sent when the user asks, online or not, and fails at once offline
        // (the forms also disable their submit then). A write without an Idempotency-Key
        // is never retried on its own: the server could act twice. A keyed write (the money
        // forms, use-idempotent-mutation.ts) retries after transport failures with the same
        // key and this backoff (docs/decisions/008-mutation-retries.md).
        networkMode: 'always',
        retry: false,
        retryDelay: (failureCount) => mutationRetryDelay(failureCount),
      },
    },
  })
}

/**
 * The boot reads (what the server's shell carries: brand, white-label, status, the
 * announcements) are small and kept in localStorage so an offline start has them. Lists
 * (vendor lanes, game lists, help) live in the service worker's IndexedDB instead.
 */
const persistedBootReads = new Set([
  'system/status',
  'system/whitelabel',
  'system/consolidatedSettings',
  'content/announcements',
  'content/popup-notices',
])

/** The small boot queries kept on the device between visits (never anything of a session). */
export function persistedQuery(query: Query): boolean {
  const [area, name] = query.queryKey
  return query.state.status === 'success' && persistedBootReads.has(`${String(area)}/${String(name)}`)
}
