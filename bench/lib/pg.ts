/**
 * A temporary PostgreSQL database for a bench section, made on the server named by
 * BENCH_DATABASE_URL (default the local one CI uses) and dropped afterwards.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { onExit } from './cleanup'

export const benchAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test'

export async function pgReachable(url: string = benchAdminUrl): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await c.connect()
    await c.end()
    return true
  } catch {
    return false
  }
}

export async function withTempPg<T>(
  use: (url: string) => Promise<T>,
  adminUrl: string = benchAdminUrl,
): Promise<T> {
  const name = `portal_bench_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  try {
    return await use(url.toString())
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined)
    await admin.end()
  }
}

/** The server of BENCH_DATABASE_URL, its `postgres` maintenance database. */
export function maintenanceUrl(): string {
  const url = new URL(benchAdminUrl)
  url.pathname = '/postgres'
  return url.toString()
}

/**
 * Like withTempPg, for a section whose database is big: named `<prefix>_<pid>_<random>`, made from
 * the server's `postgres` maintenance database (never another bench's or the tests' one),
 * dropped afterwards, and also on Ctrl-C (synchronously, with psql). Other processes' databases
 * of the same prefix are left alone: the server may be shared, their owners not visible here.
 */
export async function withScratchPg<T>(prefix: string, use: (url: string) => Promise<T>): Promise<T> {
  const adminUrl = new URL(maintenanceUrl())
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl.toString() })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const forget = onExit(() => {
    execFileSync('psql', [adminUrl.toString(), '-qc', `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`], {
      stdio: 'ignore',
      timeout: 30_000,
    })
  })
  try {
    return await use(url.toString())
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).then(forget, () => undefined)
    await admin.end()
  }
}
