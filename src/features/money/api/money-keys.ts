/**
 * Every money query sits under ['money', token, …]: one invalidation after any money
 * event (transfer, sweep, deposit, withdrawal, upline transfer) refreshes the balance, the
 * wallets and the records together, and another member's figures never show from cache.
 */
import type { QueryClient } from '@tanstack/react-query'
import { moneyRootKey } from '../../../lib/member-keys'
import { sessionStore } from '../../../lib/storage'

export function moneyKey(...parts: unknown[]): unknown[] {
  return [...moneyRootKey, sessionStore.token(), ...parts]
}

/** Refreshes everything money shows, after money moved. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: moneyRootKey })
}
