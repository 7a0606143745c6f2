/**
 * The agent centre on PostgreSQL at its intended size: one agent with 100,000 members over
 * five levels and millions of settled rounds over 30 days (bench/lib/agent-team.ts writes
 * them through the real migrations' triggers), in a database of its own made from the
 * server's `postgres` database (BENCH_DATABASE_URL's server) and dropped afterwards, also
 * when the section fails or is interrupted.
 *
 * Measured through the area's own code (server/agent/team-repository.ts, team-service.ts,
 * transfer-service.ts),
 * warm, the variants of each measurement interleaved (the machine is shared):
 * - the team overview of the top agent for today, this week, this month, the last 30
 *   days and the last 93 days (budget p99 ≤ 100 ms), read from the agent's kept figures
 *   (decision 025; a range's active members from the kept gaps, migration 0031), for the
 *   two ranges also with their active members counted from the members' days (025's range
 *   read before 0031, activeFromMembers), and, in BENCH_AGENT_BEFORE_RUNS pairs (default
 *   10), read from every member's days as before 025 (figuresFromMembers); all answers
 *   compared; when over the budget, EXPLAIN (ANALYZE, BUFFERS) of the overview's last query;
 * - the range read at its worst: a stand-in agent whose kept gaps hold every gap 1..93 on
 *   each of 93 days (the bench's team plays every day, so its gaps are 1);
 * - first rounds of a member's day (where the gaps' upkeep works): four connections, one
 *   round per transaction, with the upkeep and with it replaced by a no-op, interleaved
 *   (BENCH_AGENT_FIRST_ROUNDS per connection and variant, default 300);
 * - concurrent settlements: four connections settling one round per transaction, each for
 *   its own member, the four members in four shards of the top agent's rows or all in one,
 *   and without the agents' figures (BENCH_AGENT_CONTENTION_ROUNDS rounds per connection
 *   and variant, default 300);
 * - "is X in my team" (depthUnder), a member inside and one outside (budget p99 ≤ 2 ms);
 * - a red envelope to 100 members, one ledger transaction, as the transfer service sends it
 *   (server/agent/transfer-service.ts) and as it was sent before (team-service.ts's
 *   transfer: a statement per recipient's wallet and per notice), against a transfer to one
 *   member, interleaved; the envelopes' postings checked afterwards. BENCH_AGENT_ONLY=envelope
 *   runs only this after the team's set-up (with e.g. BENCH_AGENT_MEMBERS=15000
 *   BENCH_AGENT_ROUNDS=30000 BENCH_AGENT_DAYS=3: a five-level team needs more than 11,110);
 * - one day of the whole team: every member deposits once (the ledger's batch posting) and
 *   plays rounds, with every figures' trigger, without the agents' (rolled back) and
 *   without any (rolled back); then the whole reconciliation
 *   (server/money/ledger-reconcile.ts) with its checks of the members' and the agents'
 *   figures.
 *
 * Sizes: BENCH_AGENT_MEMBERS (default 100,000), BENCH_AGENT_ROUNDS (default 3,000,000: every
 * member plays every day, so member_daily_stats has its full 3,000,000 rows and the
 * overview reads what it reads at 10,000,000; the issue's 10,000,000 takes ~15 minutes to
 * write on this 2-core machine under load, set BENCH_AGENT_ROUNDS=10000000 for it),
 * BENCH_AGENT_DAYS (30), BENCH_AGENT_OVERVIEWS (overviews per period and variant, default 50),
 * BENCH_AGENT_ENVELOPES (10).
 */
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { sql, type SQL } from 'drizzle-orm'
import { activeFromMembers, createTeamRepository, type TeamRepository } from '#server/agent/team-repository'
import { createTeamService, dayIn } from '#server/agent/team-service'
import { createTransferRepository } from '#server/agent/transfer-repository'
import { createTransferService } from '#server/agent/transfer-service'
import { seedDemoBrand } from '#server/db/seed'
import { createLedger } from '#server/money/ledger'
import { reconcile } from '#server/money/ledger-reconcile'
import { createMoneySettings } from '#server/money/settings'
import { sweptNotices } from '#server/notify/notices'
import { openDatabase, rowsOf, type Db } from '#server/plugins/external/db'
import { createSystemRepository } from '#server/system/system-repository'
import { buildTeam, dayStart, insertRounds, type TeamSize } from '../lib/agent-team'
import { num } from '../lib/format'
import { maintenanceUrl, pgReachable, withScratchPg } from '../lib/pg'
import { stats, round, type Stats } from '../lib/stats'
import type { BenchSection, Json, SectionResult, SummaryRow } from '../lib/types'

