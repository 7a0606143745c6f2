/**
 * vitest globalSetup of the `contract`, `server` and `server-pg` projects: migrates and
 * seeds one database per run, and hands it to the test files, which each copy it
 * (tests/build-server.ts). Nothing is migrated per file.
 *
 * - pglite: an in-memory PGlite is migrated and seeded once, dumped to a tarball in a
 *   temporary directory; its path is provided as `pgliteSnapshot`.
 * - postgres (TEST_DATABASE_URL): a uniquely named template database is migrated and
 *   seeded; its name is provided as `pgTemplate` and dropped at teardown.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { seedDemoBrand } from '#server/db/seed'
import { createPasswords } from '#server/identity/passwords'
import { embeddedStartParams, openDatabase } from '#server/plugins/external/db'

/** The demo accounts' hashes use the test suites' cheaper argon2id parameters. */
const testPasswords = createPasswords({ memoryKib: 8192, passes: 1 })

export type TestDbKind = 'pglite' | 'postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which database the project runs on. */
    dbKind: TestDbKind
    /** pglite: path of the migrated and seeded data-dir tarball ('' on postgres). */
    pgliteSnapshot: string
    /** postgres: the connection string of the server (its own database is not touched). */
    pgAdminUrl: string
    /** postgres: the migrated and seeded template database every file copies. */
    pgTemplate: string
  }
}

export const seededMerchant = 'DEMO'

/** The URL of the same server with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

/** Quotes an identifier we made ourselves (letters, digits and underscores only). */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unexpected database name ${name}`)
  return `"${name}"`
}

interface SharedSnapshot {
  file: Promise<string>
  users: number
}

/**
 * The `contract` and `server` projects run in one vitest process and both want the same
 * seeded PGlite: the first one makes it, the other reuses it, the last one removes it.
 * (Each project loads this module on its own, so the share lives on globalThis.)
 */
const shareKey = Symbol.for('portal.tests.pgliteSnapshot')
type WithShare = typeof globalThis & { [shareKey]?: SharedSnapshot }

async function makePgliteSnapshot(dir: string): Promise<string> {
  const client = await PGlite.create({ startParams: embeddedStartParams })
  const database = await openDatabase({ pglite: client })
  await database.migrate()
  await seedDemoBrand(database.db, seededMerchant, testPasswords.hash)
  // Uncompressed: loading it is faster than gunzipping in every file.
  const tarball = await client.dumpDataDir('none')
  await database.close()
  const file = path.join(dir, 'seeded.tar')
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()))
  return file
}

async function setupPglite(project: TestProject): Promise<() => Promise<void>> {
  const g = globalThis as WithShare
  let share = g[shareKey]
  if (!share) {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-pglite-'))
    const file = makePgliteSnapshot(dir)
    share = { file, users: 0 }
    g[shareKey] = share
    file.catch(() => rmSync(dir, { recursive: true, force: true }))
  }
  share.users++
  const mine = share
  const file = await mine.file
  project.provide('dbKind', 'pglite')
  project.provide('pgliteSnapshot', file)
  project.provide('pgAdminUrl', '')
  project.provide('pgTemplate', '')
  return async () => {
    mine.users--
    if (mine.users > 0) return
    if (g[shareKey] === mine) delete g[shareKey]
    rmSync(path.dirname(file), { recursive: true, force: true })
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Drops databases an earlier run left behind when it crashed (their pid is gone). */
async function dropLeftovers(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'portal\\_tpl\\_%'",
  )
  for (const { datname } of rows) {
    const pid = Number(/^portal_tpl_(\d+)_/.exec(datname)?.[1])
    if (Number.isInteger(pid) && pid > 0 && !alive(pid)) {
      await admin.query(`DROP DATABASE IF EXISTS ${ident(datname)} WITH (FORCE)`)
    }
  }
}

async function setupPostgres(project: TestProject, adminUrl: string): Promise<() => Promise<void>> {
  const template = `portal_tpl_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await dropLeftovers(admin)
    await admin.query(`CREATE DATABASE ${ident(template)}`)
  } finally {
    await admin.end()
  }
  const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, template), poolMax: 2 })
  try {
    await database.migrate()
    await seedDemoBrand(database.db, seededMerchant, testPasswords.hash)
  } finally {
    // CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template.
    await database.close()
  }
  project.provide('dbKind', 'postgres')
  project.provide('pgliteSnapshot', '')
  project.provide('pgAdminUrl', adminUrl)
  project.provide('pgTemplate', template)
  return async () => {
    const c = new pg.Client({ connectionString: adminUrl })
    await c.connect()
    try {
      await c.query(`DROP DATABASE IF EXISTS ${ident(template)} WITH (FORCE)`)
    } finally {
      await c.end()
    }
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env.TEST_DB_KIND ?? 'pglite'
  if (kind === 'pglite') return setupPglite(project)
  if (kind !== 'postgres') throw new Error(`TEST_DB_KIND must be pglite or postgres, not ${kind}`)
  const url = process.env.TEST_DATABASE_URL
  if (!url)
    throw new Error(
      'the postgres test project needs TEST_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/test)',
    )
  return setupPostgres(project, url)
}
