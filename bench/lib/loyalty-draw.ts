/**
 * The lottery draw with and without points for the loyalty section (decision 030, section
 * 10): on an open, empty database, the demo brand, `bets` bets of one issue of the 1-minute
 * e-lottery from 200 members, written as placing writes them (bets, bet records, one BET
 * movement per member through the ledger, as bench/sections/lottery.ts does), then the draw
 * timed (server/lottery: every bet evaluated, the winners credited once, and with points on
 * every settled bet's points earned in the same transaction). Points on gives the brand
 * point settings of 0.2 point per 1.00 on e-lottery before the bets; off gives none.
 * Money and points are reconciled after each draw, and the lottery's books.
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { members } from '#server/db/schema'
import { seedDemoBrand } from '#server/db/seed'
import { createLotteryEngine } from '#server/lottery/engine'
import { slotAt } from '#server/lottery/issues'
import { reconcileLottery } from '#server/lottery/reconcile'
import { selectionText, type Selection } from '#server/lottery/rules'
import { pointsEarnerOf } from '#server/loyalty/points/earn'
import { writeVersion } from '#server/loyalty/points/point-config'
import { createLedger } from '#server/money/ledger'
import { reconcile } from '#server/money/ledger-reconcile'
import { rowsOf, type Database } from '#server/plugins/external/db'
import { round } from './stats'
import type { Json } from './types'

const merchant = 'DEMO'
const memberCount = 200
const chunk = 10_000

export interface DrawRun {
  [key: string]: Json
  points: boolean
  bets: number
  winners: number
  seconds: number
  /** Of `seconds`, the time in the points earner (prepare, extend, earn). */
  pointsSeconds: number
  betsPerSecond: number
  /** Point transactions the draw wrote (0 without points). */
  pointTransactions: number
  reconciles: boolean
}

type Line = { betType: 'POS_DIGIT' | 'BIG_SMALL' | 'ODD_EVEN'; selection: Selection; oddsMilli: number }

function lineOf(i: number): Line {
  switch (i % 3) {
    case 0:
      return { betType: 'POS_DIGIT', selection: { position: (i % 5) + 1, digits: [i % 10] }, oddsMilli: 9800 }
    case 1:
      return { betType: 'BIG_SMALL', selection: { pick: i % 2 ? 'BIG' : 'SMALL' }, oddsMilli: 1960 }
    default:
      return { betType: 'ODD_EVEN', selection: { pick: i % 2 ? 'ODD' : 'EVEN' }, oddsMilli: 1960 }
  }
}

const arrayOf = (xs: (string | number)[]) =>
  `{${xs.map((x) => `"${String(x).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`

