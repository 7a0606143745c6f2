/**
 * Promotions (issue 35's figures) on PostgreSQL, in a database of its own made from the
 * server's `postgres` database (BENCH_DATABASE_URL's server) and dropped afterwards.
 *
 * - The daily rebate: BENCH_PROMOTIONS_MEMBERS members (default 100,000) each with settled
 *   bets of three game types yesterday in the brand's zone (written as bets, so the database's
 *   triggers keep the figures per day and game type); the demo's rebate paid as the job pays
 *   it (server/promotions/rebate-service.ts `payDue`), its dry run first (the grouped read),
 *   members/s, then the promotions' and the ledger's reconcile.
 * - The claim: 50 members at once tap the daily login reward, BENCH_PROMOTIONS_ROUNDS rounds
 *   (default 20) of 50 other members each; each claim's time through the promotion service
 *   (one transaction: the claim row, the ledger movement, the answer), p50 and p99.
 * - The available-promotions read of one member (the list with its states), p50 and p99.
 * Through the service, not HTTP: the endpoints add the same routing as every other call.
 */
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { instantAtWall } from '#server/contracts/periods'
import { seedDemoBrand } from '#server/db/seed'
import { createLedger } from '#server/money/ledger'
import { reconcile } from '#server/money/ledger-reconcile'
import { createMoneySettings } from '#server/money/settings'
import { sweptNotices } from '#server/notify/notices'
import { openDatabase, rowsOf, type Db } from '#server/plugins/external/db'
import { previousPeriod } from '#server/promotions/engine'
import { noTurnover } from '#server/promotions/promotion-core'
import { createPromotionRepository } from '#server/promotions/promotions-repository'
import { createPromotionService } from '#server/promotions/promotions-service'
import { rebateServiceOf } from '#server/promotions/rebate-service'
import { reconcilePromotions } from '#server/promotions/reconcile'
import { createSystemRepository } from '#server/system/system-repository'
import { num } from '../lib/format'
import { maintenanceUrl, pgReachable, withScratchPg } from '../lib/pg'
import { round } from '../lib/stats'
import type { BenchSection, SectionResult, SummaryRow } from '../lib/types'

