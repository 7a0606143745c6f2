/**
 * A member's own game lists (favourites) sit under ['member', 'games', token, …]: never in
 * the lobby data kept on the device ('games' is persisted, src/lib/query-client.ts), dropped
 * with the rest of the member's data at logout, and another member's never show from cache.
 * One invalidation refreshes the ids and the list together.
 */
import type { QueryClient } from '@tanstack/react-query'
import { memberKey } from '../../../lib/member-keys'
import { sessionStore } from '../../../lib/storage'

const memberGames = [...memberKey, 'games'] as const

export function memberGamesKey(...parts: unknown[]): unknown[] {
  return [...memberGames, sessionStore.token(), ...parts]
}

/** Refreshes the member's favourite ids and favourite list, after one was added or removed. */
export function invalidateFavorites(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: memberGames })
}