export async function measureDraw(database: Database, points: boolean, betCount: number): Promise<DrawRun> {
  const db = database.db
  await database.migrate()
  await seedDemoBrand(db, merchant, async () => 'not-a-password-hash')
  const ledger = createLedger(db)
  const at = new Date(Date.UTC(2026, 0, 5, 3, 0, 20))
  if (points) {
    await writeVersion(
      db,
      merchant,
      { enabled: true, rates: { ELOTT: 20, LOTT: 20 }, conversions: [] },
      new Date(at.getTime() - 86_400_000),
    )
  }
  // The earner's own time inside the draw (its reads before the transaction and its
  // statements inside it): the draw's cost of points, free of the host's run-to-run noise.
  const earner = pointsEarnerOf(db)
  let pointsMs = 0
  const timed =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      const t = performance.now()
      try {
        return await f(...a)
      } finally {
        pointsMs += performance.now() - t
      }
    }
  const measured = {
    prepare: timed(earner.prepare),
    extend: timed(earner.extend),
    earn: timed(earner.earn),
  }
  const engine = createLotteryEngine({ db, ledger, points: measured, now: () => at })
  const game = await engine.games.byCode(merchant, 'E5D1')
  if (!game) throw new Error('the demo brand has no E5D1')
  const slot = slotAt(game.schedule, at)
  const issue = await engine.keeper.issueOf(game, slot)
  if (!issue) throw new Error('no issue made')

  const rows = await db
    .insert(members)
    .values(
      Array.from({ length: memberCount }, (_, i) => ({
        merchantCode: merchant,
        username: `ld${i}`,
        account: `ld${i}`,
        nickname: `ld${i}`,
        passwordHash: 'x',
      })),
    )
    .returning({ id: members.id })
  const wallets = new Map<number, number>()
  for (const m of rows) wallets.set(m.id, await ledger.memberAccount(merchant, m.id))
  const house = await ledger.houseAccount(merchant, 'adjustments')
  const lotteryHouse = await ledger.houseAccount(merchant, 'lottery')
  const perMember = BigInt(Math.ceil(betCount / memberCount)) * 100n
  await db.transaction((tx) =>
    ledger.postBatch(tx, {
      merchantCode: merchant,
      type: 'ADJUSTMENT',
      actor: 'operator',
      at,
      counterAccountId: house,
      items: rows.map((m) => ({
        accountId: wallets.get(m.id) ?? 0,
        memberId: m.id,
        amount: perMember,
        reference: null,
        memo: 'bench float',
      })),
    }),
  )
  const stakes = new Map<number, bigint>()
  for (let from = 0; from < betCount; from += chunk) {
    const n = Math.min(chunk, betCount - from)
    const memberIds: number[] = []
    const types: string[] = []
    const selections: string[] = []
    const texts: string[] = []
    const odds: number[] = []
    for (let k = 0; k < n; k++) {
      const i = from + k
      const m = rows[i % memberCount]?.id ?? 0
      const l = lineOf(i)
      memberIds.push(m)
      types.push(l.betType)
      selections.push(JSON.stringify(l.selection))
      texts.push(selectionText(l.betType, l.selection))
      odds.push(l.oddsMilli)
      stakes.set(m, (stakes.get(m) ?? 0n) + 100n)
    }
    await db.execute(sql`
      with d as (
        select * from unnest(${arrayOf(memberIds)}::int[], ${arrayOf(types)}::text[], ${arrayOf(selections)}::jsonb[],
                             ${arrayOf(texts)}::text[], ${arrayOf(odds)}::int[])
          as d(member_id, bet_type, selection, selection_text, odds_milli)
      ), b as (
        insert into lottery_bets (order_id, merchant_code, member_id, game_id, issue_id, numero, bet_type,
                                  selection, selection_text, stake, units, amount, odds_milli, bet_time)
        select 'bench', ${merchant}, member_id, ${game.row.id}, ${issue.id}, ${issue.numero}, bet_type,
               selection, selection_text, 100, 1, 100, odds_milli, ${at.toISOString()}::timestamptz
        from d
        returning id, member_id, amount
      )
      insert into bet_records (merchant_code, member_id, bet_no, product_type, account_type_id, vendor_name,
                               game_name, game_code, vassalage, bet_amount, valid_bet, payout, status, bet_time)
      select ${merchant}, member_id, id::text, 'ELOTT', 2, 'Speed 5D 1 min', 'Speed 5D 1 min', 'E5D1', 'LOTTERY',
             amount, 0, 0, 'UNSETTLED', ${at.toISOString()}::timestamptz
      from b`)
  }
  await db.transaction((tx) =>
    ledger.postBatch(tx, {
      merchantCode: merchant,
      type: 'BET',
      actor: 'member',
      at,
      counterAccountId: lotteryHouse,
      items: [...stakes].map(([memberId, amount]) => ({
        accountId: wallets.get(memberId) ?? 0,
        memberId,
        amount: -amount,
        reference: null,
        memo: 'bench bets',
      })),
    }),
  )
  await db.execute(sql`analyze`)

  const pointsBefore = await pointTransactions(database)
  pointsMs = 0
  const t0 = performance.now()
  const outcome = await engine.settlement.draw(issue.id, new Date(slot.closeAt))
  const seconds = (performance.now() - t0) / 1000
  if (outcome.state !== 'drawn') throw new Error(`the draw did not run: ${outcome.state}`)
  const earned = (await pointTransactions(database)) - pointsBefore
  if (points && earned === 0) throw new Error('the draw with point settings earned no points')
  const books = await reconcile(db)
  const lottery = await reconcileLottery(db, merchant, new Date(slot.closeAt + 1000))
  return {
    points,
    bets: outcome.bets,
    winners: outcome.winners,
    seconds: round(seconds, 3),
    pointsSeconds: round(pointsMs / 1000, 3),
    betsPerSecond: Math.round(outcome.bets / seconds),
    pointTransactions: earned,
    reconciles: books.ok && books.points.ok && lottery.ok,
  }
}

async function pointTransactions(database: Database): Promise<number> {
  const [r] = rowsOf<{ n: string }>(
    await database.db.execute(sql`select count(*)::text as n from point_transactions`),
  )
  return Number(r?.n ?? 0)
}
