/**
 * `npm start`: builds the PWA when needed, opens the database (embedded PGlite in
 * DATA_DIR unless DATABASE_URL is set), migrates, seeds the demo brand on first run in
 * demo mode (never in production) and serves the PWA and the API on one port. A
 * production install starts empty and prints the go-live steps.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app'
import { ensurePwaBuilt } from './build-pwa'
import { loadConfig, type Config } from './config/env'
import { seedForStart } from './db/seed'
import { demoAccounts } from './db/seed-data'
import { warmFirstScreenArt } from './http/art-warmup'
import { createPasswords } from './identity/passwords'
import { contractSettle } from './jobs/contract-settlement'
import { createJobs, type Jobs } from './jobs/jobs'
import { lotteryCatchUp, sendDrawsOf } from './jobs/lottery-draws'
import { platformJobs } from './jobs/platform-jobs'
import { promotionRebates } from './jobs/promotion-rebates'
import { pushDeliver } from './jobs/push-delivery'
import { missingModules } from './lazy-module'
import { startOpsServer } from './ops/ops-server'
import { processAlive, readOpsState, removeOpsState, writeOpsState } from './ops/ops-state'
import { DatabaseUnreachableError, openDatabase } from './plugins/external/db'
import { installNotes } from './system/golive-commands'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

function fail(message: string): never {
  console.error(`error: ${message}`)
  process.exit(1)
}

async function main(): Promise<void> {
  // The packages loaded on first use registered themselves as this file's imports loaded:
  // an install missing one stops here, before anything is built, opened or written.
  const missing = missingModules()
  if (missing.length > 0) fail(`packages missing from this install: ${missing.join(', ')} (run npm install)`)
  let config: Config
  try {
    config = loadConfig()
  } catch (err) {
    fail((err as Error).message)
  }

  const held = readOpsState(config.dataDir)
  if (held && held.pid !== process.pid && processAlive(held.pid) && !config.DATABASE_URL) {
    fail(`another server (pid ${held.pid}) is using ${config.dataDir}; stop it or choose another DATA_DIR`)
  }
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite'
  writeOpsState(config.dataDir, { pid: process.pid, opsUrl: null, token: null, apiUrl: null, database: kind })

  if (!config.SKIP_BUILD) {
    try {
      ensurePwaBuilt(root, config.staticDir)
    } catch (err) {
      removeOpsState(config.dataDir, process.pid)
      fail((err as Error).message)
    }
  }

  let database
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      poolMax: config.DB_POOL_MAX,
    })
  } catch (err) {
    removeOpsState(config.dataDir, process.pid)
    fail(err instanceof DatabaseUnreachableError ? err.message : `cannot open the database: ${String(err)}`)
  }
  await database.migrate()
  const passwords = createPasswords({ memoryKib: config.ARGON2_MEMORY_KIB, passes: config.ARGON2_PASSES })
  const seeded = await seedForStart(database.db, config, passwords.hash)

  const { app, services } = await buildApp(config, database)
  const address = await app.listen({ host: config.HOST, port: config.PORT })
  const port = new URL(address).port
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? `http://localhost:${port}` : address
  const ops = await startOpsServer(
    services,
    config.MERCHANT_CODE,
    config.OPS_PORT,
    config.DEMO,
    config.SETTINGS_TTL_SECONDS,
  )
  writeOpsState(config.dataDir, {
    pid: process.pid,
    opsUrl: ops.url,
    token: ops.token,
    apiUrl: shown,
    database: kind,
  })

  console.log(`Portal ready at ${shown}`)
  console.log(`  mode: ${config.DEMO ? 'demo (DEMO=false for a production install)' : 'production'}`)
  console.log(`  database: ${database.kind} (${database.where})${seeded ? ', demo brand seeded' : ''}`)
  console.log(`  brand: ${config.MERCHANT_CODE}; operator CLI: npm run ops -- help`)
  for (const line of await installNotes(database.db, config.MERCHANT_CODE, services.gateway))
    console.log(line)
  if (config.DEMO) {
    console.log('  demo accounts (published passwords: demo mode only, never for real members):')
    for (const a of demoAccounts)
      console.log(`    ${a.username.padEnd(10)} ${a.password.padEnd(10)} ${a.note}`)
  }

  // Auto-receive and session pruning run on the job queue: once per period across instances.
  const jobs: Jobs = createJobs({
    database,
    jobs: platformJobs(services, config, () => jobs),
    log: app.log,
  })
  // Each new lottery issue's draw is a job at its close; a catch-up run now draws what
  // closed while no server ran (and then every minute).
  sendDrawsOf(services.lottery, () => jobs)
  await jobs.start()
  await jobs.send(lotteryCatchUp, {})
  // Contract periods that closed while no server ran are paid now (and every 5 minutes).
  await jobs.send(contractSettle, {})
  // So are the automatic rebates and rescues of closed days (and every 15 minutes).
  await jobs.send(promotionRebates, {})
  // From now on a fund notice's push is queued in the notice's own transaction.
  services.push.useQueue((tx, deliveries) => jobs.sendInTransaction(tx, pushDeliver, deliveries))

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => process.exit(1), 10_000)
    timer.unref()
    // Notices written from here on are left to the next start's sweep.
    services.push.useQueue(undefined)
    // Running jobs finish (or fail, to be retried) before the database closes.
    await jobs.stop().catch((err: unknown) => app.log.error({ err }, 'stopping jobs failed'))
    await ops.app.close().catch(() => undefined)
    await app.close().catch(() => undefined)
    await database.close().catch(() => undefined)
    removeOpsState(config.dataDir, process.pid)
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  // The first screens' generated art, rendered in the background for the first visitors,
  // a second after ready (what starts with the server goes first).
  setTimeout(() => {
    void warmFirstScreenArt(app, () => closing).then((warmed) =>
      app.log.info({ pictures: warmed.length }, 'first screens art rendered'),
    )
  }, 1_000).unref()
}

main().catch((err: unknown) => fail(err instanceof Error ? (err.stack ?? err.message) : String(err)))