const envNumber = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a number`)
  return Math.floor(v)
}

const size = {
  members: envNumber('BENCH_PROMOTIONS_MEMBERS', 100_000),
  rounds: envNumber('BENCH_PROMOTIONS_ROUNDS', 20),
  claimers: 50,
  reads: envNumber('BENCH_PROMOTIONS_READS', 500),
}
const merchant = 'DEMO'
const gameTypes = ['RNG', 'LIVE', 'SPORTS'] as const
const loadNow = () => os.loadavg()[0]?.toFixed(2) ?? '?'

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0
}

export const section: BenchSection = {
  name: 'promotions',
  title: `Promotions: the daily rebate job for ${num(size.members)} members, claims by 50 members at once and the available list, on PostgreSQL`,
  order: 67,
  async run(ctx): Promise<SectionResult> {
    if (!(await pgReachable(maintenanceUrl()))) {
      ctx.log('PostgreSQL not reachable (BENCH_DATABASE_URL): skipped')
      return {
        figures: { skipped: true },
        summary: [{ metric: 'promotions', value: 'skipped', note: 'no PostgreSQL' }],
      }
    }
    return withScratchPg('bench_promotions', async (url) => {
      const database = await openDatabase({ databaseUrl: url, poolMax: 60 })
      try {
        return await measure(ctx.log, database.db, database.migrate)
      } finally {
        await database.close()
      }
    })
  },
}

async function measure(
  log: (line?: string) => void,
  db: Db,
  migrate: () => Promise<void>,
): Promise<SectionResult> {
  const summary: SummaryRow[] = []
  await migrate()
  await seedDemoBrand(db, merchant, async () => 'not-a-password-hash')
  const settings = createMoneySettings(db, createSystemRepository(db), 60_000)
  const m = await settings.merchant(merchant)
  const at = new Date()
  const yesterday = previousPeriod('daily', m.timeZone, at).from
  const noon = instantAtWall(m.timeZone, `${yesterday}T12`)?.toISOString() ?? ''
  const joined = new Date(at.getTime() - 30 * 86_400_000).toISOString()
  const claimersTotal = size.rounds * size.claimers

  // ── Set-up: members, their wallets, a day of bets of three game types each ──
  log(
    `set-up: ${num(size.members)} members with bets of ${gameTypes.length} game types on ${yesterday} (load ${loadNow()})`,
  )
  const t0 = performance.now()
  await db.execute(sql`
    insert into members (merchant_code, username, account, password_hash, nickname, type, created_at)
    select ${merchant}, 'rb' || g, 'rb' || g, 'x', 'rb' || g, 0, ${joined}::timestamptz
    from generate_series(1, ${size.members + claimersTotal}::int) g`)
  await db.execute(sql`
    insert into ledger_accounts (merchant_code, code, member_id, account_type_id, allow_negative)
    select ${merchant}, 'member:' || id || ':2', id, 2, false from members
    where merchant_code = ${merchant} and username like 'rb%'
    on conflict do nothing`)
  const chunk = 20_000
  for (let i = 0; i < size.members; i += chunk) {
    await db.execute(sql`
      insert into bet_records (merchant_code, member_id, bet_no, product_type, account_type_id, vendor_name, game_name,
                               bet_amount, valid_bet, payout, status, bet_time, settled_time)
      select ${merchant}, mb.id, 'rb-' || mb.id || '-' || t.type, t.type, 2, 'bench', 'bench',
             1000 + (mb.id % 997) * 13, 1000 + (mb.id % 997) * 13, (mb.id % 7) * 200, 'SETTLED',
             ${noon}::timestamptz, ${noon}::timestamptz
      from (select id from members where merchant_code = ${merchant} and username like 'rb%'
            order by id offset ${i} limit ${Math.min(chunk, size.members - i)}) mb
      cross join unnest(${`{${gameTypes.join(',')}}`}::text[]) as t(type)`)
  }
  await db.execute(sql`
    update promotions set starts_at = ${new Date(at.getTime() - 3 * 86_400_000).toISOString()}::timestamptz
    where merchant_code = ${merchant} and template in ('rebate', 'dailyLogin')`)
  await db.execute(sql`analyze`)
  const setupS = (performance.now() - t0) / 1000
  log(`  set-up ${setupS.toFixed(1)} s`)

  // ── The daily rebate ──
  const rebates = rebateServiceOf({ db, ledger: createLedger(db), notices: sweptNotices, now: () => at })
  const [rebate] = rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from promotions where merchant_code = ${merchant} and template = 'rebate'`,
    ),
  )
  const t1 = performance.now()
  const dry = await rebates.runFor(m, rebate?.id ?? 0, yesterday, true)
  const dryS = (performance.now() - t1) / 1000
  const owed = 'result' in dry && dry.result ? dry.result.owed.length : 0
  const loadBefore = loadNow()
  const t2 = performance.now()
  const done = await rebates.payDue()
  const payS = (performance.now() - t2) / 1000
  const written = done.reduce((s, p) => s + p.written, 0)
  const paid = done.reduce((s, p) => s + p.paid, 0n)
  const rate = Math.round(written / payS)
  log(
    `daily rebate: ${num(written)} members credited ${paid} in ${payS.toFixed(1)} s (${num(rate)} members/s; ` +
      `the dry run's read of ${num(owed)} members ${dryS.toFixed(1)} s; load ${loadBefore} -> ${loadNow()})`,
  )
  const t3 = performance.now()
  const again = await rebates.payDue()
  const againS = (performance.now() - t3) / 1000
  log(`  a second run: ${again.reduce((s, p) => s + p.written, 0)} credited, ${againS.toFixed(1)} s`)
  const t4 = performance.now()
  const recP = await reconcilePromotions(db, merchant)
  const recPS = (performance.now() - t4) / 1000
  const t5 = performance.now()
  const recL = await reconcile(db)
  const recLS = (performance.now() - t5) / 1000
  log(
    `  reconcile: promotions ${recP.ok ? 'clean' : `NOT CLEAN ${recP.mismatches.join('; ')}`} (${recP.claims} claims) ` +
      `${recPS.toFixed(1)} s; ledger ${recL.ok ? 'clean' : 'NOT CLEAN'} ${recLS.toFixed(1)} s`,
  )
  summary.push({
    metric: `daily rebate, ${num(written)} members`,
    value: `${payS.toFixed(1)} s`,
    note: `${num(rate)} members/s; reconcile ${recP.ok && recL.ok ? 'clean' : 'NOT CLEAN'}`,
  })

  // ── The claim under 50 members at once, and the available list ──
  const promotions = createPromotionService({
    db,
    repo: createPromotionRepository(db),
    ledger: createLedger(db),
    notices: sweptNotices,
    turnover: noTurnover,
    now: () => new Date(),
  })
  const [login] = rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from promotions where merchant_code = ${merchant} and template = 'dailyLogin'`,
    ),
  )
  const claimers = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from members where merchant_code = ${merchant} and username like 'rb%'
      order by id desc limit ${claimersTotal}`),
  ).map((r) => Number(r.id))
  const claimMs: number[] = []
  let refused = 0
  const t6 = performance.now()
  for (let r = 0; r < size.rounds; r++) {
    await Promise.all(
      claimers.slice(r * size.claimers, (r + 1) * size.claimers).map(async (id) => {
        const t = performance.now()
        await promotions
          .claim(m, id, 'en', login?.id ?? 0, (w) => db.transaction(w))
          .catch(() => {
            refused += 1
          })
        claimMs.push(performance.now() - t)
      }),
    )
  }
  const claimS = (performance.now() - t6) / 1000
  log(
    `claims: ${num(claimMs.length)} daily-login claims, 50 at once, ${size.rounds} rounds: p50 ${pct(claimMs, 50).toFixed(1)} ms, ` +
      `p99 ${pct(claimMs, 99).toFixed(1)} ms, ${Math.round(claimMs.length / claimS)} claims/s, ${refused} refused (load ${loadNow()})`,
  )
  const readMs: number[] = []
  const reader = claimers[0] ?? 0
  for (let i = 0; i < size.reads; i++) {
    const t = performance.now()
    await promotions.list(m, reader, 'en')
    readMs.push(performance.now() - t)
  }
  log(
    `available list for a member: ${size.reads} reads, p50 ${pct(readMs, 50).toFixed(1)} ms, p99 ${pct(readMs, 99).toFixed(1)} ms`,
  )
  summary.push(
    {
      metric: 'claim p99, 50 at once',
      value: `${pct(claimMs, 99).toFixed(1)} ms`,
      note: `p50 ${pct(claimMs, 50).toFixed(1)} ms`,
    },
    {
      metric: 'available list p99',
      value: `${pct(readMs, 99).toFixed(1)} ms`,
      note: `p50 ${pct(readMs, 50).toFixed(1)} ms`,
    },
  )
  return {
    figures: {
      members: size.members,
      setupSeconds: round(setupS, 1),
      rebate: {
        members: written,
        paid: paid.toString(),
        seconds: round(payS, 2),
        membersPerSecond: rate,
        dryRunReadSeconds: round(dryS, 2),
        secondRunSeconds: round(againS, 2),
        reconcilePromotionsSeconds: round(recPS, 2),
        ledgerReconcileSeconds: round(recLS, 2),
        reconciles: recP.ok && recL.ok,
      },
      claims: {
        count: claimMs.length,
        concurrent: size.claimers,
        refused,
        p50Ms: round(pct(claimMs, 50), 1),
        p99Ms: round(pct(claimMs, 99), 1),
      },
      list: { reads: size.reads, p50Ms: round(pct(readMs, 50), 1), p99Ms: round(pct(readMs, 99), 1) },
      cores: os.cpus().length,
    },
    summary,
  }
}
