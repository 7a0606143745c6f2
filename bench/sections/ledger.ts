/**
 * Ledger throughput: wallet transfers per second, with the reconciliation beside them.
 *
 * 1. In process, per engine (PGlite in a temp folder; PostgreSQL when reachable at
 *    BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test, in a temp
 *    database): concurrent workers run exactly what GCS_walletTransfer runs inside its
 *    transaction (idempotency key + ledger movement) between the main and a vendor wallet
 *    of 50 members, for a fixed time. Then reconcile.
 * 2. Over HTTP, per engine: the real server (its own process) takes POST
 *    /wps/relay/GCS_walletTransfer with a fresh Idempotency-Key per request from 50
 *    concurrent clients, one member each, for a fixed time. Figures: transfers/s, p50,
 *    p99, timeouts (an answer after 2 s, or none within BENCH_LEDGER_ABORT_SECONDS), the
 *    ratio to the in-process rate on the same engine, the server's CPU per transfer, and
 *    the reconciliation after the server stopped.
 *
 * Budgets: at least 1,000 transfers/s in process on PostgreSQL on this 2-core machine;
 * over HTTP, p99 ≤ 500 ms, no timeout, and at least half the in-process rate.
 * BENCH_LEDGER_ENGINES=pglite (or postgresql) measures one engine; BENCH_LEDGER_SECONDS
 * sets the time of each run (default 8), BENCH_LEDGER_WARMUP_SECONDS the HTTP warm-up (default 2).
 */
import { randomBytes, randomInt } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import { members, merchants } from '#server/db/schema'
import { seedDemoBrand } from '#server/db/seed'
import { createPasswords } from '#server/identity/passwords'
import { requestHash, storedAnswer, withIdempotency } from '#server/money/idempotency'
import { createLedger, type Ledger } from '#server/money/ledger'
import { reconcile, type ReconcileReport } from '#server/money/ledger-reconcile'
import { openDatabase, type Database } from '#server/plugins/external/db'
import { num, ratio, ratioText, table } from '../lib/format'
import { benchAdminUrl, pgReachable, withTempPg } from '../lib/pg'
import { startPortal } from '../lib/portal'
import { fetchSealingKey, seal } from '../lib/sealed'
import { round, stats } from '../lib/stats'
import type { BenchSection, Json, SectionResult, SummaryRow } from '../lib/types'

const durationS = Number(process.env.BENCH_LEDGER_SECONDS ?? 8)
const budgetPerS = 1000
const memberCount = 50
const merchant = 'DEMO'
/** The demo brand's first vendor wallet. */
const vendorTypeId = 100
const floatMinor = 100_000_000n

interface Run {
  [key: string]: Json
  engine: string
  workers: number
  transfers: number
  perS: number
  p50Ms: number
  p99Ms: number
  reconciles: boolean
  accounts: number
  transactions: number
  /** Movements refused (a transfer that failed is not counted as one). */
  refused: number
  /**
   * CPU time of the process doing the work (the bench itself in process, the server over
   * HTTP) per transfer: steadier than the rate when other work shares the machine.
   */
  cpuMsPerTransfer: number | null
}

/**
 * A float in the member's main and vendor wallet, so a transfer either way succeeds and
 * every answer measured is a movement.
 */
async function float(ledger: Ledger, db: Database['db'], memberId: number) {
  const house = await ledger.houseAccount(merchant, 'adjustments')
  const main = await ledger.memberAccount(merchant, memberId)
  const vendor = await ledger.memberAccount(merchant, memberId, vendorTypeId)
  await db.transaction((tx) =>
    ledger.post(tx, {
      merchantCode: merchant,
      type: 'ADJUSTMENT',
      memberId,
      memo: 'bench float',
      actor: 'operator',
      at: new Date(),
      postings: [
        { accountId: house, amount: -2n * floatMinor },
        { accountId: main, amount: floatMinor },
        { accountId: vendor, amount: floatMinor },
      ],
    }),
  )
  return { main, vendor }
}

