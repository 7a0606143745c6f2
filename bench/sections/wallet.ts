/**
 * Seamless-wallet rounds per second: the platform app (built in process on a fresh
 * database, listening on loopback) takes signed POST /vendor-api/bench/wallet/debit then
 * /credit calls over HTTP from concurrent vendor clients, each a round of one of 20 members
 * playing from the main wallet (single-wallet mode), for a fixed time. Then the game money
 * is reconciled three ways (ledger, vendor transactions, rounds) and the ledger as a whole.
 *
 * Budget: at least 100 rounds/s on PGlite, reconciling. A round is two committed
 * transactions (the debit's and the credit's, each a ledger movement with its vendor
 * transaction and bet record) and PGlite commits one at a time: 100 rounds/s is 200 wallet
 * calls/s, what the ledger's own transfers reach over HTTP on this 2-core machine when it is
 * quiet (docs/ARCHITECTURE.md "Figures"). BENCH_WALLET_SECONDS sets the run (default 3);
 * BENCH_WALLET_ENGINES=pglite,postgresql adds PostgreSQL at BENCH_DATABASE_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { randomBytes, randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { buildApp, type AppConfig } from '#server/app'
import { members, merchants } from '#server/db/schema'
import { seedDemoBrand } from '#server/db/seed'
import { createLedger, reconcile } from '#server/money/ledger'
import { openDatabase, type Database } from '#server/plugins/external/db'
import {
  signedWalletHeaders,
  walletPath,
  type VendorAdapter,
  WalletAnswerSchema,
} from '#server/vendors/adapter'
import { formatGameReconcile, reconcileGames } from '#server/vendors/reconcile'
import { createWalletRepository, vendorSecret } from '#server/vendors/wallet-repository'
import { num, table } from '../lib/format'
import { benchAdminUrl, pgReachable, withTempPg } from '../lib/pg'
import { stats } from '../lib/stats'
import type { BenchSection, Json, SectionResult, SummaryRow } from '../lib/types'

const durationS = Number(process.env.BENCH_WALLET_SECONDS ?? 3)
const engines = (process.env.BENCH_WALLET_ENGINES ?? 'pglite').split(',').map((e) => e.trim())
const budgetPerS = 100
const merchant = 'DEMO'
const memberCount = 20
const clients = 10
const game = 'DSL-0002'

/** The bench's vendor: it never launches anything, it only calls the wallet. */
const benchVendor: VendorAdapter = {
  id: 'bench',
  launch: () => Promise.resolve({ url: '/bench' }),
}

function configOf(staticDir: string): AppConfig {
  return {
    LOG_LEVEL: 'warn',
    MERCHANT_CODE: merchant,
    COUNTRY_HEADER: 'cf-ipcountry',
    SETTINGS_TTL_SECONDS: 10,
    trustProxy: false,
    staticDir,
    SESSION_IDLE_MINUTES: 120,
    SESSION_MAX_HOURS: 24,
    ARGON2_MEMORY_KIB: 8192,
    ARGON2_PASSES: 1,
    DEV_TOOLS: false,
    NODE_ENV: 'production',
    DEMO: false,
    PAYMENT_GATEWAY_SECRET: undefined,
    PUSH_CONTACT: 'mailto:operator@example.com',
  }
}

interface Run {
  [key: string]: Json
  engine: string
  rounds: number
  perS: number
  p50Ms: number
  p99Ms: number
  refused: number
  failed: number
  reconciles: boolean
  gameMoney: string
}

/** Members with money on main, each with an open game session of the bench vendor. */
async function players(database: Database): Promise<string[]> {
  const db = database.db
  const ledger = createLedger(db)
  const sessions = createWalletRepository(db)
  const house = await ledger.houseAccount(merchant, 'adjustments')
  const tokens: string[] = []
  for (let i = 0; i < memberCount; i++) {
    const username = `wallet${i}`
    const [m] = await db
      .insert(members)
      .values({ merchantCode: merchant, username, account: username, nickname: username, passwordHash: 'x' })
      .returning({ id: members.id })
    if (!m) throw new Error('member not made')
    const main = await ledger.memberAccount(merchant, m.id)
    await db.transaction((tx) =>
      ledger.post(tx, {
        merchantCode: merchant,
        type: 'ADJUSTMENT',
        memberId: m.id,
        memo: 'bench float',
        actor: 'operator',
        at: new Date(),
        postings: [
          { accountId: house, amount: -100_000_000n },
          { accountId: main, amount: 100_000_000n },
        ],
      }),
    )
    const now = new Date()
    const made = await sessions.createSession({
      merchantCode: merchant,
      memberId: m.id,
      vendorId: benchVendor.id,
      vassalage: 'DSL',
      gameType: 'RNG',
      gameCode: game,
      accountTypeId: 2,
      vendorAccountTypeId: 109,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    })
    tokens.push(made.token)
  }
  return tokens
}

