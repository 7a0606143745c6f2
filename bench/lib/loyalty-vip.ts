/**
 * The VIP monthly job's figure for the loyalty section (decision 030, sections 5 and 10): on
 * an open, empty PostgreSQL database, the demo brand (its VIP levels) and `members` members,
 * every one at rank 2 to 4 since an upgrade before the month, each with a day row of
 * member_daily_stats for every day of the month (written in bulk with SQL, as the triggers
 * would have kept them). Most keep their level, some drop, a few are raised by their month's
 * total (paying the level-up bonus through the ledger).
 *
 * Timed: the evaluation of that month (server/loyalty/vip/evaluate.ts, through
 * vipServicesOf(db).evaluation, as the job and `ops vip evaluate` run it), then a second run
 * of the same month, which must write nothing (no change, no posting). Then the books are
 * reconciled. Goal: under 2 minutes for 100,000 members.
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { seedDemoBrand } from '#server/db/seed'
import { monthPeriod } from '#server/loyalty/vip/evaluate'
import { vipServicesOf } from '#server/loyalty/vip/service-of'
import { reconcile } from '#server/money/ledger-reconcile'
import { rowsOf, type Database } from '#server/plugins/external/db'
import { reconcilePromotions } from '#server/promotions/reconcile'
import { merchantByCode } from '#server/system/brands-repository'
import { num } from './format'
import { round } from './stats'
import type { Json } from './types'

const merchant = 'DEMO'
/** The evaluated month, closed at the evaluation's clock. */
const month = '2026-10'
const days = 31
const clock = () => new Date('2026-11-02T12:00:00Z')
const chunk = 20_000

export interface VipFigures {
  [key: string]: Json
  members: number
  dayRows: number
  setupSeconds: number
  seconds: number
  decided: number
  changes: { up: number; down: number }
  membersPerSecond: number
  secondRunSeconds: number
  secondRunDecided: number
  secondRunWrites: number
  reconciles: boolean
}

async function count(database: Database, table: string): Promise<number> {
  const [r] = rowsOf<{ n: string }>(
    await database.db.execute(sql.raw(`select count(*)::text as n from ${table}`)),
  )
  return Number(r?.n ?? 0)
}

/** What a run could write: level changes, months marked, ledger movements, notices. */
async function writes(database: Database): Promise<number> {
  let n = 0
  for (const t of [
    'member_vip_changes',
    'ledger_transactions',
    'point_transactions',
    'promotion_claims',
    'fund_notices',
  ]) {
    n += await count(database, t)
  }
  const [marked] = rowsOf<{ n: string }>(
    await database.db.execute(
      sql`select count(*)::text as n from member_vip where evaluated_period = ${month}`,
    ),
  )
  return n + Number(marked?.n ?? 0)
}