async function servicePath(engine: string, database: Database, workers: number): Promise<Run> {
  await database.migrate()
  await seedDemoBrand(database.db, merchant, async () => 'not-a-password-hash')
  const db = database.db
  const ledger = createLedger(db)
  const ids: { id: number; main: number; vendor: number }[] = []
  for (let i = 0; i < memberCount; i++) {
    const username = `bench${i}`
    const [m] = await db
      .insert(members)
      .values({ merchantCode: merchant, username, account: username, nickname: username, passwordHash: 'x' })
      .returning({ id: members.id })
    if (!m) throw new Error('member not made')
    ids.push({ id: m.id, ...(await float(ledger, db, m.id)) })
  }
  const samples: number[] = []
  let refused = 0
  const end = performance.now() + durationS * 1000
  const worker = async () => {
    while (performance.now() < end) {
      const m = ids[randomInt(0, ids.length)] as (typeof ids)[number]
      const amount = BigInt(randomInt(1, 1000))
      const out = randomInt(0, 2) === 0
      const t0 = performance.now()
      const ctx = {
        memberId: m.id,
        key: randomBytes(12).toString('hex'),
        endpoint: 'wallet.transfer',
        hash: requestHash('wallet.transfer', { amount: String(amount), out }),
      }
      // The route layer looks for a stored answer before the handler runs.
      await storedAnswer(db, ctx)
      await withIdempotency(db, ctx, new Date(), (tx) =>
        ledger.post(tx, {
          merchantCode: merchant,
          type: 'WALLET_TRANSFER',
          memberId: m.id,
          actor: 'member',
          at: new Date(),
          postings: [
            { accountId: out ? m.main : m.vendor, amount: -amount },
            { accountId: out ? m.vendor : m.main, amount },
          ],
        }),
      ).then(
        () => samples.push(performance.now() - t0),
        () => refused++,
      )
    }
  }
  const t0 = performance.now()
  const cpu0 = process.cpuUsage()
  await Promise.all(Array.from({ length: workers }, worker))
  const cpu = process.cpuUsage(cpu0)
  const wallS = (performance.now() - t0) / 1000
  const r = await reconcile(db)
  return {
    engine,
    workers,
    transfers: samples.length,
    perS: Math.round(samples.length / wallS),
    p50Ms: stats(samples).p50Ms,
    p99Ms: stats(samples).p99Ms,
    reconciles: r.ok,
    accounts: r.accounts,
    transactions: r.transactions,
    refused,
    cpuMsPerTransfer: round((cpu.user + cpu.system) / 1000 / Math.max(1, samples.length)),
  }
}

interface HttpRun extends Run {
  /** How many answers of each status other than 200. */
  statuses: { [status: string]: number }
  /** Requests answered after more than 2 s. */
  slow: number
  /** Requests with no answer within the client's abort time. */
  unanswered: number
  warmupS: number
  /** Timeouts during the warm-up (not in the figures above). */
  warmupTimeouts: number
  maxMs: number
  /** HTTP transfers/s over the in-process rate on the same engine. */
  ratio: number | null
}

const slowMs = 2000
const warmupS = Number(process.env.BENCH_LEDGER_WARMUP_SECONDS ?? 2)

/** User and system CPU of a process in ms, from /proc (null where there is none). */
function cpuMsOf(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces): utime is the 12th, stime the 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks
  } catch {
    return null
  }
}
/** Linux's USER_HZ, which /proc counts in. */
const clockTicks = 100
const abortMs = Number(process.env.BENCH_LEDGER_ABORT_SECONDS ?? 20) * 1000

/** Members of their own for the HTTP clients, each with a float, written before the server starts. */
async function prepareMembers(database: Database, clients: number): Promise<string[]> {
  await database.migrate()
  await seedDemoBrand(database.db, merchant, async () => 'not-a-password-hash')
  // Transfers between the main and vendor wallets: one wallet per vendor.
  await database.db.update(merchants).set({ walletMode: 'MULTI' }).where(eq(merchants.code, merchant))
  const hash = await createPasswords({ memoryKib: 8192, passes: 1 }).hash('lotus123')
  const ledger = createLedger(database.db)
  const names: string[] = []
  for (let i = 0; i < clients; i++) {
    const username = `httpbench${i}`
    const [m] = await database.db
      .insert(members)
      .values({ merchantCode: merchant, username, account: username, nickname: username, passwordHash: hash })
      .returning({ id: members.id })
    if (!m) throw new Error('member not made')
    await float(ledger, database.db, m.id)
    names.push(username)
  }
  return names
}

/**
 * The real server (its own process) takes POST /wps/relay/GCS_walletTransfer with a fresh
 * Idempotency-Key per request from `clients` concurrent members, one member per client.
 */
