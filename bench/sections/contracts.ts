/**
 * Agent contracts' settlement (decision 024, issue 34's figures) on PostgreSQL, in a database
 * of its own made from the server's `postgres` database (BENCH_DATABASE_URL's server) and
 * dropped afterwards, also when the section fails or is interrupted.
 *
 * The team, written with one statement per step through the real migrations' triggers
 * (member_tree, the daily and hourly figures): a tenth of the agent pairs are top agents with
 * a house contract, the rest sub-agents under them (round robin) with a contract from their
 * top agent, and the members spread over every agent. Each kind's contracts are accepted once
 * per pair, daily salary and real-time salary.
 *
 * Measured through the area's own code (server/contracts/settlement-service.ts and its
 * repository, the ledger's batch posting, server/contracts/reconcile.ts):
 * - daily salary: every member plays one round on the day; the day's settlement as the job
 *   runs it (`settleDue`), its dry run first (the reads: contracts in force and the teams'
 *   measures), payments/s, then reconcileContracts and the ledger's reconcile, timed;
 * - real-time salary: BENCH_CONTRACTS_BETS bets settled in one 5-minute window; the window's
 *   settlement, bets/s, and its time against the window's 300 s (it must finish within it).
 * The slowest read of each settlement is shown with EXPLAIN (ANALYZE, BUFFERS).
 *
 * Then a proposal, measured: the real-time read replayed with a larger work_mem for its
 * statement against the server's, BENCH_CONTRACTS_PROPOSAL_RUNS times each (default 3; 0 skips it).
 *
 * Sizes: BENCH_CONTRACTS_PAIRS (agent pairs holding a contract of each kind, default 10,000),
 * BENCH_CONTRACTS_MEMBERS (members under the agents, default 100,000), BENCH_CONTRACTS_BETS
 * (bets in the real-time window, default 1,000,000).
 */
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { ContractTerms } from '#contract/contracts'
import { mainAccountTypeId } from '#contract/wallet'
import { periodAt } from '#server/contracts/periods'
import { reconcileContracts } from '#server/contracts/reconcile'
import { createSettlementRepository } from '#server/contracts/settlement-repository'
import { createSettlementService, type PeriodSettlement } from '#server/contracts/settlement-service'
import { seedDemoBrand } from '#server/db/seed'
import { createLedger } from '#server/money/ledger'
import { reconcile } from '#server/money/ledger-reconcile'
import { createMoneySettings } from '#server/money/settings'
import { sweptNotices } from '#server/notify/notices'
import { openDatabase, rowsOf, type Db, type Tx } from '#server/plugins/external/db'
import { allMerchants } from '#server/system/brands-repository'
import { createSystemRepository } from '#server/system/system-repository'
import { insertRounds } from '../lib/agent-team'
import { num } from '../lib/format'
import { maintenanceUrl, pgReachable, withScratchPg } from '../lib/pg'
import { round } from '../lib/stats'
import type { BenchSection, Json, SectionResult, SummaryRow } from '../lib/types'

