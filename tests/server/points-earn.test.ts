/**
 * Points earned on settled bets (decision 030), at the two places a bet settles: the seamless
 * wallet's closing credit and the lottery draw. For random rounds across game types, stakes
 * and a rate change midway, the points book holds exactly `pointsFor` per settled bet, in the
 * version in force when it settled, and reconcile is clean (the lottery's own draw:
 * points-earn-lottery.test.ts). A guest earns nothing, a bet earns
 * once, an open round earns nothing yet, and reconcile names a missing or wrong earn.
 */
import { and, eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pointsFor } from '#contract/points-values'
import { recordEndpoints } from '#contract/records'
import { betRecords, games, members, pointEarnBets, pointTransactions } from '#server/db/schema'
import { pointsEarnerOf } from '#server/loyalty/points/earn'
import { writeVersion } from '#server/loyalty/points/point-config'
import { createPointsLedger, type EarnedBet } from '#server/loyalty/points/points-ledger'
import { reconcilePoints } from '#server/loyalty/points/points-reconcile'
import { reconcile } from '#server/money/ledger-reconcile'
import type { Tx } from '#server/plugins/external/db'
import { build, runOps, type TestServer } from '../build-server'
import { fakeVendor, vendorTxId, walletClient } from '../fake-vendor'
import { plainCall, valueOf } from '../identity-helpers'
import { moneyMember } from '../money-helpers'
import { playerTokenOf } from '../play-helpers'

let server: TestServer
let wallet: ReturnType<typeof walletClient>
const vendor = fakeVendor('fake')
const brand = 'DEMO'

/** One game of each of these types, as the catalogue has them. */
const types = ['RNG', 'LIVE', 'FISH', 'SPORTS'] as const
const gameOf = new Map<string, string>()

beforeAll(async () => {
  server = await build({ vendorAdapters: [{ adapter: vendor }] })
  wallet = walletClient(server.app, server.db, vendor.id)
  for (const t of types) {
    const [g] = await server.db
      .select({ code: games.code })
      .from(games)
      .where(and(eq(games.merchantCode, brand), eq(games.gameType, t), eq(games.isGame, 'GAME')))
      .limit(1)
    if (!g) throw new Error(`no ${t} game in the catalogue`)
    gameOf.set(t, g.code)
  }
})
afterAll(async () => {
  await server?.close()
})

/** A version in force from `from` (now by default), written as the operator's command would. */
function rates(r: Partial<Record<(typeof types)[number], number>>, from = new Date()) {
  return writeVersion(server.db, brand, { enabled: true, rates: r, conversions: [] }, from)
}

/** A member with money on the main wallet (single wallet mode: games play from it). */
async function playerOf(credit: string) {
  const m = await moneyMember(server, credit, 'pe')
  const tokens = new Map<string, string>()
  return {
    ...m,
    /** The member's own session (`token` here is a game's player token). */
    session: m.token,
    async token(gameId: string) {
      const known = tokens.get(gameId)
      if (known) return known
      const t = await playerTokenOf(server, m.token, gameId)
      tokens.set(gameId, t)
      return t
    },
  }
}

/** One round: a stake and a closing credit; answers the round's bet record. */
async function round(p: Awaited<ReturnType<typeof playerOf>>, type: string, stake: bigint, win: bigint) {
  const gameId = gameOf.get(type) ?? ''
  const player = await p.token(gameId)
  const roundId = vendorTxId('r')
  const d = await wallet.call('debit', { player, txId: vendorTxId(), roundId, gameId, amount: String(stake) })
  if (!d.ok) throw new Error(`debit refused: ${d.error}`)
  const c = await wallet.call('credit', { player, txId: vendorTxId(), roundId, gameId, amount: String(win) })
  if (!c.ok) throw new Error(`credit refused: ${c.error}`)
  const [bet] = await server.db.select().from(betRecords).where(eq(betRecords.betNo, roundId))
  if (!bet) throw new Error('no bet record')
  return bet
}

