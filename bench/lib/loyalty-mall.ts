/**
 * The point mall's figures for the loyalty section (decision 030, section 10), on one engine:
 * the platform app built in this process on a fresh database (the demo brand with the demo's
 * point settings and mall catalogue, server/db/seed.ts `seedDemoPoints`), listening on
 * loopback, called over HTTP.
 *
 * - The catalogue read: `MCS2_getPointReward` by 50 members at once, each a member of its
 *   own session, rounds of reads after a warm-up; the server keeps the catalogue for
 *   SETTINGS_TTL_SECONDS (10 here), so every read but the first per period is the cached
 *   catalogue plus the member's units-left query. p50/p99; goal p99 ≤ 25 ms.
 * - The last item: a physical reward with a stock of 1 added with `ops reward add`, then 20
 *   members redeem it at once (encrypted, with the payment password and an idempotency key
 *   each): p99 and how many won (exactly one must).
 *
 * The client runs in the server's process (one event loop for both), so the latencies
 * include the client's own work: they are on the high side of what a separate client sees.
 * The books (money, points, mall, promotions) are reconciled at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { pointEndpoints as ep } from '#contract/points'
import { buildApp, type AppConfig } from '#server/app'
import { members } from '#server/db/schema'
import { seedDemoBrand, seedDemoPoints } from '#server/db/seed'
import { reconcile } from '#server/money/ledger-reconcile'
import { runCommand } from '#server/ops/commands'
import type { Database } from '#server/plugins/external/db'
import { reconcilePromotions } from '#server/promotions/reconcile'
import { fetchSealingKey, seal, type SealingKey } from './sealed'
import { stats, type Stats } from './stats'
import type { Json } from './types'

const merchant = 'DEMO'
const password = 'lotus123'
const paymentPassword = '246810'
const address = { address: '12 Street 310, Phnom Penh', phone: '012345678', countryDialingCode: '855' }

export interface MallFigures {
  [key: string]: Json
  engine: string
  catalogue: Stats & {
    concurrent: number
    items: number
    failed: number
    readsPerSecond: number
    /** One member reading alone, after the concurrent reads. */
    alone: Stats
    /**
     * The budget's figure: the same 50 members on the page, their reads arriving at a steady
     * `rate` a second between them (not each waiting for the last answer), so the latency is
     * the server's time plus the queueing that rate makes, not the length of a closed loop's queue.
     */
    paced: Stats & { rate: number }
  }
  lastItem: Stats & { concurrent: number; won: number; refused: Json; failed: number }
  reconciles: boolean
}

function configOf(staticDir: string): AppConfig {
  return {
    LOG_LEVEL: 'warn',
    MERCHANT_CODE: merchant,
    COUNTRY_HEADER: 'cf-ipcountry',
    // The catalogue is cached for this long (it must be above 0 for the cached figure).
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

interface Answer {
  status: number
  success: boolean
  errorCode: string | null
  value: unknown
}

async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text()
  let body: { success?: unknown; errorCode?: unknown; value?: unknown } = {}
  try {
    body = JSON.parse(text) as typeof body
  } catch {
    // not JSON: a failure below
  }
  return {
    status: res.status,
    success: res.status === 200 && body.success === true,
    errorCode: typeof body.errorCode === 'string' ? body.errorCode : null,
    value: body.value,
  }
}

function sealedPost(
  base: string,
  key: SealingKey,
  url: string,
  payload: object,
  headers: Record<string, string>,
) {
  const s = seal(key, payload)
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { ...s.headers, ...headers },
    body: s.body,
    signal: AbortSignal.timeout(30_000),
  }).then(answerOf)
}

