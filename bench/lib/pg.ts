/**
 * A temporary PostgreSQL database for a bench section, made on the server named by
 * BENCH_DATABASE_URL (default the local one CI uses) and dropped afterwards.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'

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