async function measure(engine: string, database: Database): Promise<Run> {
  await database.migrate()
  await seedDemoBrand(database.db, merchant, async () => 'not-a-password-hash')
  await database.db.update(merchants).set({ walletMode: 'SINGLE' }).where(eq(merchants.code, merchant))
  const tokens = await players(database)
  const secret = await vendorSecret(database.db, benchVendor.id)
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-static-'))
  const { app } = await buildApp(configOf(staticDir), database, {
    vendorAdapters: [{ adapter: benchVendor }],
  })
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 })
    async function call(kind: 'debit' | 'credit', body: object): Promise<boolean> {
      const raw = JSON.stringify(body)
      const res = await fetch(`${base}${walletPath(benchVendor.id, kind)}`, {
        method: 'POST',
        headers: signedWalletHeaders(secret, raw, Date.now()),
        body: raw,
        signal: AbortSignal.timeout(10_000),
      })
      if (res.status !== 200) throw new Error(`${kind} answered ${res.status}`)
      return WalletAnswerSchema.parse(await res.json()).ok
    }
    const samples: number[] = []
    let refused = 0
    let failed = 0
    const end = performance.now() + durationS * 1000
    const client = async (c: number) => {
      for (let i = 0; performance.now() < end; i++) {
        const player = tokens[(c + i * clients) % tokens.length] ?? ''
        const roundId = `r-${randomBytes(8).toString('hex')}`
        const t0 = performance.now()
        try {
          const debit = {
            player,
            txId: `d-${roundId}`,
            roundId,
            gameId: game,
            amount: String(randomInt(1, 500)),
          }
          if (!(await call('debit', debit))) {
            refused++
            continue
          }
          const credit = {
            player,
            txId: `c-${roundId}`,
            roundId,
            gameId: game,
            amount: String(randomInt(0, 900)),
          }
          if (!(await call('credit', credit))) {
            refused++
            continue
          }
          samples.push(performance.now() - t0)
        } catch {
          failed++
        }
      }
    }
    const started = performance.now()
    await Promise.all(Array.from({ length: clients }, (_, c) => client(c)))
    const seconds = (performance.now() - started) / 1000
    const games = await reconcileGames(database.db, merchant)
    const ledger = await reconcile(database.db)
    const s = stats(samples)
    return {
      engine,
      rounds: samples.length,
      perS: Math.round(samples.length / seconds),
      p50Ms: s.p50Ms,
      p99Ms: s.p99Ms,
      refused,
      failed,
      reconciles: games.ok && ledger.ok,
      gameMoney: formatGameReconcile(games),
    }
  } finally {
    await app.close().catch(() => undefined)
    rmSync(staticDir, { recursive: true, force: true })
  }
}

async function onEngine(engine: string): Promise<Run | null> {
  if (engine === 'postgresql') {
    if (!(await pgReachable())) return null
    return withTempPg(async (url) => {
      const database = await openDatabase({ databaseUrl: url, poolMax: 10 })
      try {
        return await measure(engine, database)
      } finally {
        await database.close()
      }
    }, benchAdminUrl)
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-wallet-'))
  const database = await openDatabase({ dataDir })
  try {
    return await measure('pglite', database)
  } finally {
    await database.close().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export const section: BenchSection = {
  name: 'wallet',
  title: 'Seamless wallet: signed debit+credit rounds per second over HTTP, with the reconcile',
  order: 27,
  async run(ctx): Promise<SectionResult> {
    const runs: Run[] = []
    for (const engine of engines) {
      ctx.log(`${engine}: ${clients} vendor clients, ${memberCount} members, ${durationS} s of rounds …`)
      const run = await onEngine(engine)
      if (!run) {
        ctx.log(`${engine}: not reachable, skipped`)
        continue
      }
      runs.push(run)
      ctx.log(run.gameMoney)
    }
    if (runs.length === 0) throw new Error('no engine could be measured')
    const verdict = (r: Run) =>
      r.engine === 'pglite'
        ? `budget ≥ ${budgetPerS}/s: ${r.perS >= budgetPerS && r.reconciles ? 'PASS' : 'OVER'}`
        : ''
    ctx.log()
    ctx.log(
      table(
        ['engine', 'rounds/s', 'p50 ms', 'p99 ms', 'refused', 'failed', 'reconciles'],
        runs.map((r) => [
          r.engine,
          num(r.perS),
          `${r.p50Ms}`,
          `${r.p99Ms}`,
          `${r.refused}`,
          `${r.failed}`,
          r.reconciles ? 'yes' : 'NO',
        ]),
      ),
    )
    const summary: SummaryRow[] = runs.map((r) => ({
      metric: `seamless rounds/s (${r.engine})`,
      value: num(r.perS),
      note: `p99 ${r.p99Ms} ms; ${r.reconciles ? 'reconciles' : 'DOES NOT RECONCILE'}${verdict(r) ? `; ${verdict(r)}` : ''}`,
    }))
    return {
      figures: { runs, budget: { roundsPerS: budgetPerS, engine: 'pglite' }, durationS, clients },
      summary,
    }
  },
}