async function overHttp(
  root: string,
  engine: 'pglite' | 'postgresql',
  databaseUrl: string | undefined,
  clients: number,
  inProcessPerS: number | undefined,
): Promise<HttpRun> {
  let names: string[] = []
  const open = (dataDir: string) => (databaseUrl ? openDatabase({ databaseUrl }) : openDatabase({ dataDir }))
  let report: ReconcileReport | undefined
  const portal = await startPortal(
    root,
    {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DB_POOL_MAX: '20' } : {}),
      ARGON2_MEMORY_KIB: '8192',
      ARGON2_PASSES: '1',
      LOG_LEVEL: 'error',
    },
    {
      prepare: async (dir) => {
        const setup = await open(dir)
        try {
          names = await prepareMembers(setup, clients)
        } finally {
          await setup.close()
        }
      },
      inspect: async (dir) => {
        const database = await open(dir)
        try {
          report = await reconcile(database.db)
        } finally {
          await database.close()
        }
      },
    },
  )
  try {
    const key = await fetchSealingKey(portal.url)
    const tokens: string[] = []
    for (const username of names) {
      const login = seal(key, { username, password: 'lotus123' })
      const res = await fetch(`${portal.url}/wps/session/login`, {
        method: 'POST',
        headers: login.headers,
        body: login.body,
      })
      tokens.push(((await res.json()) as { value: { token: string } }).value.token)
    }
    const transfer = async (token: string): Promise<{ ms: number; status: number } | 'unanswered'> => {
      const out = randomInt(0, 2) === 0
      const t0 = performance.now()
      try {
        const r = await fetch(`${portal.url}/wps/relay/GCS_walletTransfer`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: token,
            'idempotency-key': randomBytes(12).toString('hex'),
          },
          body: JSON.stringify({
            fromAccountTypeId: out ? 2 : vendorTypeId,
            toAccountTypeId: out ? vendorTypeId : 2,
            amount: '0.01',
          }),
          signal: AbortSignal.timeout(abortMs),
        })
        await r.arrayBuffer()
        return { ms: performance.now() - t0, status: r.status }
      } catch {
        return 'unanswered'
      }
    }
    // Warm-up, not measured: each client's connection is opened and each member's first
    // call (wallet ids not yet known to the server) is made; its timeouts are reported apart.
    let warmupTimeouts = 0
    const warmEnd = performance.now() + warmupS * 1000
    await Promise.all(
      tokens.map(async (token) => {
        while (performance.now() < warmEnd) {
          const r = await transfer(token)
          if (r === 'unanswered' || r.ms > slowMs) warmupTimeouts++
        }
      }),
    )
    const samples: number[] = []
    let refused = 0
    const statuses: { [status: string]: number } = {}
    let unanswered = 0
    const end = performance.now() + durationS * 1000
    const client = async (token: string) => {
      while (performance.now() < end) {
        const r = await transfer(token)
        if (r === 'unanswered') unanswered++
        else if (r.status === 200) samples.push(r.ms)
        else {
          refused++
          statuses[r.status] = (statuses[r.status] ?? 0) + 1
        }
      }
    }
    const t0 = performance.now()
    const cpu0 = cpuMsOf(portal.pid)
    await Promise.all(tokens.map(client))
    const cpu1 = cpuMsOf(portal.pid)
    const wallS = (performance.now() - t0) / 1000
    await portal.stop()
    if (!report) throw new Error('the ledger was not reconciled')
    const perS = Math.round(samples.length / wallS)
    const st = stats(samples)
    return {
      engine: `${engine} over HTTP`,
      workers: clients,
      transfers: samples.length,
      perS,
      p50Ms: st.p50Ms,
      p99Ms: st.p99Ms,
      maxMs: st.maxMs,
      reconciles: report.ok,
      accounts: report.accounts,
      transactions: report.transactions,
      refused,
      warmupS,
      warmupTimeouts,
      cpuMsPerTransfer:
        cpu0 === null || cpu1 === null ? null : round((cpu1 - cpu0) / Math.max(1, samples.length)),
      statuses,
      slow: samples.filter((ms) => ms > slowMs).length,
      unanswered,
      ratio: inProcessPerS ? ratio(perS, inProcessPerS) : null,
    }
  } finally {
    await portal.stop().catch(() => undefined)
  }
}

const httpClients = 50
const budgetP99Ms = 500
const budgetRatio = 0.5
/** Which engines to measure: BENCH_LEDGER_ENGINES=pglite,postgresql (default both). */
const engines = new Set(
  (process.env.BENCH_LEDGER_ENGINES ?? 'pglite,postgresql').split(',').map((e) => e.trim()),
)

