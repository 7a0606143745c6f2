/**
 * Every agent-centre query sits under ['agent', token, …], so another agent's team never
 * shows from cache. A transfer down moves the agent's own money too: it refreshes the team
 * (balances in the downline) and every money query (the header balance) together.
 */
import type { QueryClient } from '@tanstack/react-query'
import { moneyRootKey } from '../../../lib/member-keys'
import { sessionStore } from '../../../lib/storage'

export const agentRootKey = ['agent'] as const

export function agentKey(...parts: unknown[]): unknown[] {
  return [...agentRootKey, sessionStore.token(), ...parts]
}

/** Refreshes the downline and the agent's balance, after money went down to the team. */
export async function invalidateAfterTransfer(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: agentRootKey }),
    queryClient.invalidateQueries({ queryKey: moneyRootKey }),
  ])
}