const envNumber = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a number`)
  return Math.floor(v)
}

const size = {
  pairs: envNumber('BENCH_CONTRACTS_PAIRS', 10_000),
  members: envNumber('BENCH_CONTRACTS_MEMBERS', 100_000),
  bets: envNumber('BENCH_CONTRACTS_BETS', 1_000_000),
}
const merchant = 'DEMO'
const windowSeconds = 300
const depositChunk = 5_000

const dailyTop: ContractTerms = {
  kind: 'dailySalary',
  tiers: [
    { from: 0, rate: 8_000 },
    { from: 1_000_000, rate: 10_000 },
  ],
}
const dailySub: ContractTerms = { kind: 'dailySalary', tiers: [{ from: 0, rate: 5_000 }] }
const realTimeTop: ContractTerms = {
  kind: 'realTimeSalary',
  tiers: [
    { from: 0, winRate: 1_000, lossRate: 5_000 },
    { from: 1_000, winRate: 2_000, lossRate: 8_000 },
  ],
}
const realTimeSub: ContractTerms = {
  kind: 'realTimeSalary',
  tiers: [{ from: 0, winRate: 500, lossRate: 2_500 }],
}

/** Thrown to roll a bench transaction back. */
const rolledBack = new Error('bench: rolled back')
const ignoreRollback = (err: unknown) => {
  if (err !== rolledBack) throw err
}

const loadNow = () => os.loadavg()[0]?.toFixed(2) ?? '?'

/** One statement's text, for the report: its first words, and long literal arrays cut short. */
const dialect = new PgDialect()
const shortText = (q: SQL) => dialect.sqlToQuery(q).sql.replace(/\s+/g, ' ').trim()
const cutArrays = (line: string) =>
  line.replace(/'\{[^']{60,}\}'/g, (a) => `'{… ${a.split(',').length} values}'`)

/**
 * A Db whose execute calls are timed and kept, also inside its transactions (the same
 * queries, observed; statements built with the query builder are not seen).
 */
function observed(db: Db) {
  const calls: { ms: number; query: SQL; inTx: boolean }[] = []
  const timed = (run: (q: SQL) => Promise<unknown>, inTx: boolean) => async (query: SQL) => {
    const t = performance.now()
    const r = await run(query)
    calls.push({ ms: performance.now() - t, query, inTx })
    return r
  }
  const wrapTx = (tx: Tx): Tx =>
    new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop === 'execute') return timed((q) => target.execute(q), true)
        return Reflect.get(target, prop, receiver) as unknown
      },
    })
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute') return timed((q) => target.execute(q), false)
      if (prop === 'transaction') {
        return <T>(fn: (tx: Tx) => Promise<T>) => target.transaction((tx) => fn(wrapTx(tx)))
      }
      return Reflect.get(target, prop, receiver) as unknown
    },
  })
  return { db: proxy, calls }
}

/** The observed statements' time by statement (its first 70 characters), largest first. */
function byStatement(calls: readonly { ms: number; query: SQL; inTx: boolean }[]) {
  const sums = new Map<string, { ms: number; n: number }>()
  for (const c of calls) {
    const key = `${c.inTx ? 'in tx: ' : ''}${shortText(c.query).slice(0, 70)}`
    const s = sums.get(key) ?? { ms: 0, n: 0 }
    s.ms += c.ms
    s.n += 1
    sums.set(key, s)
  }
  return [...sums]
    .map(([statement, s]) => ({ statement, seconds: round(s.ms / 1000, 2), calls: s.n }))
    .sort((a, b) => b.seconds - a.seconds)
}

export const section: BenchSection = {
  name: 'contracts',
  title: `Agent contracts: daily salary for ${num(size.pairs)} agent pairs over ${num(size.members)} members, real-time salary over ${num(size.bets)} bets in a 5-minute window, on PostgreSQL`,
  order: 66,
  async run(ctx): Promise<SectionResult> {
    if (!(await pgReachable(maintenanceUrl()))) {
      ctx.log('PostgreSQL not reachable (BENCH_DATABASE_URL): skipped')
      return {
        figures: { skipped: true },
        summary: [{ metric: 'contracts', value: 'skipped', note: 'no PostgreSQL' }],
      }
    }
    return withScratchPg('bench_contracts', async (url) => {
      const database = await openDatabase({ databaseUrl: url, poolMax: 4 })
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
  const tops = Math.max(1, Math.round(size.pairs / 10))
  const subs = size.pairs - tops
  // The day settled (yesterday in the brand's zone, as a fixed date) and the real-time window.
  const day = periodAt('day', m.timeZone, new Date('2026-11-28T05:00:00Z'))
  const window = periodAt('window', m.timeZone, new Date('2026-11-29T03:00:00Z'))

  // ── The team ──
  log(
    `set-up: ${num(tops)} top agents, ${num(subs)} sub-agents, ${num(size.members)} members, ` +
      `${num(size.members)} rounds on the day and ${num(size.bets)} bets in the window (load ${loadNow()})`,
  )
  const t0 = performance.now()
  const joined = `${new Date(day.start.getTime() - 30 * 86_400_000).toISOString()}`
  await db.execute(sql`
    insert into members (merchant_code, username, account, password_hash, nickname, type, created_at)
    select ${merchant}, 'ctop' || g, 'ctop' || g, 'x', 'ctop' || g, 1, ${joined}::timestamptz
    from generate_series(1, ${tops}::int) g`)
  await db.execute(sql`
    insert into members (merchant_code, username, account, password_hash, nickname, type, parent_id, created_at)
    select ${merchant}, 'csub' || g, 'csub' || g, 'x', 'csub' || g, 2, p.ids[1 + g % cardinality(p.ids)], ${joined}::timestamptz
    from generate_series(1, ${subs}::int) g,
         (select array_agg(id order by id) as ids from members where username ~ '^ctop[0-9]+$') p`)
  await db.execute(sql`
    insert into members (merchant_code, username, account, password_hash, nickname, type, parent_id, created_at)
    select ${merchant}, 'cm' || g, 'cm' || g, 'x', 'cm' || g, 0, p.ids[1 + g % cardinality(p.ids)], ${joined}::timestamptz
    from generate_series(1, ${size.members}::int) g,
         (select array_agg(id order by id) as ids from members where username ~ '^c(top|sub)[0-9]+$') p`)
  await db.execute(sql`
    create table bench_team as
    select (row_number() over (order by id) - 1)::int as n, id as member_id
    from members where username ~ '^cm[0-9]+$'`)
  await db.execute(sql`alter table bench_team add primary key (n)`)
  await db.execute(sql`
    insert into ledger_accounts (merchant_code, code, member_id, account_type_id, allow_negative)
    select ${merchant}, 'member:' || id || ':' || ${mainAccountTypeId}::int, id, ${mainAccountTypeId}::int, false
    from members where username ~ '^c(top|sub|m)[0-9]+$'
    on conflict do nothing`)
  const contracts = async (terms: ContractTerms, who: string, upline: SQL, at: Date) => {
    await db.execute(sql`
      insert into agent_contracts (merchant_code, kind, upline_id, downline_id, terms, status, offered_at,
                                   answered_at, created_by)
      select ${merchant}, ${terms.kind}, ${upline}, m.id, ${JSON.stringify(terms)}::jsonb, 'accepted',
             ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, 'bench'
      from members m where m.username ~ ${who}`)
  }
  await contracts(dailyTop, '^ctop[0-9]+$', sql`null::int`, day.start)
  await contracts(dailySub, '^csub[0-9]+$', sql`m.parent_id`, day.start)
  await contracts(realTimeTop, '^ctop[0-9]+$', sql`null::int`, window.start)
  await contracts(realTimeSub, '^csub[0-9]+$', sql`m.parent_id`, window.start)
  await db.execute(sql`analyze members, member_tree, ledger_accounts, bench_team, agent_contracts`)
  const teamS = (performance.now() - t0) / 1000
  // A ledger with a history, as a brand's is by the time its agents are paid: every member
  // deposits once, through the ledger's batch posting. (On a ledger of a few rows, PostgreSQL
  // plans the foreign-key checks of the payments' postings as scans of a tiny table and keeps
  // those plans while the settlement grows it: about 1 ms per check, three times slower in
  // all; see bench/HISTORY.md, 2026-11-29, contracts.)
  const tDeposits = performance.now()
  const ledger = createLedger(db)
  const depositsHouse = await ledger.houseAccount(merchant, 'deposits')
  for (let from = 0; from < size.members; from += depositChunk) {
    const rows = rowsOf<{ member_id: number; account_id: number }>(
      await db.execute(sql`
        select t.member_id, a.id as account_id from bench_team t
        join ledger_accounts a on a.member_id = t.member_id and a.account_type_id = ${mainAccountTypeId}::int
        where t.n >= ${from}::int and t.n < ${from + depositChunk}::int order by t.n`),
    )
    await db.transaction((tx) =>
      ledger.postBatch(tx, {
        merchantCode: merchant,
        type: 'DEPOSIT',
        actor: 'system',
        at: new Date(day.start.getTime() - 86_400_000),
        counterAccountId: depositsHouse,
        items: rows.map((r) => ({
          accountId: Number(r.account_id),
          memberId: Number(r.member_id),
          amount: 50_000n,
          reference: null,
          memo: 'bench deposit',
        })),
      }),
    )
  }
  const depositsS = (performance.now() - tDeposits) / 1000
  const t1 = performance.now()
  // Every member once on the day (7,919 is prime to the team's size unless it divides it).
  await insertRounds(db, {
    merchantCode: merchant,
    tag: 'DAY',
    start: new Date(day.start.getTime() + 3_600_000),
    seconds: 12 * 3_600,
    count: size.members,
    teamSize: size.members,
  })
  const dayRoundsS = (performance.now() - t1) / 1000
  const t2 = performance.now()
  // The window's bets: placed from 30 s before it, each settled 30 s after it was placed.
  await insertRounds(db, {
    merchantCode: merchant,
    tag: 'RT',
    start: new Date(window.start.getTime() - 30_000),
    seconds: windowSeconds,
    count: size.bets,
    teamSize: size.members,
  })
  const betsS = (performance.now() - t2) / 1000
  await db.execute(sql`vacuum analyze`)
  const [counts] = rowsOf<{ tree: string; bets: string; inWindow: string; db: string }>(
    await db.execute(sql`
      select (select count(*) from member_tree)::text as tree, (select count(*) from bet_records)::text as bets,
             (select count(*) from bet_records where status = 'SETTLED'
                and settled_time >= ${window.start.toISOString()}::timestamptz
                and settled_time < ${window.end.toISOString()}::timestamptz)::text as "inWindow",
             pg_size_pretty(pg_database_size(current_database())) as db`),
  )
  log(
    `set-up ${((performance.now() - t0) / 1000).toFixed(0)} s: team and contracts ${teamS.toFixed(1)} s, ${num(size.members)} deposits ${depositsS.toFixed(1)} s, the day's rounds ` +
      `${dayRoundsS.toFixed(1)} s, the window's bets ${betsS.toFixed(1)} s (${num(Math.round(size.bets / betsS))}/s with the triggers); ` +
      `member_tree ${num(Number(counts?.tree))} rows, bet_records ${num(Number(counts?.bets))} ` +
      `(${num(Number(counts?.inWindow))} in the window), database ${counts?.db}`,
  )

  let clock = new Date(day.end.getTime() + 30 * 60_000)
  const seen = observed(db)
  const service = createSettlementService({
    db: seen.db,
    ledger,
    repo: createSettlementRepository(seen.db),
    notices: sweptNotices,
    now: () => clock,
    merchants: () => allMerchants(db),
  })
  /** EXPLAIN (ANALYZE, BUFFERS) of the statement of the transactions that took longest in all, rolled back. */
  const explainSlowestWrite = async (what: string, split: ReturnType<typeof byStatement>) => {
    const top = split.find((x) => x.statement.startsWith('in tx: '))
    const call =
      top &&
      seen.calls.filter((c) => c.inTx && `in tx: ${shortText(c.query).slice(0, 70)}` === top.statement).at(-1)
    if (!call) return { ms: 0, plan: [] as string[] }
    let plan: string[] = []
    await db
      .transaction(async (tx) => {
        plan = rowsOf<{ 'QUERY PLAN': string }>(
          await tx.execute(sql`explain (analyze, buffers) ${call.query}`),
        ).map((r) => r['QUERY PLAN'])
        throw rolledBack
      })
      .catch(ignoreRollback)
    log(`  EXPLAIN (ANALYZE, BUFFERS) of the ${what}'s costliest write, its last chunk again (rolled back):`)
    for (const l of plan) log(`    ${cutArrays(l)}`)
    return { ms: Math.round(call.ms), plan }
  }
  const explainSlowest = async (what: string) => {
    const slowest = [...seen.calls].filter((c) => !c.inTx).sort((a, b) => b.ms - a.ms)[0]
    if (!slowest) return { ms: 0, plan: [] as string[] }
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await db.execute(sql`explain (analyze, buffers) ${slowest.query}`),
    ).map((r) => r['QUERY PLAN'])
    log(
      `  EXPLAIN (ANALYZE, BUFFERS) of the ${what}'s slowest read (${Math.round(slowest.ms)} ms in the run):`,
    )
    for (const l of plan) log(`    ${cutArrays(l)}`)
    return { ms: Math.round(slowest.ms), plan }
  }
  const written = (done: PeriodSettlement[]) => done.reduce((s, p) => s + p.written, 0)

  // ── Daily salary: the day's settlement ──
  const dailyLoad = loadNow()
  let t = performance.now()
  const dry = await service.settlePeriod(m, 'dailySalary', 'day', day, { dryRun: true })
  const dryS = (performance.now() - t) / 1000
  seen.calls.length = 0
  t = performance.now()
  const daily = await service.settleDue(['dailySalary'])
  const dailyS = (performance.now() - t) / 1000
  const dailyReadS = seen.calls.filter((c) => !c.inTx).reduce((s, c) => s + c.ms, 0) / 1000
  const dailySplit = byStatement(seen.calls)
  const dailyPaid = written(daily)
  const dailyRate = dailyPaid / dailyS
  log(
    `daily salary, one day of ${num(size.pairs)} pairs: ${num(dailyPaid)} payments in ${dailyS.toFixed(1)} s ` +
      `(${num(Math.round(dailyRate))} payments/s; of it the reads ${dailyReadS.toFixed(1)} s), ` +
      `the dry run (reads and the table) ${dryS.toFixed(1)} s; load ${dailyLoad} → ${loadNow()}`,
  )
  logSplit(log, dailySplit, dailyS)
  const dailyPlan = await explainSlowest('daily settlement')
  const dailyWritePlan = await explainSlowestWrite('daily settlement', dailySplit)
  t = performance.now()
  const dailyRec = await reconcileContracts(db, merchant)
  const recContractsS = (performance.now() - t) / 1000
  log(
    `reconcileContracts ${recContractsS.toFixed(1)} s: ${dailyRec.ok ? 'reconciles' : `DOES NOT RECONCILE: ${dailyRec.mismatches.join('; ')}`} ` +
      `(${num(dailyRec.payments)} payments, paid ${dailyRec.paid}, the house ${dailyRec.houseBalance})`,
  )
  summary.push({
    metric: `contracts daily salary, ${num(size.pairs)} pairs`,
    value: `${dailyS.toFixed(1)} s`,
    note: `${num(Math.round(dailyRate))} payments/s; dry run ${dryS.toFixed(1)} s; reconcile ${recContractsS.toFixed(1)} s ${dailyRec.ok ? 'ok' : 'FAILED'}`,
  })

  // ── Real-time salary: one window ──
  clock = new Date(window.end.getTime() + 90_000)
  seen.calls.length = 0
  const rtLoad = loadNow()
  t = performance.now()
  const realTime = await service.settleDue(['realTimeSalary'])
  const rtS = (performance.now() - t) / 1000
  const rtReadS = seen.calls.filter((c) => !c.inTx).reduce((s, c) => s + c.ms, 0) / 1000
  const rtSplit = byStatement(seen.calls)
  const betsPerS = Number(counts?.inWindow) / rtS
  log(
    `real-time salary, one window of ${num(Number(counts?.inWindow))} bets: ${rtS.toFixed(1)} s, ${num(Math.round(betsPerS))} bets/s ` +
      `(of it the reads ${rtReadS.toFixed(1)} s; ${num(written(realTime))} payments over ${realTime.length} window(s)); ` +
      `${round((rtS / windowSeconds) * 100, 1)} % of the window's ${windowSeconds} s: ${rtS < windowSeconds ? 'within it' : 'OVER'}; load ${rtLoad} → ${loadNow()}`,
  )
  logSplit(log, rtSplit, rtS)
  const rtPlan = await explainSlowest('real-time settlement')
  const rtWritePlan = await explainSlowestWrite('real-time settlement', rtSplit)
  const workMem = await workMemProposal(log, db, seen.calls)

  t = performance.now()
  const endRec = await reconcileContracts(db, merchant)
  const endRecS = (performance.now() - t) / 1000
  t = performance.now()
  const ledgerRec = await reconcile(db)
  const ledgerRecS = (performance.now() - t) / 1000
  log(
    `after both: reconcileContracts ${endRecS.toFixed(1)} s (${endRec.ok ? 'reconciles' : `DOES NOT RECONCILE: ${endRec.mismatches.join('; ')}`}, ` +
      `${num(endRec.payments)} payments), the ledger's reconcile ${ledgerRecS.toFixed(1)} s ` +
      `(${ledgerRec.ok ? 'reconciles' : 'DOES NOT RECONCILE'}, ${ledgerRec.statsDrift.length} figures drifted)`,
  )
  summary.push({
    metric: `contracts real-time window, ${num(Number(counts?.inWindow))} bets`,
    value: `${rtS.toFixed(1)} s`,
    note: `${num(Math.round(betsPerS))} bets/s; ${round((rtS / windowSeconds) * 100, 1)} % of ${windowSeconds} s; reconcile ${endRec.ok && ledgerRec.ok ? 'ok' : 'FAILED'}`,
  })

  return {
    figures: {
      size: { ...size, tops, subs },
      setupSeconds: { team: teamS, deposits: depositsS, dayRounds: dayRoundsS, windowBets: betsS },
      memberTreeRows: Number(counts?.tree),
      databaseSize: counts?.db ?? null,
      daily: {
        payments: dailyPaid,
        tablePayments: dry.payments.length,
        seconds: dailyS,
        readSeconds: dailyReadS,
        dryRunSeconds: dryS,
        paymentsPerSecond: dailyRate,
        load: dailyLoad,
        byStatement: dailySplit,
        slowestRead: dailyPlan,
        costliestWrite: dailyWritePlan,
      },
      reconcileContractsSeconds: recContractsS,
      dailyReconciles: dailyRec.ok,
      realTime: {
        bets: Number(counts?.inWindow),
        payments: written(realTime),
        seconds: rtS,
        readSeconds: rtReadS,
        betsPerSecond: betsPerS,
        shareOfWindow: rtS / windowSeconds,
        load: rtLoad,
        byStatement: rtSplit,
        slowestRead: rtPlan,
        costliestWrite: rtWritePlan,
        workMemProposal: workMem,
      },
      endReconcileContractsSeconds: endRecS,
      ledgerReconcileSeconds: ledgerRecS,
      reconciles: endRec.ok && ledgerRec.ok,
      cores: os.cpus().length,
    },
    summary,
  }
}

