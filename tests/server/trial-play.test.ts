/**
 * A trial (guest) account plays the free-play games with its play money: the launch gives
 * the vendor a player token on the guest's own wallet, its rounds move that wallet against
 * the house's `trial_games` (never the brand's `games` takings), the books reconcile with
 * them, the winners board leaves them out, and a game without free play still needs a real
 * account. Its live stream hears its balance move.
 */
import { and, desc, eq, inArray, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { WinnerBoardSchema } from '#contract/play'
import { games, ledgerAccounts, members } from '#server/db/schema'
import { houseAccountCode } from '#server/money/ledger'
import { reconcile } from '#server/money/ledger-reconcile'
import { maskUsername } from '#server/play/winners'
import { reconcileGames } from '#server/vendors/reconcile'
import { build, type TestServer } from '../build-server'
import { fakeVendor, tokenFromUrl, vendorTxId, walletClient } from '../fake-vendor'
import { failureOf, plainCall, valueOf } from '../identity-helpers'
import { mainMinor } from '../money-helpers'
import { launchCall, launched } from '../play-helpers'

let server: TestServer
const vendor = fakeVendor('fake')
const merchant = 'DEMO'
/** Demo Slots (RNG, free play). */
const slot = 'DSL-0002'

beforeAll(async () => {
  server = await build({ vendorAdapters: [{ adapter: vendor }] })
})
afterAll(async () => {
  await server?.close()
})

async function guest(): Promise<{ token: string; username: string }> {
  const res = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
  const token = valueOf(res, (v) => z.object({ token: z.string() }).parse(v).token)
  // The newest trial account is this one (the suite makes them one at a time).
  const [row] = await server.db
    .select({ username: members.username })
    .from(members)
    .where(like(members.username, 'guest\\_%'))
    .orderBy(desc(members.id))
    .limit(1)
  if (!row) throw new Error('no trial account was made')
  return { token, username: row.username }
}

async function houseBalances(): Promise<Record<string, bigint>> {
  const codes = [houseAccountCode('games'), houseAccountCode('trial_games')]
  const rows = await server.db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantCode, merchant), inArray(ledgerAccounts.code, codes)))
  return Object.fromEntries(codes.map((c) => [c, rows.find((r) => r.code === c)?.balance ?? 0n]))
}

describe('a trial account in a free-play game', () => {
  it('stakes and wins its play money, apart from the brand’s takings, and the books reconcile', async () => {
    const g = await guest()
    expect(await mainMinor(server, g.token)).toBe(200_000n)
    const l = await launched(server, g.token, { gameId: slot })
    const player = tokenFromUrl(l.content.game_url)
    const wallet = walletClient(server.app, server.db, vendor.id)
    const before = await houseBalances()

    const roundId = vendorTxId('r')
    const bet = await wallet.call('debit', {
      player,
      txId: vendorTxId(),
      roundId,
      gameId: slot,
      amount: '500',
    })
    expect(bet).toMatchObject({ ok: true, balance: '199500' })
    const win = await wallet.call('credit', {
      player,
      txId: vendorTxId(),
      roundId,
      gameId: slot,
      amount: '5000',
    })
    expect(win).toMatchObject({ ok: true, balance: '204500' })
    expect(await mainMinor(server, g.token)).toBe(204_500n)

    const after = await houseBalances()
    expect(after[houseAccountCode('games')]).toBe(before[houseAccountCode('games')])
    expect(after[houseAccountCode('trial_games')]).toBe(
      (before[houseAccountCode('trial_games')] ?? 0n) - 4500n,
    )

    const games = await reconcileGames(server.db, merchant)
    expect(games.mismatches).toEqual([])
    expect((await reconcile(server.db)).ok).toBe(true)

    // A 10x play-money win is no one's to show off.
    const board = valueOf(await plainCall(server, 'GET', '/wps/relay/ODSFE2_getWinnerBoard?limit=50'), (v) =>
      WinnerBoardSchema.parse(v),
    )
    expect(board.list.map((w) => w.username)).not.toContain(maskUsername(g.username))
  })

  it('cannot stake more play money than it holds', async () => {
    const g = await guest()
    const player = tokenFromUrl((await launched(server, g.token, { gameId: slot })).content.game_url)
    const wallet = walletClient(server.app, server.db, vendor.id)
    const res = await wallet.call('debit', {
      player,
      txId: vendorTxId(),
      roundId: vendorTxId('r'),
      gameId: slot,
      amount: '200001',
    })
    expect(res).toMatchObject({ ok: false, error: 'INSUFFICIENT_FUNDS', balance: '200000' })
  })

  it('needs a real account for a game without free play', async () => {
    const g = await guest()
    const [paid] = await server.db
      .select({ code: games.code })
      .from(games)
      .where(and(eq(games.merchantCode, merchant), eq(games.freeplay, false), eq(games.isGame, 'GAME')))
      .limit(1)
    if (!paid) throw new Error('the demo has a game without free play')
    const res = await launchCall(server, g.token, { gameId: paid.code })
    expect(res.statusCode).toBe(403)
    expect(failureOf(res).errorCode).toBe('in_need_true_account')
  })
})
