/**
 * Test helper (in the style of fastify/demo's test/helper): `build()` gives a test file
 * the real application on a fresh copy of the migrated and seeded database that the
 * global setup made (tests/setup/server-global-setup.ts), so files never see each
 * other's rows and nothing is migrated per file.
 *
 *   const server = await build()
 *   afterAll(() => server.close())
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { inject } from 'vitest'
import { buildApp, type AppConfig, type AppOptions, type AppServices } from '#server/app'
import { accessSettings, ipBlocks, whitelabelNodes } from '#server/db/schema'
import { demoWhitelabel } from '#server/db/seed-data'
import type { RouteDeps } from '#server/http/contract-routes'
import { runCommand } from '#server/ops/commands'
import { embeddedStartParams, openDatabase, type Database, type Db } from '#server/plugins/external/db'
import { refusedPastTransactionCount } from '#server/plugins/external/strict-transactions'
import { ident, seededMerchant, withDatabase } from './setup/server-global-setup'

export interface TestServer {
  app: FastifyInstance
  services: AppServices
  /** The Drizzle client of this file's own database. */
  db: Db
  database: Database
  config: AppConfig
  /** The temporary directory served as the built PWA. */
  staticDir: string
  /**
   * A second instance of the app on the same database, as a second server behind a load
   * balancer: on PostgreSQL with its own pool (and its own LISTEN connection); the embedded
   * database is one process's, so there it shares the client. Closed with the first.
   */
  twin(config?: Partial<AppConfig>): Promise<Pick<TestServer, 'app' | 'services'>>
  /** Closes the app, the database, drops the file's copy and removes the static dir. */
  close(): Promise<void>
}

export interface BuildOptions {
  /**
   * Adds routes before the app is made ready (Fastify refuses routes afterwards); tests
   * use it for throwaway endpoints registered with registerEndpoint.
   */
  extend?: (app: FastifyInstance, deps: RouteDeps) => void | Promise<void>
  /** The app's clock (throttles, sessions, expiry); tests move it by hand. */
  now?: () => Date
  /** PostgreSQL connections of this file's pool (default 4). */
  poolMax?: number
  /** Configuration on top of the tests' own (message providers, sign-in providers). */
  config?: Partial<AppConfig>
  /** A database migrated but not seeded: a production install before go-live. */
  empty?: boolean
  /** Where the app's log lines go (tests that read the log). */
  logStream?: { write(line: string): void }
  /** Game vendor adapters (tests/fake-vendor.ts), as the app's option of that name. */
  vendorAdapters?: AppOptions['vendorAdapters']
  /** The server's render of the pages (tests/ssr.ts loads the app's own); none by default. */
  renderer?: AppOptions['renderer']
  /**
   * On PostgreSQL, `close` fails the file when a query past its own transaction was refused
   * (decision 036), even if the code or the test caught the refusal; the guard's own test
   * expects them.
   */
  expectsQueriesPastTransactions?: boolean
}

export const staticFiles = {
  'index.html':
    '<!doctype html><html lang="km"><head><meta charset="utf-8"><title>Lotus Play</title>' +
    '<meta name="apple-mobile-web-app-capable" content="yes" />' +
    '<link rel="manifest" href="/manifest.webmanifest">' +
    '<link rel="stylesheet" crossorigin href="/assets/app-abc123.css"></head>' +
    '<body><div id="root" data-shell="test-shell"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>',
  'sw.js': "self.addEventListener('install', () => self.skipWaiting())\n",
  'manifest.webmanifest': JSON.stringify({
    name: 'Lotus Play',
    short_name: 'Lotus',
    start_url: '/',
    display: 'standalone',
  }),
  'assets/app-abc123.js': "console.log('app')\n",
  'assets/app-abc123.css': '.app-test-rule{color:red}',
  '.vite/manifest.json': JSON.stringify({
    'index.html': { file: 'assets/app-abc123.js', name: 'index', src: 'index.html', isEntry: true },
  }),
  'brand/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"/>',
} as const

function makeStaticDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-static-'))
  for (const [name, content] of Object.entries(staticFiles)) {
    const file = path.join(dir, name)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, content)
  }
  return dir
}

async function adminQuery(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    await c.query(text)
  } finally {
    await c.end()
  }
}

interface OwnDatabase {
  database: Database
  /** PostgreSQL's connection string (a second instance opens its own pool on it). */
  url?: string
  drop(): Promise<void>
}

async function copyOfSeededDatabase(poolMax = 4): Promise<OwnDatabase> {
  const kind = inject('dbKind')
  if (kind === 'pglite') {
    const tarball = readFileSync(inject('pgliteSnapshot'))
    // Started as the server starts its embedded database (32 MB of shared buffers): a
    // quarter to a third of a second less per copy than PGlite's default 128 MB.
    const client = new PGlite({ loadDataDir: new Blob([tarball]), startParams: embeddedStartParams })
    await client.waitReady
    return { database: await openDatabase({ pglite: client }), drop: async () => undefined }
  }
  const adminUrl = inject('pgAdminUrl')
  const template = inject('pgTemplate')
  const name = `${template}_f${randomBytes(4).toString('hex')}`.slice(0, 63)
  await createFromTemplate(adminUrl, name, template)
  const url = withDatabase(adminUrl, name)
  const database = await openDatabase({ databaseUrl: url, poolMax, strictTransactions: true })
  return {
    database,
    url,
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`),
  }
}

/** A new database of this file's own, migrated and empty (no demo brand). */
async function emptyDatabase(poolMax = 4): Promise<OwnDatabase> {
  if (inject('dbKind') === 'pglite') {
    const database = await openDatabase({ pglite: await PGlite.create({ startParams: embeddedStartParams }) })
    await database.migrate()
    return { database, drop: async () => undefined }
  }
  const adminUrl = inject('pgAdminUrl')
  const name = `${inject('pgTemplate')}_e${randomBytes(4).toString('hex')}`.slice(0, 63)
  await adminQuery(adminUrl, `CREATE DATABASE ${ident(name)}`)
  const database = await openDatabase({
    databaseUrl: withDatabase(adminUrl, name),
    poolMax,
    strictTransactions: true,
  })
  await database.migrate()
  return {
    database,
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`),
  }
}