/** The bet's earned row with its earn: basis, rate, amount, the earn's member and settings version. */
async function earnOf(betRecordId: number) {
  return server.db
    .select({
      transactionId: pointTransactions.id,
      type: pointTransactions.type,
      memberId: pointTransactions.memberId,
      reference: pointTransactions.reference,
      configId: pointTransactions.configId,
      basis: pointEarnBets.basis,
      rate: pointEarnBets.rate,
      amount: pointEarnBets.amount,
    })
    .from(pointEarnBets)
    .innerJoin(pointTransactions, eq(pointTransactions.id, pointEarnBets.transactionId))
    .where(eq(pointEarnBets.betRecordId, betRecordId))
}

/**
 * Writes earns for the member by hand, as the earner would: the accounts are made first,
 * outside any transaction (inside one the embedded database would wait on itself), and
 * `write` posts inside the caller's.
 */
async function handEarner(memberId: number) {
  const points = createPointsLedger(server.db)
  const account = await points.memberAccount(brand, memberId)
  const house = await points.houseAccount(brand, 'points_issued', memberId)
  return (tx: Tx, amount: bigint, configId: number, bets: EarnedBet[]) =>
    points.postEarn(
      tx,
      {
        merchantCode: brand,
        type: 'EARN',
        memberId,
        actor: 'system',
        at: new Date(),
        postings: [
          { accountId: house, amount: -amount },
          { accountId: account, amount },
        ],
        extra: [configId],
      },
      bets,
    )
}

async function pointsOfMember(memberId: number) {
  const points = createPointsLedger(server.db)
  return points.balance(server.db, await points.memberAccount(brand, memberId))
}

