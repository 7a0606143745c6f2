/**
 * Ledger throughput: wallet transfers per second, with the reconciliation beside them.
 *
 * 1. Service path, per engine (PGlite in a temp folder; PostgreSQL when reachable at
 *    BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test, in a temp
 *    database): concurrent workers run exactly what GCS_walletTransfer runs inside its
 *    transaction (idempotency key + ledger movement) between the main and a vendor wallet
 *    of 50 members, for a fixed time. Then reconcile.
 * 2. Over HTTP on PostgreSQL: the real server (its own process) takes POST
 *    /wps/relay/GCS_walletTransfer with a fresh Idempotency-Key per request from
 *    concurrent clients, for a fixed time. Then reconcile.
 *
 * Budget (issue "money"): at least 1,000 transfers/s on PostgreSQL on this 2-core machine.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { members } from '#server/db/schema'
import { seedDemoBrand } from '#server/db/seed'
import { createPasswords } from '#server/identity/passwords'
import { createFundsService } from '#server/money/funds-service'
import { requestHash, storedAnswer, withIdempotency } from '#server/money/idempotency'
import { createLedger, reconcile } from '#server/money/ledger'
import { openDatabase, type Database } from '#server/plugins/external/db'
import { num, table } from '../lib/format'
import { benchAdminUrl, pgReachable, withTempPg } from '../lib/pg'
import { stats } from '../lib/stats'
import { startPortal } from '../lib/portal'
import { fetchSealingKey, seal } from '../lib/sealed'
import type { BenchSection, Json, SectionResult, SummaryRow } from '../lib/types'

const durationS = Number(process.env.BENCH_LEDGER_SECONDS ?? 8)
const budgetPerS = 1000
const memberCount = 50
const merchant = 'DEMO'

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
}

async function servicePath(engine: string, database: Database, workers: number): Promise<Run> {
  await database.migrate()
  await seedDemoBrand(database.db, merchant, async () => 'not-a-password-hash')
  const db = database.db
  const ledger = createLedger(db)
  const funds = createFundsService(db, ledger, () => new Date())
  const ids: { id: number; main: number; vendor: number }[] = []
  for (let i = 0; i < memberCount; i++) {
    const username = `bench${i}`
    const [m] = await db
      .insert(members)
      .values({ merchantCode: merchant, username, account: username, nickname: username, passwordHash: 'x' })
      .returning({ id: members.id })
    if (!m) throw new Error('member not made')
    await funds.adjust(merchant, username, 100_000_000n, 'bench float', 'ADJUSTMENT')
    ids.push({
      id: m.id,
      main: await ledger.memberAccount(merchant, m.id),
      vendor: await ledger.memberAccount(merchant, m.id, 100),
    })
  }
  const samples: number[] = []
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
      ).catch(() => undefined)
      samples.push(performance.now() - t0)
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: workers }, worker))
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
  }
}

async function overHttp(root: string, databaseUrl: string, clients: number): Promise<Run> {
  const portal = await startPortal(root, {
    DATABASE_URL: databaseUrl,
    ARGON2_MEMORY_KIB: '8192',
    ARGON2_PASSES: '1',
    LOG_LEVEL: 'error',
    DB_POOL_MAX: '20',
  })
  try {
    // Members of their own, each with a float, so clients contend like real traffic does.
    const setup = await openDatabase({ databaseUrl })
    const hash = await createPasswords({ memoryKib: 8192, passes: 1 }).hash('lotus123')
    const funds = createFundsService(setup.db, createLedger(setup.db), () => new Date())
    const names: string[] = []
    try {
      for (let i = 0; i < clients; i++) {
        const username = `httpbench${i}`
        await setup.db.insert(members).values({
          merchantCode: merchant,
          username,
          account: username,
          nickname: username,
          passwordHash: hash,
        })
        await funds.adjust(merchant, username, 100_000_000n, 'bench float', 'ADJUSTMENT')
        names.push(username)
      }
    } finally {
      await setup.close()
    }
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
    const samples: number[] = []
    let failures = 0
    const end = performance.now() + durationS * 1000
    const client = async (token: string) => {
      while (performance.now() < end) {
        const out = randomInt(0, 2) === 0
        const t0 = performance.now()
        const r = await fetch(`${portal.url}/wps/relay/GCS_walletTransfer`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: token,
            'idempotency-key': randomBytes(12).toString('hex'),
          },
          body: JSON.stringify({
            fromAccountTypeId: out ? 2 : 100,
            toAccountTypeId: out ? 100 : 2,
            amount: '0.01',
          }),
        })
        await r.arrayBuffer()
        if (r.status === 200) samples.push(performance.now() - t0)
        else failures++
      }
    }
    const t0 = performance.now()
    await Promise.all(tokens.map(client))
    const wallS = (performance.now() - t0) / 1000
    await portal.stop()
    const database = await openDatabase({ databaseUrl })
    try {
      const r = await reconcile(database.db)
      return {
        engine: 'postgresql over HTTP',
        workers: clients,
        transfers: samples.length,
        perS: Math.round(samples.length / wallS),
        p50Ms: stats(samples).p50Ms,
        p99Ms: stats(samples).p99Ms,
        reconciles: r.ok,
        accounts: r.accounts,
        transactions: r.transactions,
        refused: failures,
      }
    } finally {
      await database.close()
    }
  } finally {
    await portal.stop().catch(() => undefined)
  }
}

export const section: BenchSection = {
  name: 'ledger',
  title: 'ledger transfers/s on PGlite and PostgreSQL, with the reconciliation',
  order: 50,
  async run(ctx): Promise<SectionResult> {
    const runs: Run[] = []
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-ledger-'))
    try {
      const lite = await openDatabase({ dataDir: dir })
      try {
        runs.push(await servicePath('pglite', lite, 8))
      } finally {
        await lite.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    if (await pgReachable()) {
      await withTempPg(async (url) => {
        const database = await openDatabase({ databaseUrl: url, poolMax: 16 })
        try {
          runs.push(await servicePath('postgresql', database, 32))
        } finally {
          await database.close()
        }
      })
      await withTempPg(async (url) => {
        runs.push(await overHttp(ctx.root, url, 32))
      })
    } else {
      ctx.log(`PostgreSQL not reachable at ${benchAdminUrl}: only PGlite measured`)
    }
    ctx.log(
      table(
        ['engine', 'workers', 'transfers', 'per s', 'p50 ms', 'p99 ms', 'reconcile'],
        runs.map((r) => [
          r.engine,
          String(r.workers),
          num(r.transfers),
          num(r.perS),
          String(r.p50Ms),
          String(r.p99Ms),
          `${r.reconciles ? 'ok' : 'DRIFT'} (${num(r.accounts)} accounts, ${num(r.transactions)} tx)`,
        ]),
      ),
    )
    const summary: SummaryRow[] = runs.map((r) => ({
      metric: `ledger transfers/s, ${r.engine}`,
      value: num(r.perS),
      note: `${r.engine.startsWith('postgresql') ? (r.perS >= budgetPerS ? 'PASS' : 'OVER') + ` (budget ≥ ${num(budgetPerS)}/s); ` : ''}reconcile ${r.reconciles ? 'ok' : 'DRIFT'}`,
    }))
    return { figures: { durationS, runs }, summary }
  },
}
