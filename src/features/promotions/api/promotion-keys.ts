/**
 * Every promotions query sits under ['promotions', token, …]: a member's states never show
 * from another's cache, and a claim refreshes them with the member's money (the header
 * balance, bonus details).
 */
import type { QueryClient } from '@tanstack/react-query'
import { moneyRootKey } from '../../../lib/member-keys'
import { sessionStore } from '../../../lib/storage'

export const promotionsRootKey = ['promotions'] as const

export function promotionsKey(...parts: unknown[]): unknown[] {
  return [...promotionsRootKey, sessionStore.token(), ...parts]
}

/** After a claim, a sign-up or an application: the states, the claim list and the balance. */
export async function invalidateAfterClaim(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: promotionsRootKey }),
    queryClient.invalidateQueries({ queryKey: moneyRootKey }),
  ])
}