describe('points earned on seamless rounds', () => {
  it('for random rounds and a rate change midway, the book equals pointsFor per bet and reconciles', async () => {
    const first = await rates({ RNG: 10, LIVE: 5, FISH: 37, SPORTS: 0 }, new Date(Date.now() - 1000))
    let current = first
    const p = await playerOf('100000.00')
    let expected = 0n
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            type: fc.constantFrom(...types),
            stake: fc.bigInt({ min: 1n, max: 500_000n }),
            winPercent: fc.integer({ min: 0, max: 300 }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.boolean(),
        async (rounds, changeRate) => {
          if (changeRate) {
            current = await rates({
              RNG: current.rates.RNG === 10 ? 25 : 10,
              LIVE: 5,
              FISH: 37,
              SPORTS: current.rates.SPORTS === 0 ? 3 : 0,
            })
          }
          for (const r of rounds) {
            const bet = await round(p, r.type, r.stake, (r.stake * BigInt(r.winPercent)) / 100n)
            const rate = current.rates[r.type] ?? 0
            const want = pointsFor(bet.validBet, rate, 2)
            const earns = await earnOf(bet.id)
            if (want === 0n) expect(earns).toEqual([])
            else {
              expect(earns).toHaveLength(1)
              expect(earns[0]).toMatchObject({
                type: 'EARN',
                memberId: p.id,
                reference: `bet:${bet.id}`,
                basis: bet.validBet,
                rate,
                amount: want,
                configId: current.id,
              })
            }
            expected += want
          }
          expect(await pointsOfMember(p.id)).toBe(expected)
        },
      ),
      { numRuns: 25 },
    )
    const report = await reconcile(server.db)
    expect(report.points.earnDrift).toEqual([])
    expect(report.ok).toBe(true)
  })

  it('earns nothing while the round is open, and on its closing credit once', async () => {
    await rates({ RNG: 100 })
    const p = await playerOf('50.00')
    const gameId = gameOf.get('RNG') ?? ''
    const player = await p.token(gameId)
    const roundId = vendorTxId('r')
    await wallet.call('debit', { player, txId: vendorTxId(), roundId, gameId, amount: '1234' })
    await wallet.call('credit', {
      player,
      txId: vendorTxId(),
      roundId,
      gameId,
      amount: '100',
      roundClosed: false,
    })
    expect(await pointsOfMember(p.id)).toBe(0n)
    const closing = { player, txId: vendorTxId(), roundId, gameId, amount: '0' }
    await wallet.call('credit', closing)
    // 12.34 at 1 point per 1.00: 12.34 points.
    expect(await pointsOfMember(p.id)).toBe(1234n)
    // The vendor's retry of the closing credit replays its answer and earns nothing more.
    expect((await wallet.call('credit', closing)).ok).toBe(true)
    expect(await pointsOfMember(p.id)).toBe(1234n)
    expect(await runOps(server, 'points', 'balance', p.username)).toBe(`${p.username}: 12.34 points`)
    // The points details name the round's game.
    const [bet] = await server.db.select().from(betRecords).where(eq(betRecords.betNo, roundId))
    const details = await plainCall(server, 'GET', `${recordEndpoints.movements.path}?book=points`, {
      token: p.session,
    }).then((r) => valueOf(r, (v) => recordEndpoints.movements.response.parse(v)))
    expect(details.list.map((m) => [m.type, m.amount, m.memo])).toEqual([['EARN', '12.34', bet?.gameName]])
    expect(bet?.gameName).toBeTruthy()
  })

  it('never lets a bet earn twice: a second earn of the same bet fails whole', async () => {
    await rates({ RNG: 100 })
    const p = await playerOf('10.00')
    const bet = await round(p, 'RNG', 500n, 0n)
    const [earn] = await earnOf(bet.id)
    expect(earn).toBeDefined()
    const earnByHand = await handEarner(p.id)
    const refused: unknown = await server.db
      .transaction((tx) =>
        earnByHand(tx, 500n, earn?.configId ?? 0, [
          { betRecordId: bet.id, basis: bet.validBet, rate: 100, amount: 500n },
        ]),
      )
      .catch((e: unknown) => e)
    // The bet's row exists: the database refuses a second one (a unique violation).
    expect(refused instanceof Error ? refused.cause : undefined).toMatchObject({ code: '23505' })
    expect(await pointsOfMember(p.id)).toBe(500n)
    expect(await earnOf(bet.id)).toHaveLength(1)
  })

  it('reconcile names an earn whose points are not the sum of its bets’', async () => {
    const version = await rates({ RNG: 100 })
    const p = await playerOf('10.00')
    const bet = await round(p, 'RNG', 500n, 0n)
    const earnByHand = await handEarner(p.id)
    // A hand-settled bet earned 6.00 points where its 5.00 at 1 point per 1.00 gives 5.00;
    // looked at inside a transaction that is then undone, so the books stay clean.
    const undone = new Error('undone')
    const seen = server.db.transaction(async (tx) => {
      const [hand] = await tx
        .insert(betRecords)
        .values({ ...bet, id: undefined, betNo: vendorTxId('hand'), settledTime: new Date() })
        .returning({ id: betRecords.id })
      const { transactionId } = await earnByHand(tx, 600n, version.id, [
        { betRecordId: hand?.id ?? 0, basis: bet.validBet, rate: 100, amount: 500n },
      ])
      expect((await reconcilePoints(tx)).earnDrift).toEqual([
        { betRecordId: null, problem: `earn ${transactionId} is 600 centipoints, its bets 500` },
      ])
      // The table keeps no foreign keys (the earn's cost): reconcile checks what they would.
      const ghost = 2_000_000_000
      await tx.execute(sql`
        insert into point_earn_bets (bet_record_id, transaction_id, basis, rate, amount)
        values (${ghost}, ${transactionId}, 100, 100, 100)`)
      expect((await reconcilePoints(tx)).earnDrift).toContainEqual({
        betRecordId: ghost,
        problem: `earn ${transactionId} names bet ${ghost}, which does not exist`,
      })
      throw undone
    })
    await expect(seen).rejects.toBe(undone)
    expect((await reconcile(server.db)).points.earnDrift).toEqual([])
  })

  it('gives a trial (guest) account nothing, and reconcile expects nothing of it', async () => {
    await rates({ RNG: 100 })
    const p = await playerOf('10.00')
    const gameId = gameOf.get('RNG') ?? ''
    await p.token(gameId)
    await server.db.update(members).set({ type: 4 }).where(eq(members.id, p.id))
    const bet = await round(p, 'RNG', 500n, 0n)
    expect(bet.status).toBe('SETTLED')
    expect(await earnOf(bet.id)).toEqual([])
    expect(await pointsOfMember(p.id)).toBe(0n)
    expect((await reconcile(server.db)).points.earnDrift).toEqual([])
  })

  it('earns nothing while points are off, and the operator turns them on and off', async () => {
    const off = await runOps(server, 'points', 'config', 'off')
    expect(off).toMatch(/^points off \(version \d+, since /)
    const p = await playerOf('10.00')
    const bet = await round(p, 'RNG', 500n, 0n)
    expect(await earnOf(bet.id)).toEqual([])
    expect(await runOps(server, 'points', 'config', 'on')).toMatch(/^points on/)
    const later = await round(p, 'RNG', 500n, 0n)
    expect(await earnOf(later.id)).toHaveLength(1)
    expect((await reconcile(server.db)).ok).toBe(true)
  })

  it('reconcile names a settled bet whose earn is missing', async () => {
    await rates({ RNG: 100 })
    const p = await playerOf('10.00')
    const bet = await round(p, 'RNG', 500n, 0n)
    // A settling path that forgot to earn: a bet settled by hand.
    const [open] = await server.db
      .insert(betRecords)
      .values({ ...bet, id: undefined, betNo: vendorTxId('hand'), settledTime: new Date() })
      .returning({ id: betRecords.id })
    try {
      const report = await reconcile(server.db)
      expect(report.points.earnDrift).toEqual([
        { betRecordId: open?.id, problem: `settled bet ${open?.id} has no earn` },
      ])
      await expect(runOps(server, 'reconcile')).rejects.toThrow(/points earned: settled bet \d+ has no earn/)
    } finally {
      await server.db.execute(sql`delete from bet_records where id = ${open?.id ?? 0}`)
    }
  })

  it('never settles a real member’s bet without its earn: an unprepared member fails the earn until added', async () => {
    await rates({ RNG: 100 })
    const p = await playerOf('10.00')
    const bet = await round(p, 'RNG', 500n, 0n)
    const earner = pointsEarnerOf(server.db)
    const empty = await earner.prepare(brand, [])
    const item = { betRecordId: bet.id, memberId: p.id, productType: 'RNG', validBet: 700n }
    const source = { reference: `bet:${bet.id}`, memo: null }
    await expect(
      server.db.transaction((tx) =>
        earner.earn(tx, empty, { code: brand, currencyDecimals: 2 }, [item], new Date(), source),
      ),
    ).rejects.toThrow(/was not prepared/)
    // A guest named to the earner is passed by; a member added inside the transaction earns.
    const guest = await earner.prepare(brand, [{ id: p.id, type: 4 }])
    const none = await server.db.transaction((tx) =>
      earner.earn(tx, guest, { code: brand, currencyDecimals: 2 }, [item], new Date(), source),
    )
    expect(none).toBe(0n)
    const setup = await server.db.transaction(async (tx) => {
      const added = await earner.extend(tx, empty, brand, async () => [{ id: p.id, type: 0 }])
      expect(added.accounts.has(p.id)).toBe(true)
      expect(added.shards).toHaveLength(8)
      return added
    })
    expect(setup.accounts.get(p.id)).toBeDefined()
  })
})