function logSplit(log: (line?: string) => void, split: ReturnType<typeof byStatement>, totalS: number) {
  const seenS = split.reduce((s, x) => s + x.seconds, 0)
  log(
    `  where the time went (${(totalS - seenS).toFixed(1)} s in the notices' inserts, BEGIN/COMMIT and the process):`,
  )
  for (const x of split.slice(0, 8)) log(`    ${x.seconds.toFixed(2)} s in ${x.calls}× ${x.statement}`)
}

/**
 * A proposal, measured: the real-time read (the run's slowest read, replayed) with a larger
 * work_mem for its statement (`set local`, in a transaction rolled back) against the
 * server's, interleaved, BENCH_CONTRACTS_PROPOSAL_RUNS times each (default 3; 0 skips it).
 */
async function workMemProposal(
  log: (line?: string) => void,
  db: Db,
  calls: readonly { ms: number; query: SQL; inTx: boolean }[],
): Promise<{ [key: string]: Json }> {
  const runs = envNumber('BENCH_CONTRACTS_PROPOSAL_RUNS', 3)
  const slowest = [...calls].filter((c) => !c.inTx).sort((a, b) => b.ms - a.ms)[0]
  if (!slowest || runs === 0) return {}
  const [shown] = rowsOf<{ work_mem: string }>(await db.execute(sql`show work_mem`))
  const timed = async (workMem: string | null) => {
    let ms = 0
    await db
      .transaction(async (tx) => {
        if (workMem) await tx.execute(sql.raw(`set local work_mem = '${workMem}'`))
        const t = performance.now()
        await tx.execute(slowest.query)
        ms = performance.now() - t
        throw rolledBack
      })
      .catch(ignoreRollback)
    return ms
  }
  const asIs: number[] = []
  const larger: number[] = []
  const load = loadNow()
  for (let i = 0; i < runs; i++) {
    for (const v of i % 2 ? [null, '64MB'] : ['64MB', null]) (v ? larger : asIs).push(await timed(v))
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0
  log(
    `proposal: the real-time read with work_mem 64MB for its statement: median ${Math.round(med(larger))} ms against ` +
      `${Math.round(med(asIs))} ms with the server's ${shown?.work_mem ?? '?'} (${runs} each, interleaved; load ${load})`,
  )
  return { runs, serverWorkMem: shown?.work_mem ?? null, asIsMs: asIs, workMem64MbMs: larger }
}