function httpVerdict(r: HttpRun): string {
  const timeouts = r.slow + r.unanswered
  const ok = r.p99Ms <= budgetP99Ms && timeouts === 0 && r.ratio !== null && r.ratio >= budgetRatio
  return ok ? 'PASS' : 'OVER'
}

export const section: BenchSection = {
  name: 'ledger',
  title: 'ledger transfers/s on PGlite and PostgreSQL, in process and over HTTP, with the reconciliation',
  order: 50,
  async run(ctx): Promise<SectionResult> {
    const runs: Run[] = []
    const http: HttpRun[] = []
    if (engines.has('pglite')) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-ledger-'))
      let inProcess: Run
      try {
        const lite = await openDatabase({ dataDir: dir })
        try {
          inProcess = await servicePath('pglite', lite, 8)
          runs.push(inProcess)
        } finally {
          await lite.close()
        }
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
      http.push(await overHttp(ctx.root, 'pglite', undefined, httpClients, inProcess.perS))
    }
    if (engines.has('postgresql')) {
      if (await pgReachable()) {
        const inProcess = await withTempPg(async (url) => {
          const database = await openDatabase({ databaseUrl: url, poolMax: 16 })
          try {
            return await servicePath('postgresql', database, 32)
          } finally {
            await database.close()
          }
        })
        runs.push(inProcess)
        http.push(
          await withTempPg((url) => overHttp(ctx.root, 'postgresql', url, httpClients, inProcess.perS)),
        )
      } else {
        ctx.log(`PostgreSQL not reachable at ${benchAdminUrl}: only PGlite measured`)
      }
    }
    const reconciled = (r: Run) =>
      `${r.reconciles ? 'ok' : 'DRIFT'} (${num(r.accounts)} accounts, ${num(r.transactions)} tx)`
    ctx.log("in process (the transfer's transaction only):")
    ctx.log(
      table(
        ['engine', 'workers', 'transfers', 'per s', 'p50 ms', 'p99 ms', 'CPU ms/transfer', 'reconcile'],
        runs.map((r) => [
          r.engine,
          String(r.workers),
          num(r.transfers),
          num(r.perS),
          String(r.p50Ms),
          String(r.p99Ms),
          r.cpuMsPerTransfer === null ? 'n/a' : String(r.cpuMsPerTransfer),
          reconciled(r),
        ]),
      ),
    )
    if (http.length > 0) {
      ctx.log(
        `\nover HTTP (GCS_walletTransfer, one member per client, after ${warmupS} s of warm-up; a timeout is an answer after ${slowMs / 1000} s or none within ${abortMs / 1000} s):`,
      )
      ctx.log(
        table(
          [
            'engine',
            'clients',
            'transfers',
            'per s',
            'p50 ms',
            'p99 ms',
            'max ms',
            'timeouts',
            'refused',
            'ratio',
            'server CPU ms/transfer',
            'warm-up timeouts',
            'reconcile',
          ],
          http.map((r) => [
            r.engine,
            String(r.workers),
            num(r.transfers),
            num(r.perS),
            String(r.p50Ms),
            String(r.p99Ms),
            String(r.maxMs),
            num(r.slow + r.unanswered),
            num(r.refused),
            ratioText(r.ratio),
            r.cpuMsPerTransfer === null ? 'n/a' : String(r.cpuMsPerTransfer),
            num(r.warmupTimeouts),
            reconciled(r),
          ]),
        ),
      )
    }
    const summary: SummaryRow[] = [
      ...runs.map((r) => ({
        metric: `ledger transfers/s, ${r.engine}`,
        value: num(r.perS),
        note: `${r.engine === 'postgresql' ? (r.perS >= budgetPerS ? 'PASS' : 'OVER') + ` (budget ≥ ${num(budgetPerS)}/s); ` : ''}reconcile ${r.reconciles ? 'ok' : 'DRIFT'}`,
      })),
      ...http.map((r) => ({
        metric: `transfers/s, ${r.engine}, ${r.workers} clients`,
        value: num(r.perS),
        note: `${httpVerdict(r)} (p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms ≤ ${budgetP99Ms}; ${num(r.slow + r.unanswered)} timeouts, none allowed; ratio ${ratioText(r.ratio)} ≥ ${budgetRatio}); reconcile ${r.reconciles ? 'ok' : 'DRIFT'}`,
      })),
    ]
    return { figures: { durationS, runs, http }, summary }
  },
}
