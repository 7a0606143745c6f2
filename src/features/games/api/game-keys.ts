/**
 * Every games query sits under ['games', …]; a member's own lists (favourites) sit under
 * ['games', 'member', token, …], so another member's favourites never show from cache and
 * one invalidation refreshes the ids and the list together.
 */
import type { QueryClient } from '@tanstack/react-query'
import { sessionStore } from '../../../lib/storage'

export function memberGamesKey(...parts: unknown[]): unknown[] {
  return ['games', 'member', sessionStore.token(), ...parts]
}

/** Refreshes the member's favourite ids and favourite list, after one was added or removed. */
export function invalidateFavorites(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['games', 'member'] })
}