const envNumber = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a number`)
  return Math.floor(v)
}

const size: TeamSize = {
  members: envNumber('BENCH_AGENT_MEMBERS', 100_000),
  rounds: envNumber('BENCH_AGENT_ROUNDS', 3_000_000),
  days: envNumber('BENCH_AGENT_DAYS', 30),
  depositsPerDay: 3_000,
}
const overviews = envNumber('BENCH_AGENT_OVERVIEWS', 50)
const envelopes = envNumber('BENCH_AGENT_ENVELOPES', 10)
/** Overviews per period read from the members' days (before decision 025), paired with the kept ones. */
const beforeRuns = envNumber('BENCH_AGENT_BEFORE_RUNS', 10)
/** Rounds per connection and variant in the concurrent settlements. */
const contentionRounds = envNumber('BENCH_AGENT_CONTENTION_ROUNDS', 300)
/** First rounds of a member's day per connection and variant (with and without the gaps' upkeep). */
const firstRounds = envNumber('BENCH_AGENT_FIRST_ROUNDS', 300)
/**
 * `envelope`: only the team's set-up and the red envelope's measurement; `range`: only the
 * set-up, the overview, the dense gaps and the first rounds (BENCH_AGENT_ONLY).
 */
const only = process.env.BENCH_AGENT_ONLY ?? ''
if (only !== '' && only !== 'envelope' && only !== 'range')
  throw new Error('BENCH_AGENT_ONLY is envelope, range or unset')
const checks = 5_000
const overviewBudgetMs = 100
const checkBudgetMs = 2
const merchant = 'DEMO'

/** A Db whose execute calls are timed and whose last statement is kept (the same queries, observed). */
function observed(db: Db) {
  const calls: { ms: number; query: SQL }[] = []
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute') {
        return async (query: SQL) => {
          const t = performance.now()
          const r = await target.execute(query)
          calls.push({ ms: performance.now() - t, query })
          return r
        }
      }
      return Reflect.get(target, prop, receiver) as unknown
    },
  })
  return { db: proxy, calls }
}

const line = (s: Stats) =>
  `p50 ${s.p50Ms} ms, p95 ${s.p95Ms} ms, p99 ${s.p99Ms} ms, max ${s.maxMs} ms (n ${s.count})`
const verdict = (s: Stats, budget: number) => (s.p99Ms <= budget ? 'PASS' : 'OVER')
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? (s[Math.floor((s.length - 1) / 2)] ?? 0) : 0
}
/** Thrown to roll a bench transaction back. */
const rolledBack = new Error('bench: rolled back')
const ignoreRollback = (err: unknown) => {
  if (err !== rolledBack) throw err
}

const loadNow = () => os.loadavg()[0]?.toFixed(2) ?? '?'

export const section: BenchSection = {
  name: 'agent',
  title: `Agent centre: one agent with ${num(size.members)} members over 5 levels and ${num(size.rounds)} rounds on PostgreSQL`,
  order: 64,
  async run(ctx): Promise<SectionResult> {
    if (!(await pgReachable(maintenanceUrl()))) {
      ctx.log('PostgreSQL not reachable (BENCH_DATABASE_URL): skipped')
      return {
        figures: { skipped: true },
        summary: [{ metric: 'agent centre', value: 'skipped', note: 'no PostgreSQL' }],
      }
    }
    return withScratchPg('bench_agent', async (url) => {
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
  const now = new Date()
  await migrate()
  await seedDemoBrand(db, merchant, async () => 'not-a-password-hash')
  const ledger = createLedger(db)
  const settings = createMoneySettings(db, createSystemRepository(db), 60_000)
  const m = await settings.merchant(merchant)
  const team = createTeamRepository(db)
  const service = createTeamService({
    db,
    team,
    ledger,
    settings,
    notices: sweptNotices,
    // The payment password's hash check is the identity area's figure, not this one's.
    checkPaymentPassword: async () => undefined,
    now: () => now,
  })

  // ── The team ──
  log(
    `set-up: ${num(size.members)} members, ${num(size.rounds)} rounds over ${size.days} days (load ${loadNow()})`,
  )
  const tSetup = performance.now()
  const built = await buildTeam(db, ledger, { merchantCode: merchant, timeZone: m.timeZone, now, size, log })
  const setupS = (performance.now() - tSetup) / 1000
  const [counts] = rowsOf<{ tree: string; stats: string; bets: string; db: string }>(
    await db.execute(sql`
      select (select count(*) from member_tree)::text as tree, (select count(*) from member_daily_stats)::text as stats,
             (select count(*) from bet_records)::text as bets, pg_size_pretty(pg_database_size(current_database())) as db`),
  )
  log(
    `set-up ${setupS.toFixed(0)} s: members ${built.seconds.members.toFixed(1)} s, rounds ${built.seconds.rounds.toFixed(1)} s ` +
      `(${num(Math.round(built.roundsPerSecond))}/s with the triggers); member_tree ${num(Number(counts?.tree))} rows, ` +
      `member_daily_stats ${num(Number(counts?.stats))}, bet_records ${num(Number(counts?.bets))}, database ${counts?.db}`,
  )
  const agentId = built.agentId

  if (only === 'envelope') {
    const envelope = await measureEnvelope(log, db, ledger, settings, agentId, now)
    return { figures: { size: { ...size }, envelope: envelope.figures }, summary: [envelope.summary] }
  }

  // ── Team overview: the agent's kept figures against the same read from every member's days ──
  const fromMembers: TeamRepository = {
    ...team,
    figures: (agent, from, to) => team.figuresFromMembers(agent, from, to, m.timeZone),
  }
  const serviceBefore = createTeamService({
    db,
    team: fromMembers,
    ledger,
    settings,
    notices: sweptNotices,
    checkPaymentPassword: async () => undefined,
    now: () => now,
  })
  const today = dayIn(m.timeZone, now)
  const rangeFrom = dayIn(m.timeZone, new Date(now.getTime() - 29 * 86_400_000))
  const range93From = dayIn(m.timeZone, new Date(now.getTime() - 92 * 86_400_000))
  const periods = {
    today: { period: 'today' },
    thisWeek: { period: 'thisWeek' },
    thisMonth: { period: 'thisMonth' },
    last30Days: { period: 'range', from: rangeFrom, to: today },
    last93Days: { period: 'range', from: range93From, to: today },
  } as const
  type Period = keyof typeof periods
  const periodNames = Object.keys(periods) as Period[]
  const rangePeriods: Period[] = ['last30Days', 'last93Days']
  // Decision 025 as first taken: a range of another shape than a day, a week or a month so
  // far counted its active members from the members' days (one probe per member).
  const probing: TeamRepository = {
    ...team,
    figures: async (agent, from, to) => {
      const f = await team.figures(agent, from, to)
      const a = await activeFromMembers(db, agent, from, to)
      return {
        direct: { ...f.direct, activeMembers: a.direct },
        team: { ...f.team, activeMembers: a.direct + a.deeper },
      }
    },
  }
  const serviceProbing = createTeamService({
    db,
    team: probing,
    ledger,
    settings,
    notices: sweptNotices,
    checkPaymentPassword: async () => undefined,
    now: () => now,
  })
  const variants = [
    { name: 'kept per agent', service, periods: periodNames },
    { name: "from the members' days", service: serviceBefore, periods: periodNames },
    { name: "kept, active members from the members' days", service: serviceProbing, periods: rangePeriods },
  ] as const
  const runs = variants.flatMap((v) => v.periods.map((period) => ({ period, ...v, ms: [] as number[] })))
  for (let i = 0; i < 2; i++) for (const r of runs) await r.service.overview(m, agentId, periods[r.period])
  let differ = 0
  for (const p of periodNames) {
    const answers = await Promise.all(
      variants.filter((v) => v.periods.includes(p)).map((v) => v.service.overview(m, agentId, periods[p])),
    )
    if (answers.some((a) => JSON.stringify(a) !== JSON.stringify(answers[0]))) {
      differ += 1
      log(`  ${p}: the kept figures DIFFER from the members' figures`)
    }
  }
  if (differ === 0) log(`  every period's answers equal in every variant`)
  const overviewLoad = loadNow()
  for (let i = 0; i < overviews; i++) {
    const order = i % 2 ? [...runs].reverse() : runs
    for (const r of order) {
      // The members' reading takes seconds at full size: a few pairs tell its ratio.
      if (r.name === "from the members' days" && i >= beforeRuns) continue
      const t = performance.now()
      await r.service.overview(m, agentId, periods[r.period])
      r.ms.push(performance.now() - t)
    }
  }
  const sample = await service.overview(m, agentId, { period: 'thisMonth' })
  log(
    `this month's team: ${num(sample.team.members)} members, ${num(sample.team.activeMembers)} active, ` +
      `valid bets ${sample.team.validBets}, deposits ${sample.team.deposits}, profit and loss ${sample.team.profitLoss}`,
  )
  const overviewStats = {} as Record<Period, Stats>
  const beforeStats = {} as Record<Period, Stats>
  const beforeRatio = {} as Record<Period, number>
  const probingStats = {} as Record<string, Stats>
  const probingRatio = {} as Record<string, number>
  for (const p of periodNames) {
    const [a, b, c] = runs.filter((r) => r.period === p)
    if (!a || !b) continue
    const s = stats(a.ms)
    const n = stats(b.ms)
    overviewStats[p] = s
    beforeStats[p] = n
    beforeRatio[p] = median(b.ms.map((x, i) => x / (a.ms[i] ?? x)))
    log(
      `team overview, ${p}: kept per agent ${line(s)} (budget p99 ≤ ${overviewBudgetMs} ms: ${verdict(s, overviewBudgetMs)}; load ${overviewLoad})`,
    )
    log(
      `  from the members' days (before): ${line(n)} (${verdict(n, overviewBudgetMs)}); before / kept ${round(beforeRatio[p])}× (median of pairs)`,
    )
    let probingNote = ''
    if (c) {
      const o = stats(c.ms)
      probingStats[p] = o
      probingRatio[p] = median(c.ms.map((x, i) => x / (a.ms[i] ?? x)))
      probingNote = `; active from the members' days (025) p99 ${o.p99Ms} ms, ${round(probingRatio[p])}×`
      log(
        `  kept, active members from the members' days (025's range read): ${line(o)} (${verdict(o, overviewBudgetMs)}); ` +
          `that / kept ${round(probingRatio[p])}× (median of pairs)`,
      )
    }
    summary.push({
      metric: `agent overview p99, ${p} (${num(size.members)} members)`,
      value: `${s.p99Ms} ms`,
      note: `${verdict(s, overviewBudgetMs)} (≤ ${overviewBudgetMs} ms); p50 ${s.p50Ms} ms; from the members' days p99 ${n.p99Ms} ms, ${round(beforeRatio[p])}×${probingNote}`,
    })
  }
  const plans: Record<string, string[]> = {}
  for (const p of periodNames) {
    if (overviewStats[p].p99Ms <= overviewBudgetMs) continue
    const seen = observed(db)
    await createTeamService({
      db: seen.db,
      team: createTeamRepository(seen.db),
      ledger,
      settings,
      notices: sweptNotices,
      checkPaymentPassword: async () => undefined,
      now: () => now,
    }).overview(m, agentId, periods[p])
    const query = seen.calls.at(-1)?.query
    if (!query) continue
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await db.execute(sql`explain (analyze, buffers) ${query}`),
    ).map((r) => r['QUERY PLAN'])
    plans[p] = plan
    log(`  EXPLAIN (ANALYZE, BUFFERS) of the overview's last query, ${p}:`)
    for (const l of plan) log(`    ${l}`)
  }
  const [kept] = rowsOf<{ rows: string; agent: string; gaps: string; agentGaps: string; memberGaps: string }>(
    await db.execute(sql`
      select (select count(*) from agent_team_daily_stats)::text as rows,
             (select count(*) from agent_team_daily_stats where agent_id = ${agentId})::text as agent,
             (select count(*) from agent_team_active_gaps)::text as gaps,
             (select count(*) from agent_team_active_gaps where agent_id = ${agentId})::text as "agentGaps",
             (select count(*) from member_active_gaps)::text as "memberGaps"`),
  )
  log(
    `  agent_team_daily_stats: ${num(Number(kept?.rows))} rows, the top agent's ${num(Number(kept?.agent))}; ` +
      `agent_team_active_gaps ${num(Number(kept?.gaps))}, the top agent's ${num(Number(kept?.agentGaps))}; ` +
      `member_active_gaps ${num(Number(kept?.memberGaps))}`,
  )
  const dense = await measureDenseGaps(log, db, team, m.timeZone, now)
  const first = await measureFirstRounds(db, merchant, log)
  const rangeFigures = {
    overview: overviewStats,
    overviewFromMembers: beforeStats,
    overviewFromMembersOverKept: beforeRatio,
    overviewActiveFromMembers: probingStats,
    overviewActiveFromMembersOverKept: probingRatio,
    overviewAnswersDiffer: differ,
    denseGaps: dense,
    firstRounds: first,
  }
  if (only === 'range') {
    return { figures: { size: { ...size }, setupSeconds: setupS, ...rangeFigures }, summary }
  }

  // ── Concurrent settlements: members of different shards against members of one shard ──
  const contention = await measureContention(db, merchant, log)

  // ── "Is X in my team" ──
  const [ids] = rowsOf<{ inside: number[]; outside: number[]; sub: number }>(
    await db.execute(sql`
      select (select array_agg(member_id) from (select member_id from bench_team order by random() limit 100) x) as inside,
             (select array_agg(id) from members where id not in (select descendant_id from member_tree where ancestor_id = ${agentId})) as outside,
             (select descendant_id from member_tree where ancestor_id = ${agentId} and depth = 2 order by descendant_id limit 1) as sub`),
  )
  const inside = (ids?.inside ?? []).map(Number)
  // Outside: the brand's other accounts, and members of the same top team under another branch.
  const outside = [...(ids?.outside ?? []).map(Number), ...inside.slice(0, 20)]
  const sub = Number(ids?.sub)
  const checkMs = { inside: [] as number[], outside: [] as number[], bare: [] as number[] }
  for (let i = 0; i < 200; i++) await team.depthUnder(agentId, inside[i % inside.length] ?? 0)
  const checkLoad = loadNow()
  let wrong = 0
  for (let i = 0; i < checks; i++) {
    let t = performance.now()
    if ((await team.depthUnder(agentId, inside[i % inside.length] ?? 0)) === null) wrong++
    checkMs.inside.push(performance.now() - t)
    const x = outside[i % outside.length] ?? 0
    const who = i % outside.length >= outside.length - 20 ? sub : agentId
    t = performance.now()
    const d = await team.depthUnder(who, x)
    checkMs.outside.push(performance.now() - t)
    if (who === agentId && d !== null) wrong++
    // The floor: a statement that reads nothing, over the same pool.
    t = performance.now()
    await db.execute(sql`select 1`)
    checkMs.bare.push(performance.now() - t)
  }
  const checkStats = {
    inside: stats(checkMs.inside),
    outside: stats(checkMs.outside),
    bare: stats(checkMs.bare),
  }
  for (const k of ['inside', 'outside'] as const) {
    const s = checkStats[k]
    log(
      `is X in my team, X ${k}: ${line(s)} (budget p99 ≤ ${checkBudgetMs} ms: ${verdict(s, checkBudgetMs)}; load ${checkLoad})`,
    )
  }
  log(
    `  the floor, \`select 1\` over the same pool: ${line(checkStats.bare)}; check / floor p50 ` +
      `${round(checkStats.inside.p50Ms / checkStats.bare.p50Ms)}×, p99 ${round(checkStats.inside.p99Ms / checkStats.bare.p99Ms)}×`,
  )
  if (wrong) log(`  ${wrong} answers WRONG`)
  const checkAll = stats([...checkMs.inside, ...checkMs.outside])
  summary.push({
    metric: 'agent "is X in my team" p99',
    value: `${checkAll.p99Ms} ms`,
    note: `${verdict(checkAll, checkBudgetMs)} (≤ ${checkBudgetMs} ms); p50 ${checkAll.p50Ms} ms; select 1 p99 ${checkStats.bare.p99Ms} ms${wrong ? `; ${wrong} WRONG` : ''}`,
  })

  // ── Red envelope to 100 members against a transfer to one, interleaved ──
  const envelope = await measureEnvelope(log, db, ledger, settings, agentId, now)
  summary.push(envelope.summary)

  // ── One day of the whole team, with and without the figures' triggers ──
  const dayAgo = size.days
  const start = await dayStart(db, m.timeZone, now, dayAgo)
  const parts = 10
  const perPart = Math.ceil(size.members / parts)
  const dayRounds = Math.floor(size.rounds / size.days)
  const house = await ledger.houseAccount(merchant, 'deposits')
  const wallets = rowsOf<{ member_id: number; account_id: number }>(
    await db.execute(sql`
      select t.member_id, a.id as account_id from bench_team t
      join ledger_accounts a on a.member_id = t.member_id and a.account_type_id = 2 order by t.n`),
  )
  type Variant = 'all' | 'members' | 'none'
  const timed = {
    deposits: { all: [] as number[], members: [] as number[], none: [] as number[] },
    rounds: { all: [] as number[], members: [] as number[], none: [] as number[] },
  }
  const orders: Variant[][] = [
    ['all', 'members', 'none'],
    ['none', 'all', 'members'],
    ['members', 'none', 'all'],
  ]
  const dayLoad = loadNow()
  for (let k = 0; k < parts; k++) {
    const slice = wallets.slice(k * perPart, (k + 1) * perPart)
    const deposit = (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) =>
      ledger.postBatch(tx, {
        merchantCode: merchant,
        type: 'DEPOSIT',
        actor: 'system',
        at: new Date(start.getTime() + 9 * 3600_000 + k * 60_000),
        counterAccountId: house,
        items: slice.map((w) => ({
          accountId: Number(w.account_id),
          memberId: Number(w.member_id),
          amount: 5_000n,
          reference: null,
          memo: 'bench day',
        })),
      })
    const rounds = (tx: Parameters<Parameters<Db['transaction']>[0]>[0], tag: string) =>
      insertRounds(tx, {
        merchantCode: merchant,
        tag,
        start,
        seconds: 86_400,
        count: Math.ceil(dayRounds / parts),
        teamSize: size.members,
        offset: k * Math.ceil(dayRounds / parts),
      })
    for (const v of orders[k % orders.length] ?? []) {
      // 'all': every figures' trigger, kept. 'members': the members' figures without the
      // agents' (decision 025's triggers disabled), and 'none': no figures at all, each the
      // same statements in a transaction that is rolled back.
      await db
        .transaction(async (tx) => {
          if (v !== 'all') {
            await tx.execute(
              sql`alter table member_daily_stats disable trigger member_daily_stats_agent_team_insert`,
            )
            await tx.execute(
              sql`alter table member_daily_stats disable trigger member_daily_stats_agent_team_update`,
            )
          }
          if (v === 'none') {
            await tx.execute(sql`alter table ledger_postings disable trigger ledger_postings_member_stats`)
            await tx.execute(sql`alter table bet_records disable trigger bet_records_member_stats_insert`)
            await tx.execute(
              sql`alter table bet_records disable trigger bet_records_member_game_stats_insert`,
            )
          }
          let t = performance.now()
          await deposit(tx)
          timed.deposits[v].push(performance.now() - t)
          t = performance.now()
          await rounds(tx, v === 'all' ? 'A' : 'X')
          timed.rounds[v].push(performance.now() - t)
          if (v !== 'all') throw rolledBack
        })
        .catch(ignoreRollback)
    }
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
  const pairRatio = (a: number[], b: number[]) => median(a.map((x, i) => x / (b[i] ?? x)))
  const day = {
    depositsS: sum(timed.deposits.all) / 1000,
    roundsS: sum(timed.rounds.all) / 1000,
    depositsWithoutAgentsS: sum(timed.deposits.members) / 1000,
    roundsWithoutAgentsS: sum(timed.rounds.members) / 1000,
    depositsNoFiguresS: sum(timed.deposits.none) / 1000,
    roundsNoFiguresS: sum(timed.rounds.none) / 1000,
    depositsRatio: pairRatio(timed.deposits.all, timed.deposits.none),
    roundsRatio: pairRatio(timed.rounds.all, timed.rounds.none),
    depositsAgentsRatio: pairRatio(timed.deposits.all, timed.deposits.members),
    roundsAgentsRatio: pairRatio(timed.rounds.all, timed.rounds.members),
  }
  log(
    `one day of the team (day -${dayAgo}, load ${dayLoad}): ${num(wallets.length)} deposits in ${day.depositsS.toFixed(2)} s ` +
      `(${parts} batches; ${round(day.depositsRatio)}× the same without the figures' triggers, ` +
      `${round(day.depositsAgentsRatio)}× the members' figures without the agents'), ` +
      `${num(Math.ceil(dayRounds / parts) * parts)} rounds in ${day.roundsS.toFixed(2)} s ` +
      `(${round(day.roundsRatio)}× without the triggers, ${round(day.roundsAgentsRatio)}× without the agents'; ` +
      `median of interleaved triples)`,
  )
  log(
    `  sums: deposits ${day.depositsS.toFixed(2)} s all, ${day.depositsWithoutAgentsS.toFixed(2)} s without the agents' ` +
      `figures, ${day.depositsNoFiguresS.toFixed(2)} s without figures; rounds ${day.roundsS.toFixed(2)} s, ` +
      `${day.roundsWithoutAgentsS.toFixed(2)} s, ${day.roundsNoFiguresS.toFixed(2)} s`,
  )

  const seen = observed(db)
  const tRec = performance.now()
  const report = await reconcile(seen.db)
  const reconcileS = (performance.now() - tRec) / 1000
  // The reconciliation's last four statements: the members' figures, the same per game
  // type, the agents' kept figures, the kept gaps (members' and agents').
  const statsCheckS = (seen.calls.at(-4)?.ms ?? 0) / 1000
  const agentCheckS = (seen.calls.at(-2)?.ms ?? 0) / 1000
  const gapCheckS = (seen.calls.at(-1)?.ms ?? 0) / 1000
  for (const d of report.statsDrift.slice(0, 10)) {
    log(`  drift: member ${d.memberId}, ${d.figure}: kept ${d.kept}, actual ${d.actual}`)
  }
  const [dayRow] = rowsOf<{ members: string; deposits: string; bets: string }>(
    await db.execute(sql`
      select count(*)::text as members, sum(deposits)::text as deposits, sum(bet_count)::text as bets
      from member_daily_stats where day = (${start.toISOString()}::timestamptz at time zone ${m.timeZone})::date`),
  )
  log(
    `  the day's figures: ${num(Number(dayRow?.members))} member-day rows, ${num(Number(dayRow?.bets))} rounds, deposits ${dayRow?.deposits}`,
  )
  log(
    `reconcile (whole ledger and the team figures) ${reconcileS.toFixed(1)} s, of it the members' figures check ` +
      `${statsCheckS.toFixed(1)} s, the agents' ${agentCheckS.toFixed(1)} s and the gaps' ${gapCheckS.toFixed(1)} s: ${report.ok ? 'reconciles' : 'DOES NOT RECONCILE'}, ${report.statsDrift.length} figures drifted ` +
      `(${num(report.accounts)} accounts, ${num(report.transactions)} transactions)`,
  )
  summary.push({
    metric: `agent day of ${num(size.members)} members (deposits + rounds)`,
    value: `${(day.depositsS + day.roundsS).toFixed(1)} s`,
    note:
      `triggers ×${round(day.depositsRatio)} deposits, ×${round(day.roundsRatio)} rounds; ` +
      `of it the agents' ×${round(day.depositsAgentsRatio)}, ×${round(day.roundsAgentsRatio)}`,
  })
  summary.push({
    metric: 'agent reconcile with team figures',
    value: `${reconcileS.toFixed(1)} s`,
    note: `${report.ok ? 'ok' : 'FAILED'}; drift ${report.statsDrift.length}; members' check ${statsCheckS.toFixed(1)} s, agents' ${agentCheckS.toFixed(1)} s, gaps' ${gapCheckS.toFixed(1)} s`,
  })

  return {
    figures: {
      size: { ...size },
      levels: built.levels,
      setupSeconds: setupS,
      setupStepSeconds: built.seconds,
      roundsPerSecondWithTriggers: built.roundsPerSecond,
      memberTreeRows: Number(counts?.tree),
      dailyStatsRows: Number(counts?.stats),
      databaseSize: counts?.db ?? null,
      ...rangeFigures,
      overviewPlans: plans,
      agentTeamRows: Number(kept?.rows),
      contention,
      subtreeCheck: checkStats,
      subtreeWrong: wrong,
      envelope: envelope.figures,
      day,
      reconcileSeconds: reconcileS,
      statsCheckSeconds: statsCheckS,
      agentStatsCheckSeconds: agentCheckS,
      gapCheckSeconds: gapCheckS,
      reconciles: report.ok,
      statsDrift: report.statsDrift.length,
      cores: os.cpus().length,
    },
    summary,
  }
}

