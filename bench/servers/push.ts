/**
 * The platform's push pipeline for the push section, in its own process (its own event
 * loop, as the real server has): a fresh database (PGlite in PUSH_DATA_DIR, or PostgreSQL
 * at PUSH_DATABASE_URL), the demo brand, PUSH_MEMBERS members each with one browser
 * subscription at PUSH_BASE/m<i> (the section's local push service). It prints "Push
 * seeded", starts the platform's two push jobs on pg-boss exactly as the server runs them
 * (the delivery job, woken at each notice's commit, and the sweep every PUSH_SWEEP_SECONDS as
 * the safety net), attaches the queue to the notice writer as main.ts does, and prints "Push
 * jobs started at <epoch ms>". Then it writes PUSH_NOTICES fund notices spread over the
 * members, as deposits credited, each in its own transaction through the notice writer
 * settlement uses (so each queues its push in that transaction), and prints "Push notices
 * written <first epoch ms> <last epoch ms>". SIGTERM stops the jobs and the database. Its https requests trust the push service's certificate through
 * NODE_EXTRA_CA_CERTS, set by the section.
 */
import { createECDH, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp, type AppConfig } from '#server/app'
import { members, pushSubscriptions } from '#server/db/schema'
import { seedDemoBrand } from '#server/db/seed'
import { createJobs, type Jobs } from '#server/jobs/jobs'
import { pushDeliver, pushDeliverJob, pushSweepJob } from '#server/jobs/push-delivery'
import { openDatabase } from '#server/plugins/external/db'

const merchant = 'DEMO'
const memberCount = Number(process.env.PUSH_MEMBERS ?? 100)
const noticeCount = Number(process.env.PUSH_NOTICES ?? 1000)
const sweepSeconds = Number(process.env.PUSH_SWEEP_SECONDS ?? 5)
const base = process.env.PUSH_BASE ?? ''
const perTx = Math.max(1, Number(process.env.PUSH_PER_TX ?? 1))

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
    // Any https endpoint is taken outside production: the push service is on loopback.
    NODE_ENV: 'test',
    DEMO: false,
    PAYMENT_GATEWAY_SECRET: undefined,
    PUSH_CONTACT: 'mailto:operator@example.com',
  }
}

async function main(): Promise<void> {
  if (!base.startsWith('https://127.0.0.1:')) throw new Error('PUSH_BASE must be the local push service')
  const url = process.env.PUSH_DATABASE_URL
  const database = await openDatabase(
    url ? { databaseUrl: url, poolMax: 10 } : { dataDir: process.env.PUSH_DATA_DIR },
  )
  await database.migrate()
  await seedDemoBrand(database.db, merchant, async () => 'not-a-password-hash')
  const db = database.db
  const now = new Date()
  const memberIds: number[] = []
  for (let i = 0; i < memberCount; i++) {
    const username = `push${i}`
    const [m] = await db
      .insert(members)
      .values({ merchantCode: merchant, username, account: username, nickname: username, passwordHash: 'x' })
      .returning({ id: members.id })
    if (!m) throw new Error('member not made')
    memberIds.push(m.id)
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    await db.insert(pushSubscriptions).values({
      merchantCode: merchant,
      memberId: m.id,
      endpoint: `${base}/m${i}`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
      language: i % 2 === 0 ? 'EN' : 'KM',
      createdAt: now,
    })
  }
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-static-'))
  const { app, services } = await buildApp(configOf(staticDir), database)
  console.log('Push seeded')
  const jobs: Jobs = createJobs({
    database,
    jobs: [pushSweepJob(services.push, () => jobs, sweepSeconds), pushDeliverJob(services.push, () => jobs)],
    log: app.log,
  })
  const startedAt = Date.now()
  await jobs.start()
  services.push.useQueue((tx, deliveries) => jobs.sendInTransaction(tx, pushDeliver, deliveries))
  console.log(`Push jobs started at ${startedAt}`)

  // A burst of approvals: PUSH_PER_TX notices per transaction (1: each its own, as an
  // operator's approvals are), each queuing its push in that transaction.
  const firstAt = Date.now()
  for (let i = 0; i < noticeCount; i += perTx) {
    await db.transaction(async (tx) => {
      for (let k = i; k < Math.min(noticeCount, i + perTx); k++) {
        await services.push.record(tx, {
          memberId: memberIds[k % memberIds.length] ?? 0,
          kind: 'deposit_credited',
          amount: BigInt(1000 + k),
          reference: `D${k}`,
          at: new Date(),
        })
      }
    })
  }
  console.log(`Push notices written ${firstAt} ${Date.now()}`)

  process.once('SIGTERM', () => {
    void (async () => {
      await jobs.stop()
      await app.close()
      await database.close()
      rmSync(staticDir, { recursive: true, force: true })
      process.exit(0)
    })().catch((err: unknown) => {
      console.error(err)
      process.exit(1)
    })
  })
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