/** CREATE DATABASE ... TEMPLATE, retried while another file's copy briefly holds the template. */
export async function createFromTemplate(adminUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE ${ident(name)} TEMPLATE ${ident(template)}`)
      return
    } catch (err) {
      // 55006 object_in_use: "source database is being accessed by other users".
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err
      await new Promise((r) => setTimeout(r, 100 + attempt * 50))
    }
  }
}

/** The demo gateway's callback secret in the suites. */
export const testGatewaySecret = 'test-gateway-secret-0123456789'

export function testConfig(staticDir: string): AppConfig {
  return {
    LOG_LEVEL: 'silent',
    MERCHANT_CODE: seededMerchant,
    COUNTRY_HEADER: 'cf-ipcountry',
    // Operator changes show at once: no access-settings cache between requests.
    SETTINGS_TTL_SECONDS: 0,
    trustProxy: false,
    staticDir,
    SESSION_IDLE_MINUTES: 120,
    SESSION_MAX_HOURS: 24,
    // Still argon2id, with less memory so the suites stay quick.
    ARGON2_MEMORY_KIB: 8192,
    ARGON2_PASSES: 1,
    DEV_TOOLS: true,
    NODE_ENV: 'test',
    DEMO: true,
    PAYMENT_GATEWAY_SECRET: testGatewaySecret,
    PUSH_CONTACT: 'mailto:operator@example.com',
  }
}

/** What registerEndpoint needs, made from the built app's own services. */
export function routeDeps(services: AppServices, config: AppConfig): RouteDeps {
  return {
    keyring: services.keyring,
    access: services.access,
    defaultMerchant: config.MERCHANT_CODE,
    knownMerchants: () => new Set([config.MERCHANT_CODE]),
    countryHeader: config.COUNTRY_HEADER.toLowerCase(),
    sessions: services.sessions,
    db: services.database.db,
    hotReads: services.hotReads,
  }
}

/** Builds the app on this file's own fresh copy of the seeded database. */
export async function build(opts: BuildOptions = {}): Promise<TestServer> {
  const refusedBefore = refusedPastTransactionCount()
  const own = opts.empty ? await emptyDatabase(opts.poolMax) : await copyOfSeededDatabase(opts.poolMax)
  const staticDir = makeStaticDir()
  const config: AppConfig = { ...testConfig(staticDir), ...opts.config }
  let app: FastifyInstance | undefined
  const twins: { app: FastifyInstance; database: Database | null }[] = []
  const cleanup = async () => {
    for (const t of twins.splice(0)) {
      await t.app.close().catch(() => undefined)
      await t.database?.close().catch(() => undefined)
    }
    await app?.close().catch(() => undefined)
    await own.database.close().catch(() => undefined)
    await own.drop()
    rmSync(staticDir, { recursive: true, force: true })
  }
  try {
    const built = await buildApp(config, own.database, {
      now: opts.now,
      logStream: opts.logStream,
      vendorAdapters: opts.vendorAdapters,
      renderer: opts.renderer ?? null,
    })
    app = built.app
    if (opts.extend) await opts.extend(built.app, routeDeps(built.services, config))
    await built.app.ready()
    let closed = false
    return {
      app: built.app,
      services: built.services,
      db: own.database.db,
      database: own.database,
      config,
      staticDir,
      async twin(more = {}) {
        const database = own.url
          ? await openDatabase({ databaseUrl: own.url, poolMax: 2, strictTransactions: true })
          : null
        const twin = await buildApp({ ...config, ...more }, database ?? own.database, {
          now: opts.now,
          vendorAdapters: opts.vendorAdapters,
          renderer: null,
        })
        twins.push({ app: twin.app, database })
        await twin.app.ready()
        return { app: twin.app, services: twin.services }
      },
      async close() {
        if (closed) return
        closed = true
        await cleanup()
        // Files run one at a time in a worker, so the count's change is this file's.
        const refused = refusedPastTransactionCount() - refusedBefore
        if (refused > 0 && !opts.expectsQueriesPastTransactions) {
          throw new Error(
            `${refused} queries were sent past their own transaction (refused on PostgreSQL; they would hang the embedded database)`,
          )
        }
      },
    }
  } catch (err) {
    await cleanup()
    throw err
  }
}

/** Runs an operator command in-process, as the operator API does inside the server. */
export function runOps(
  server: Pick<TestServer, 'db' | 'services' | 'config'>,
  ...argv: string[]
): Promise<string> {
  return runCommand(
    {
      db: server.db,
      merchantCode: server.config.MERCHANT_CODE,
      invalidate: () => server.services.settingsChanged(),
      rotateKey: () => server.services.keyring.rotate(),
      hashPassword: (password) => server.services.passwords.hash(password),
      paymentGateway: server.services.gateway,
      notices: server.services.push,
      operator: 'test-operator',
      settingsTtlSeconds: server.config.SETTINGS_TTL_SECONDS,
    },
    argv,
  )
}

/**
 * The brand's access back as the demo seed left it (no maintenance, no blocked region or
 * address, every white-label flag as seeded), straight in the database, and the running
 * server told: for specs whose operator commands change them.
 */
export async function resetAccessToSeed(server: Pick<TestServer, 'db' | 'services'>): Promise<void> {
  await server.db
    .update(accessSettings)
    .set({ maintenance: false, maintenanceMessage: null, maintenanceUntil: null, blockedCountries: [] })
    .where(eq(accessSettings.merchantCode, 'DEMO'))
  await server.db.delete(ipBlocks)
  for (const [modId, , enabled] of demoWhitelabel) {
    await server.db
      .update(whitelabelNodes)
      .set({ enabled })
      .where(and(eq(whitelabelNodes.merchantCode, 'DEMO'), eq(whitelabelNodes.modId, modId)))
  }
  server.services.settingsChanged()
}
