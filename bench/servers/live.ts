/**
 * The live channel's server for the live bench section, in its own process (its own event
 * loop, as the real server has): a fresh database (PGlite in LIVE_DATA_DIR, or PostgreSQL at
 * LIVE_DATABASE_URL), the demo brand, LIVE_MEMBERS members each with a session, the app
 * listening on loopback. It writes the members' usernames and tokens to LIVE_TOKENS_FILE and
 * prints "Live ready <url>". Then it takes commands on stdin, one per line, and answers each:
 * - `adjust <username>`: the operator command `adjust <username> 1.00` (the ledger moves, the
 *   trigger writes the member's event) → `adjusted <username>`;
 * - `announce`: the operator adds an announcement (a brand-wide event) → `announced`;
 * - `memory`: after a collection (run with --expose-gc) → `memory <rss> <heapUsed> <streams>`.
 * SIGTERM stops it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { buildApp, type AppConfig } from '#server/app'
import { members } from '#server/db/schema'
import { seedDemoBrand } from '#server/db/seed'
import { runCommand } from '#server/ops/commands'
import { openDatabase } from '#server/plugins/external/db'

const merchant = 'DEMO'
const memberCount = Number(process.env.LIVE_MEMBERS ?? 5000)

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
    NODE_ENV: 'test',
    DEMO: false,
    PAYMENT_GATEWAY_SECRET: undefined,
    PUSH_CONTACT: 'mailto:operator@example.com',
  }
}

async function main(): Promise<void> {
  const url = process.env.LIVE_DATABASE_URL
  const database = await openDatabase(
    url ? { databaseUrl: url, poolMax: 10 } : { dataDir: process.env.LIVE_DATA_DIR },
  )
  await database.migrate()
  await seedDemoBrand(database.db, merchant, async () => 'not-a-password-hash')
  const db = database.db
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-static-'))
  const { app, services } = await buildApp(configOf(staticDir), database)
  const rows: { username: string; token: string }[] = []
  for (let i = 0; i < memberCount; i += 500) {
    const batch = Array.from({ length: Math.min(500, memberCount - i) }, (_, k) => `live${i + k}`)
    const made = await db
      .insert(members)
      .values(
        batch.map((u) => ({
          merchantCode: merchant,
          username: u,
          account: u,
          nickname: u,
          passwordHash: 'x',
        })),
      )
      .returning({ id: members.id, username: members.username })
    for (const m of made) {
      rows.push({
        username: m.username,
        token: await services.sessions.create(m.id, 'password', '127.0.0.1', 'bench'),
      })
    }
  }
  writeFileSync(process.env.LIVE_TOKENS_FILE ?? '', JSON.stringify(rows))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address !== 'object') throw new Error('not listening')
  console.log(`Live ready http://127.0.0.1:${address.port}`)

  const ops = (...argv: string[]) =>
    runCommand(
      {
        db,
        merchantCode: merchant,
        invalidate: () => services.settingsChanged(),
        rotateKey: () => services.keyring.rotate(),
        hashPassword: (password) => services.passwords.hash(password),
        paymentGateway: services.gateway,
        notices: services.push,
        operator: 'bench-operator',
        settingsTtlSeconds: 10,
      },
      argv,
    )
  process.once('SIGTERM', () => {
    void (async () => {
      await app.close()
      await database.close()
      rmSync(staticDir, { recursive: true, force: true })
      process.exit(0)
    })()
  })
  const gc = (globalThis as { gc?: () => void }).gc
  for await (const line of createInterface({ input: process.stdin })) {
    const [cmd, arg] = line.trim().split(/\s+/)
    if (cmd === 'adjust' && arg) {
      await ops('adjust', arg, '1.00', 'bench credit')
      console.log(`adjusted ${arg}`)
    } else if (cmd === 'announce') {
      await ops('announcement', 'add', 'B', 'EN', 'Bench', 'A brand-wide notice')
      console.log('announced')
    } else if (cmd === 'memory') {
      gc?.()
      const m = process.memoryUsage()
      console.log(`memory ${m.rss} ${m.heapUsed} ${app.live.hub.size}`)
    }
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