export async function measureVip(
  database: Database,
  members: number,
  log: (line?: string) => void,
): Promise<VipFigures> {
  const db = database.db
  await database.migrate()
  await seedDemoBrand(db, merchant, async () => 'not-a-password-hash')
  const brand = await merchantByCode(db, merchant)
  if (!brand) throw new Error('no demo brand')
  const p = monthPeriod(brand.timeZone, month)
  if (!p) throw new Error('no month')

  const t0 = performance.now()
  const joined = '2026-06-01T00:00:00Z'
  await db.execute(sql`
    insert into members (merchant_code, username, account, password_hash, nickname, type, created_at)
    select ${merchant}, 'vb' || g, 'vb' || g, 'x', 'vb' || g, 0, ${joined}::timestamptz
    from generate_series(1, ${members}::int) g`)
  // Rank 2 to 4, reached by an upgrade in August.
  await db.execute(sql`
    insert into member_vip (member_id, merchant_code, rank, since)
    select id, ${merchant}, 2 + id % 3, '2026-08-01T12:00:00Z'::timestamptz
    from members where merchant_code = ${merchant} and username like 'vb%'`)
  await db.execute(sql`
    insert into member_vip_changes (member_id, merchant_code, from_rank, to_rank, reason, at, by)
    select member_id, merchant_code, 1, rank, 'upgrade', since, 'system' from member_vip
    where merchant_code = ${merchant}`)
  // A day row each day of the month, in minor units: most members between 0 and 400.00 of
  // valid bets a day (keep or drop), one in fifty 8,000.00 a day and deposits (raised).
  const ids = rowsOf<{ lo: number; hi: number }>(
    await db.execute(sql`
      select min(id) as lo, max(id) as hi from members where merchant_code = ${merchant} and username like 'vb%'`),
  )[0]
  const lo = Number(ids?.lo ?? 0)
  const hi = Number(ids?.hi ?? -1)
  for (let from = lo; from <= hi; from += chunk) {
    await db.execute(sql`
      insert into member_daily_stats (member_id, merchant_code, day, valid_bet, deposits)
      select m.id, ${merchant}, (${`${month}-01`}::date + d)::date,
             case when m.id % 50 = 0 then 800000 else (m.id % 5) * 10000 + (d % 3) * 100 end,
             case when m.id % 50 = 0 then 100000 else 0 end
      from generate_series(${from}::int, ${Math.min(hi, from + chunk - 1)}::int) m(id)
      cross join generate_series(0, ${days - 1}) d`)
  }
  await db.execute(sql`analyze`)
  const dayRows = await count(database, 'member_daily_stats')
  const setupS = (performance.now() - t0) / 1000
  log(`  set-up: ${num(members)} members at rank ≥ 2, ${num(dayRows)} day rows, ${setupS.toFixed(1)} s`)

  const { evaluation } = vipServicesOf(db, { now: clock })
  const t1 = performance.now()
  const run = await evaluation.month(brand, p)
  const seconds = (performance.now() - t1) / 1000
  const up = run.changes.filter((c) => c.toRank > c.fromRank).length
  const down = run.changes.filter((c) => c.toRank < c.fromRank).length
  log(
    `  evaluation of ${month}: ${num(run.decided)} members decided in ${seconds.toFixed(1)} s ` +
      `(${num(Math.round(run.decided / seconds))} members/s): ${num(up)} raised, ${num(down)} lowered`,
  )

  const before = await writes(database)
  const t2 = performance.now()
  const again = await vipServicesOf(db, { now: clock }).evaluation.month(brand, p)
  const secondS = (performance.now() - t2) / 1000
  const wrote = (await writes(database)) - before + again.changes.length
  log(
    `  a second run: ${num(again.decided)} decided, ${again.changes.length} changes, ${wrote} rows written, ${secondS.toFixed(2)} s`,
  )

  // The day rows were written without the bets and deposits behind them, so the reconcile's
  // check of the kept figures (statsDrift) names the bench's members: only those are expected.
  const books = await reconcile(db)
  const promotions = await reconcilePromotions(db, merchant)
  const benchIds = new Set(
    rowsOf<{ id: number }>(
      await db.execute(sql`select id from members where merchant_code = ${merchant} and username like 'vb%'`),
    ).map((r) => Number(r.id)),
  )
  const otherDrift = books.statsDrift.filter((d) => !benchIds.has(d.memberId))
  const moneyOk =
    books.balanceDrift.length === 0 &&
    books.unbalancedTransactions.length === 0 &&
    books.negativeWallets.length === 0 &&
    books.brandTotals.every((t) => BigInt(t.total) === 0n)
  const reconciles = moneyOk && books.points.ok && promotions.ok && otherDrift.length === 0
  log(
    `  books (money, points, promotions) ${reconciles ? 'reconcile' : 'DO NOT RECONCILE'}` +
      ` (the bench's own day rows, written without their bets, set aside: ${num(books.statsDrift.length - otherDrift.length)} figures)`,
  )
  return {
    members,
    dayRows,
    setupSeconds: round(setupS, 1),
    seconds: round(seconds, 2),
    decided: run.decided,
    changes: { up, down },
    membersPerSecond: Math.round(run.decided / seconds),
    secondRunSeconds: round(secondS, 2),
    secondRunDecided: again.decided,
    secondRunWrites: wrote,
    reconciles,
  }
}
