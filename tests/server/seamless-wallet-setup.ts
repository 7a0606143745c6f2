/**
 * Shared set-up of the seamless wallet suites: a server with a fake vendor (and `other`,
 * registered but serving no vendor), a client signing that vendor's wallet calls, and the
 * books reconciled when a suite ends. useSeamlessWallet() registers a suite's hooks; the
 * server, the client and the vendors are exported live, so a suite reads them as its own.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { betRecords, vendorTransactions } from '#server/db/schema'
import { reconcile } from '#server/money/ledger-reconcile'
import type { WalletAnswer } from '#server/vendors/adapter'
import { reconcileGames } from '#server/vendors/reconcile'
import { build, runOps, type TestServer } from '../build-server'
import { fakeVendor, vendorTxId, walletClient } from '../fake-vendor'
import { moneyMember, type MoneyMember } from '../money-helpers'
import { playerTokenOf } from '../play-helpers'

export let server: TestServer
export let wallet: ReturnType<typeof walletClient>
export let vendor = fakeVendor('fake')
export let other = fakeVendor('other')
export const merchant = 'DEMO'
/** Demo Slots (DSL): accountTypeId 109. */
export const game = 'DSL-0002'
export const dslWallet = 109

/** Registers the suite's hooks: its own vendors and server, and the books checked at the end. */
export function useSeamlessWallet(): void {
  beforeAll(async () => {
    vendor = fakeVendor('fake')
    other = fakeVendor('other')
    server = await build({
      // `other` is registered but serves no vendor: its calls name no player of its own.
      vendorAdapters: [{ adapter: vendor }, { adapter: other, vassalages: [] }],
      poolMax: 8,
    })
    wallet = walletClient(server.app, server.db, vendor.id)
  })
  afterAll(async () => {
    if (server) {
      expect((await reconcile(server.db)).ok).toBe(true)
      const games = await reconcileGames(server.db, merchant)
      expect(games.mismatches).toEqual([])
      expect(await runOps(server, 'reconcile')).toMatch(
        /\ngame money reconciles for DEMO: stakes \d+, wins \d+/,
      )
    }
    await server?.close()
  })
}

/** A member with `credit` on main, and the player token of a launch of the slot. */
export async function player(credit: string): Promise<MoneyMember & { player: string }> {
  const m = await moneyMember(server, credit, 'sw')
  return { ...m, player: await playerTokenOf(server, m.token, game) }
}

export function debit(p: { player: string }, amount: string, roundId = vendorTxId('r'), txId = vendorTxId()) {
  return { player: p.player, txId, roundId, gameId: game, amount }
}

export function okBalance(a: WalletAnswer): string {
  if (!a.ok) throw new Error(`refused: ${a.error}`)
  return a.balance
}

export async function txRows(txId: string) {
  return server.db.select().from(vendorTransactions).where(eq(vendorTransactions.txId, txId))
}

export async function roundOf(roundId: string) {
  const [row] = await server.db.select().from(betRecords).where(eq(betRecords.betNo, roundId))
  return row
}