/** Runs the mall's figures on an open, empty database of the engine named. */
export async function measureMall(
  engine: string,
  database: Database,
  opts: {
    readers: number
    readsEach: number
    racers: number
    pacedRate: number
    log: (line?: string) => void
  },
): Promise<MallFigures> {
  const db = database.db
  await database.migrate()
  await seedDemoBrand(db, merchant, async () => 'not-a-password-hash')
  await seedDemoPoints(db, merchant, new Date(Date.now() - 60_000))
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-loyalty-'))
  const config = configOf(staticDir)
  const built = await buildApp(config, database, { renderer: null })
  try {
    const base = (await built.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1')
    const ops = (...argv: string[]) =>
      runCommand(
        {
          db,
          merchantCode: merchant,
          invalidate: () => built.services.settingsChanged(),
          rotateKey: () => built.services.keyring.rotate(),
          hashPassword: (p) => built.services.passwords.hash(p),
          paymentGateway: built.services.gateway,
          notices: built.services.push,
          operator: 'bench',
          settingsTtlSeconds: config.SETTINGS_TTL_SECONDS,
        },
        argv,
      )
    const key = await fetchSealingKey(base)

    // Members: a session each, the payment password set, points to spend.
    const hash = await built.services.passwords.hash(password)
    const count = opts.readers + opts.racers
    const stamp = `${process.pid % 1000}${Date.now() % 100000}`
    const names = Array.from({ length: count }, (_, i) => `lm${stamp}x${i}`)
    await db.insert(members).values(
      names.map((username) => ({
        merchantCode: merchant,
        username,
        account: username,
        nickname: username,
        passwordHash: hash,
      })),
    )
    const tokens: string[] = []
    for (const username of names) {
      const login = await sealedPost(base, key, '/wps/session/login', { username, password }, {})
      const token = (login.value as { token?: unknown } | undefined)?.token
      if (!login.success || typeof token !== 'string') throw new Error(`login refused: ${login.errorCode}`)
      tokens.push(token)
    }
    for (const [i, token] of tokens.entries()) {
      if (i < opts.readers) continue
      const set = await sealedPost(
        base,
        key,
        '/wps/relay/setWithdrawPassword',
        { loginPassword: password, paymentPassword, confirmPaymentPassword: paymentPassword },
        { authorization: token },
      )
      if (!set.success) throw new Error(`payment password not set: ${set.errorCode}`)
      await ops('points', 'adjust', names[i] ?? '', '100', 'bench points')
    }

    // ── The catalogue read ──
    const read = async (token: string) => {
      const res = await fetch(`${base}${ep.rewards.path}`, {
        headers: { authorization: token, language: 'en' },
        signal: AbortSignal.timeout(30_000),
      })
      return answerOf(res)
    }
    const first = await read(tokens[0] ?? '')
    const items = (first.value as { list?: unknown[] } | undefined)?.list?.length ?? 0
    if (!first.success) throw new Error(`the catalogue read failed: ${first.errorCode ?? first.status}`)
    // Warm-up: every reader once (the connection, the member's first query plans).
    await Promise.all(tokens.slice(0, opts.readers).map(read))
    const readMs: number[] = []
    let readFailed = 0
    const readStart = performance.now()
    await Promise.all(
      tokens.slice(0, opts.readers).map(async (token) => {
        for (let i = 0; i < opts.readsEach; i++) {
          const t0 = performance.now()
          const a = await read(token)
          readMs.push(performance.now() - t0)
          if (!a.success) readFailed += 1
        }
      }),
    )
    const readsPerSecond = Math.round(readMs.length / ((performance.now() - readStart) / 1000))
    // The same read by one member alone: the server's own time per read, without the queue.
    const aloneMs: number[] = []
    for (let i = 0; i < opts.readsEach * 5; i++) {
      const t0 = performance.now()
      await read(tokens[0] ?? '')
      aloneMs.push(performance.now() - t0)
    }
    const alone = stats(aloneMs)
    // Paced: one read every 1000 / rate ms, the members in turn, each answer timed on its own.
    const pacedMs: number[] = []
    const interval = 1000 / opts.pacedRate
    const pacedStart = performance.now()
    const inFlight: Promise<void>[] = []
    for (let i = 0; i < readMs.length; i++) {
      const due = pacedStart + i * interval
      const wait = due - performance.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      const token = tokens[i % opts.readers] ?? ''
      inFlight.push(
        (async () => {
          const t0 = performance.now()
          const a = await read(token)
          pacedMs.push(performance.now() - t0)
          if (!a.success) readFailed += 1
        })(),
      )
    }
    await Promise.all(inFlight)
    const paced = { ...stats(pacedMs), rate: opts.pacedRate }
    const catalogue = {
      ...stats(readMs),
      concurrent: opts.readers,
      items,
      failed: readFailed,
      readsPerSecond,
      alone,
      paced,
    }
    opts.log(
      `  ${engine}: catalogue (${items} rewards) read ${readMs.length} times, ${opts.readers} members at once: ` +
        `p50 ${catalogue.p50Ms} ms, p99 ${catalogue.p99Ms} ms, ${readsPerSecond} reads/s, ${readFailed} failed; ` +
        `one member alone: p50 ${alone.p50Ms} ms, p99 ${alone.p99Ms} ms; ` +
        `paced at ${opts.pacedRate} reads/s over the ${opts.readers}: p50 ${paced.p50Ms} ms, p99 ${paced.p99Ms} ms`,
    )

    // ── The last item, 20 members at once ──
    const out = await ops(
      'reward',
      'add',
      'physical',
      '{"en":"The last one"}',
      '--points',
      '10',
      '--stock',
      '1',
    )
    const rewardId = Number(/#(\d+)/.exec(out)?.[1] ?? Number.NaN)
    if (!Number.isInteger(rewardId)) throw new Error(`reward add answered: ${out}`)
    const raceMs: number[] = []
    const refused: Record<string, number> = {}
    let won = 0
    let raceFailed = 0
    await Promise.all(
      tokens.slice(opts.readers).map(async (token, i) => {
        const t0 = performance.now()
        const a = await sealedPost(
          base,
          key,
          ep.redeem.path,
          { rewardId, quantity: 1, paymentPassword, ...address },
          { authorization: token, 'idempotency-key': `bench-last-${stamp}-${i}` },
        )
        raceMs.push(performance.now() - t0)
        if (a.success) won += 1
        else if (a.errorCode) refused[a.errorCode] = (refused[a.errorCode] ?? 0) + 1
        else raceFailed += 1
      }),
    )
    const lastItem = { ...stats(raceMs), concurrent: opts.racers, won, refused, failed: raceFailed }
    opts.log(
      `  ${engine}: the last item, ${opts.racers} redemptions at once: ${won} won, ` +
        `${Object.entries(refused)
          .map(([k, n]) => `${n} ${k}`)
          .join(
            ', ',
          )}${raceFailed ? `, ${raceFailed} failed` : ''}; p50 ${lastItem.p50Ms} ms, p99 ${lastItem.p99Ms} ms`,
    )

    const books = await reconcile(db)
    const promotions = await reconcilePromotions(db, merchant)
    const reconciles = books.ok && books.points.ok && promotions.ok
    opts.log(
      `  ${engine}: books (money, points, mall, promotions) ${reconciles ? 'reconcile' : 'DO NOT RECONCILE'}`,
    )
    return {
      engine,
      catalogue,
      lastItem,
      reconciles,
    }
  } finally {
    await built.app.close()
    rmSync(staticDir, { recursive: true, force: true })
  }
}