/**
 * The range read at its worst: a stand-in agent (a member of the team without a team of its
 * own) given kept rows for 93 days with every gap 1..93 in every shard of both the direct
 * downline and the deeper levels (138,384 gap rows, as if its members' days of play came at
 * every distance), the overview's figures read over those 93 days and over 30 of them, then
 * the rows removed. The bench's own team plays every day (gaps of 1), which reads few rows.
 */
async function measureDenseGaps(
  log: (line?: string) => void,
  db: Db,
  team: TeamRepository,
  timeZone: string,
  now: Date,
): Promise<Record<string, Json>> {
  const [pick] = rowsOf<{ id: number }>(
    await db.execute(sql`
      select t.member_id as id from bench_team t
      where not exists (select 1 from member_tree d where d.ancestor_id = t.member_id and d.depth >= 1)
      order by t.n desc limit 1`),
  )
  const standIn = Number(pick?.id)
  const to = dayIn(timeZone, now)
  const from93 = dayIn(timeZone, new Date(now.getTime() - 92 * 86_400_000))
  const from30 = dayIn(timeZone, new Date(now.getTime() - 29 * 86_400_000))
  await db.execute(sql`
    insert into agent_team_daily_stats (agent_id, day, direct, shard, active)
    select ${standIn}::int, d::date, direct, shard::smallint, 93 * 8
    from generate_series(${from93}::date, ${to}::date, interval '1 day') d,
      (values (true), (false)) x(direct), generate_series(0, 7) shard`)
  await db.execute(sql`
    insert into agent_team_active_gaps (agent_id, day, direct, shard, gap, members)
    select ${standIn}::int, d::date, direct, shard::smallint, gap::smallint, 8
    from generate_series(${from93}::date, ${to}::date, interval '1 day') d,
      (values (true), (false)) x(direct), generate_series(0, 7) shard, generate_series(1, 93) gap`)
  // As the days before today are once autovacuum has been: all-visible, read from the index alone.
  await db.execute(sql`vacuum analyze agent_team_active_gaps`)
  try {
    const ms = { d93: [] as number[], d30: [] as number[] }
    let answer = 0
    for (let i = 0; i < 5; i++) await team.figures(standIn, from93, to)
    const load = loadNow()
    for (let i = 0; i < 50; i++) {
      let t = performance.now()
      answer = (await team.figures(standIn, from93, to)).team.activeMembers
      ms.d93.push(performance.now() - t)
      t = performance.now()
      await team.figures(standIn, from30, to)
      ms.d30.push(performance.now() - t)
    }
    // Every row of day d counts when its gap is more than d - from: 8 members × 16 shards ×
    // (93 - k) gaps on the k-th day after the first.
    const expected = 8 * 16 * ((93 * 94) / 2)
    const d93 = stats(ms.d93)
    const d30 = stats(ms.d30)
    log(
      `dense gaps (a stand-in agent with every gap 1..93 on each of 93 days, 138,384 rows): the overview over ` +
        `93 days ${line(d93)}, over 30 days ${line(d30)} (budget p99 ≤ ${overviewBudgetMs} ms: ` +
        `${verdict(d93, overviewBudgetMs)}; load ${load}); active members ${num(answer)} ` +
        `(${answer === expected ? 'as expected' : `EXPECTED ${num(expected)}`})`,
    )
    return { days93: d93, days30: d30, right: answer === expected }
  } finally {
    await db.execute(sql`delete from agent_team_active_gaps where agent_id = ${standIn}`)
    await db.execute(sql`delete from agent_team_daily_stats where agent_id = ${standIn}`)
  }
}

