import { QueryClient, type Query } from '@tanstack/react-query'
import { ApiError } from './api-client'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 7 * 24 * 60 * 60_000,
        // A user's mistake or a refusal is final; only network trouble is retried.
        retry: (count, err) =>
          count < 2 && (!(err instanceof ApiError) || err.status === 0 || err.status >= 500),
      },
    },
  })
}

/** Lobby data kept on the device between visits (never anything of a session). */
export function persistedQuery(query: Query): boolean {
  const area = query.queryKey[0]
  return query.state.status === 'success' && (area === 'system' || area === 'content' || area === 'games')
}