/**
 * The gaps' upkeep where it works: four connections each settling one round per
 * transaction, each round the first of its member's day (tomorrow, day after it and so
 * on: the member's previous day of play is read, and the agents' gap rows written), with
 * the upkeep and with it replaced by a no-op (member_active_gaps_follow; the rest of the
 * agents' figures kept in both), interleaved; rounds per second over all four. The gaps are
 * made again afterwards (agent_team_gaps_rebuild) and the rounds cancelled, so the later
 * measurements see the team as before.
 */
async function measureFirstRounds(
  db: Db,
  merchant: string,
  log: (line?: string) => void,
): Promise<Record<string, Json>> {
  const workers = 4
  const pool = rowsOf<{ member_id: number }>(
    await db.execute(sql`
      select member_id from bench_team where member_id % 8 < ${workers}::int order by n desc limit 20000`),
  ).map((r) => Number(r.member_id))
  const byShard = Array.from({ length: workers }, (_, k) => pool.filter((id) => id % 8 === k))
  const [def] = rowsOf<{ def: string }>(
    await db.execute(
      sql`select pg_get_functiondef('member_active_gaps_follow(member_day[])'::regprocedure) as def`,
    ),
  )
  const upkeep = def?.def ?? ''
  if (!upkeep) throw new Error('no member_active_gaps_follow')
  type Kind = 'with the gaps' | 'without the gaps'
  const kinds: Kind[] = ['with the gaps', 'without the gaps']
  const rates: Record<Kind, number[]> = { 'with the gaps': [], 'without the gaps': [] }
  const latencies: Record<Kind, number[]> = { 'with the gaps': [], 'without the gaps': [] }
  const setUpkeep = async (on: boolean) => {
    await db.execute(
      on
        ? sql.raw(upkeep)
        : sql`create or replace function member_active_gaps_follow(changed member_day[]) returns void
                language plpgsql as $$ begin end $$`,
    )
  }
  // Each (member, day) once: the k-th pass of a connection plays day +1 + k for its members.
  const next = Array.from({ length: workers }, () => 0)
  let serial = 0
  const run = async (kind: Kind, perWorker: number, record: boolean) => {
    const t0 = performance.now()
    await Promise.all(
      byShard.map(async (members, w) => {
        for (let i = 0; i < perWorker; i++) {
          const slot = next[w] ?? 0
          next[w] = slot + 1
          const memberId = members[slot % members.length] ?? 0
          const dayAhead = 1 + Math.floor(slot / members.length)
          serial += 1
          const betNo = `F-${serial}`
          const t = performance.now()
          await db.transaction(async (tx) => {
            await tx.execute(sql`
              insert into bet_records (merchant_code, member_id, bet_no, product_type, account_type_id, vendor_name,
                                       game_name, game_code, vassalage, bet_amount, valid_bet, payout, status,
                                       bet_time, settled_time)
              values (${merchant}, ${memberId}, ${betNo}, 'SLOT', 2, 'Bench Slots', 'Bench Slot', 'BS1', 'BENCH',
                      100, 100, 0, 'SETTLED', now() + ${dayAhead}::int * interval '1 day',
                      now() + ${dayAhead}::int * interval '1 day')`)
          })
          if (record) latencies[kind].push(performance.now() - t)
        }
      }),
    )
    return (byShard.length * perWorker) / ((performance.now() - t0) / 1000)
  }
  try {
    for (const k of kinds) {
      await setUpkeep(k === 'with the gaps')
      await run(k, 20, false)
    }
    const load = loadNow()
    const orders: Kind[][] = [kinds, [...kinds].reverse(), kinds, [...kinds].reverse()]
    for (const order of orders) {
      for (const k of order) {
        await setUpkeep(k === 'with the gaps')
        rates[k].push(await run(k, Math.ceil(firstRounds / orders.length), true))
      }
    }
    const out: Record<string, Json> = {}
    for (const k of kinds) {
      const s = stats(latencies[k])
      out[k] = { roundsPerSecond: median(rates[k]), latency: s }
      log(
        `first rounds of a member's day, ${workers} connections, ${k}: ${Math.round(median(rates[k]))} rounds/s; ` +
          `${line(s)} (load ${load})`,
      )
    }
    const ratio = median(rates['without the gaps'].map((x, i) => x / (rates['with the gaps'][i] ?? x)))
    out.withoutOverWith = ratio
    log(`  without / with the gaps' upkeep ${round(ratio)}× (rounds/s, median of the interleaved passes)`)
    return out
  } catch (err) {
    log(
      `  first rounds failed: ${String((err as Error).cause ?? err)} in ${(err as Error).message.slice(0, 300)}`,
    )
    throw err
  } finally {
    await setUpkeep(true)
    // The rounds of days to come cancelled (their days no longer played), then the gaps made
    // again from the members' days: the no-op variant's days were not followed.
    await db.execute(sql`update bet_records set status = 'CANCELLED' where bet_no like 'F-%'`)
    const t = performance.now()
    await db.execute(sql`select agent_team_gaps_rebuild()`)
    log(
      `  the gaps made again from the members' days (agent_team_gaps_rebuild) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    )
  }
}

/**
 * Four connections settle rounds at once, one round per transaction (as a game's seamless
 * wallet does), each connection for its own member of the top agent's team: members in
 * four different shards of the agents' kept rows, the same with all four in one shard
 * (every commit waits for the one before on the top agent's row), and without the agents'
 * figures (their triggers disabled for that variant). Rounds per second over all four.
 */
async function measureContention(
  db: Db,
  merchant: string,
  log: (line?: string) => void,
): Promise<Record<string, Json>> {
  const workers = 4
  const [pick] = rowsOf<{ spread: number[]; one: number[] }>(
    await db.execute(sql`
      select (select array_agg(member_id) from (
                select distinct on (member_id % 8) member_id from bench_team
                where member_id % 8 < ${workers}::int order by member_id % 8, n desc) x) as spread,
             (select array_agg(member_id) from (
                select member_id from bench_team where member_id % 8 = 0 order by n desc limit ${workers}::int) y) as one`),
  )
  const spread = (pick?.spread ?? []).map(Number)
  const one = (pick?.one ?? []).map(Number)
  type Kind = 'four shards' | 'one shard' | "without the agents' figures"
  const kinds: Kind[] = ['four shards', 'one shard', "without the agents' figures"]
  const rates: Record<Kind, number[]> = {
    'four shards': [],
    'one shard': [],
    "without the agents' figures": [],
  }
  const latencies: Record<Kind, number[]> = {
    'four shards': [],
    'one shard': [],
    "without the agents' figures": [],
  }
  const setAgentTriggers = async (on: boolean) => {
    const how = on ? sql`enable` : sql`disable`
    await db.execute(sql`alter table member_daily_stats ${how} trigger member_daily_stats_agent_team_insert`)
    await db.execute(sql`alter table member_daily_stats ${how} trigger member_daily_stats_agent_team_update`)
  }
  let serial = 0
  const run = async (kind: Kind, perWorker: number) => {
    const who = kind === 'one shard' ? one : spread
    const t0 = performance.now()
    await Promise.all(
      who.map(async (memberId) => {
        for (let i = 0; i < perWorker; i++) {
          serial += 1
          const betNo = `C-${serial}`
          const t = performance.now()
          await db.transaction(async (tx) => {
            await tx.execute(sql`
              insert into bet_records (merchant_code, member_id, bet_no, product_type, account_type_id, vendor_name,
                                       game_name, game_code, vassalage, bet_amount, valid_bet, payout, status,
                                       bet_time, settled_time)
              values (${merchant}, ${memberId}, ${betNo}, 'SLOT', 2, 'Bench Slots', 'Bench Slot', 'BS1', 'BENCH',
                      100, 100, 0, 'SETTLED', now(), now())`)
          })
          latencies[kind].push(performance.now() - t)
        }
      }),
    )
    return (who.length * perWorker) / ((performance.now() - t0) / 1000)
  }
  for (const k of kinds) {
    if (k === "without the agents' figures") await setAgentTriggers(false)
    try {
      await run(k, 20)
    } finally {
      await setAgentTriggers(true)
    }
  }
  for (const k of kinds) latencies[k].length = 0
  const load = loadNow()
  const orders: Kind[][] = [kinds, [...kinds].reverse(), [kinds[1], kinds[2], kinds[0]] as Kind[]]
  for (const order of orders) {
    for (const k of order) {
      if (k === "without the agents' figures") await setAgentTriggers(false)
      try {
        rates[k].push(await run(k, Math.ceil(contentionRounds / orders.length)))
      } finally {
        await setAgentTriggers(true)
      }
    }
  }
  // The rounds settled without the agents' figures are not in them: made again from the members'.
  const t = performance.now()
  await db.execute(sql`select agent_team_rebuild()`)
  const rebuildS = (performance.now() - t) / 1000
  log(`  the agents' figures made again from the members' (agent_team_rebuild) in ${rebuildS.toFixed(1)} s`)
  const out: Record<string, Json> = { rebuildSeconds: rebuildS }
  for (const k of kinds) {
    const s = stats(latencies[k])
    const rate = median(rates[k])
    out[k] = { roundsPerSecond: rate, latency: s }
    log(
      `concurrent settlements, ${workers} connections, ${k}: ${Math.round(rate)} rounds/s; ${line(s)} (load ${load})`,
    )
  }
  return out
}

/**
 * A red envelope to 100 members, the transfer service's (the recipients' wallets read with
 * the team check and their notices written in one statement each, inside the brand's limits)
 * against the way it was before (team-service.ts: each recipient's wallet looked up and each
 * notice inserted on its own), and a transfer to one member, interleaved in one run; each
 * envelope to 100 members none of the others were sent to (their wallets not yet known to
 * the process). The postings are checked afterwards.
 */
async function measureEnvelope(
  log: (line?: string) => void,
  db: Db,
  ledger: ReturnType<typeof createLedger>,
  settings: ReturnType<typeof createMoneySettings>,
  agentId: number,
  now: Date,
): Promise<{ figures: Record<string, Json>; summary: SummaryRow }> {
  const common = {
    db,
    ledger,
    settings,
    notices: sweptNotices,
    // The payment password's hash check is the identity area's figure, not this one's.
    checkPaymentPassword: async () => undefined,
    now: () => now,
  }
  const before = createTeamService({ ...common, team: createTeamRepository(db) })
  const after = createTransferService({
    ...common,
    transfers: createTransferRepository(db),
    redEnvelopeOn: async () => true,
  })
  const agentWallet = await ledger.memberAccount(merchant, agentId)
  const float = 100_000_000n
  const adjustments = await ledger.houseAccount(merchant, 'adjustments')
  await db.transaction((tx) =>
    ledger.post(tx, {
      merchantCode: merchant,
      type: 'ADJUSTMENT',
      memberId: agentId,
      actor: 'operator',
      at: now,
      memo: 'bench float',
      postings: [
        { accountId: agentWallet, amount: float },
        { accountId: adjustments, amount: -float },
      ],
    }),
  )
  const perRound = 201
  const recipients = rowsOf<{ member_id: number }>(
    await db.execute(
      sql`select member_id from bench_team order by n desc limit ${(envelopes + 1) * perRound}::int`,
    ),
  ).map((r) => Number(r.member_id))
  if (recipients.length < (envelopes + 1) * perRound) {
    throw new Error(`the red envelope needs ${(envelopes + 1) * perRound} members (BENCH_AGENT_MEMBERS)`)
  }
  const caller = () => ({
    merchantCode: merchant,
    locale: 'en' as const,
    ip: '127.0.0.1',
    country: null,
    idempotency: { memberId: agentId, key: randomUUID(), endpoint: 'agent.downlineTransfer', hash: 'bench' },
  })
  const kinds = ['before', 'after', 'single'] as const
  type Kind = (typeof kinds)[number]
  const send = (kind: Kind, who: number[], amount: string) => {
    const input = { shares: who.map((memberId) => ({ memberId, amount })), paymentPassword: 'bench' }
    return kind === 'before'
      ? before.transfer(caller(), agentId, input)
      : after.transfer(caller(), agentId, input)
  }
  const groupOf = (i: number, kind: Kind) => {
    const base = i * perRound
    if (kind === 'before') return recipients.slice(base, base + 100)
    if (kind === 'after') return recipients.slice(base + 100, base + 200)
    return recipients.slice(base + 200, base + 201)
  }
  // Warm: each variant once, on members of its own.
  for (const kind of kinds) await send(kind, groupOf(0, kind), '1.00')
  const ms: Record<Kind, number[]> = { before: [], after: [], single: [] }
  const load = loadNow()
  for (let i = 1; i <= envelopes; i++) {
    // Each variant first, second and last in turn.
    const order = [...kinds.slice(i % 3), ...kinds.slice(0, i % 3)]
    for (const kind of order) {
      const t = performance.now()
      await send(kind, groupOf(i, kind), '2.50')
      ms[kind].push(performance.now() - t)
    }
  }
  const [check] = rowsOf<{
    transactions: string
    unbalanced: string
    widest: string
    agent: string
    notices: string
  }>(
    await db.execute(sql`
      select count(*)::text as transactions,
             count(*) filter (where s.total <> 0)::text as unbalanced,
             max(s.n)::text as widest,
             (select balance::text from ledger_accounts where id = ${agentWallet}) as agent,
             (select count(*)::text from fund_notices where kind = 'transfer_from_upline') as notices
      from ledger_transactions t
      cross join lateral (select sum(amount) as total, count(*) as n from ledger_postings p where p.transaction_id = t.id) s
      where t.type = 'DOWNLINE_TRANSFER'`),
  )
  const sent = 201n * 100n + BigInt(envelopes) * (200n * 250n + 250n)
  const balanced =
    check?.unbalanced === '0' &&
    check.transactions === String(3 * (envelopes + 1)) &&
    check.widest === '101' &&
    check.agent === String(float - sent) &&
    check.notices === String((envelopes + 1) * perRound)
  const beforeStats = stats(ms.before)
  const afterStats = stats(ms.after)
  const oneStats = stats(ms.single)
  const pair = (a: number[], b: number[]) => median(a.map((x, i) => x / (b[i] ?? x)))
  const beforeOverAfter = pair(ms.before, ms.after)
  const afterOverSingle = pair(ms.after, ms.single)
  log(
    `red envelope to 100 members (one transaction), now: ${line(afterStats)}; as before (a statement per ` +
      `recipient's wallet and per notice): ${line(beforeStats)}; to one member: ${line(oneStats)}`,
  )
  log(
    `  before / now ${round(beforeOverAfter)}×, now / single ${round(afterOverSingle)}× (medians of pairs; load ${load})`,
  )
  log(
    `  ${check?.transactions} transfers, ${check?.unbalanced} unbalanced, widest ${check?.widest} postings, ` +
      `agent's wallet ${check?.agent} (expected ${float - sent}), ${check?.notices} notices: ${balanced ? 'balanced' : 'NOT AS EXPECTED'}`,
  )
  return {
    figures: {
      envelope: afterStats,
      envelopeBefore: beforeStats,
      singleTransfer: oneStats,
      beforeOverNow: beforeOverAfter,
      envelopeOverSingle: afterOverSingle,
      envelopeBalanced: balanced,
    },
    summary: {
      metric: 'agent red envelope to 100 members (one transaction)',
      value: `${afterStats.p50Ms} ms`,
      note: `max ${afterStats.maxMs} ms; was ${beforeStats.p50Ms} ms (${round(beforeOverAfter)}× slower); ${round(afterOverSingle)}× a single transfer; ${balanced ? 'postings balance' : 'NOT BALANCED'}`,
    },
  }
}
