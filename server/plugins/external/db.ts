/**
 * The only place a Drizzle client is made: embedded PGlite in DATA_DIR by default,
 * PostgreSQL when a connection string is given. Both speak the same schema.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from '../../db/schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** The client inside `db.transaction(...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Where the data lives, for logs (never includes a password). */
  where: string
  migrate(): Promise<void>
  ping(): Promise<void>
  close(): Promise<void>
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations')

/** Thrown when the database cannot be reached at start; its message is one line. */
export class DatabaseUnreachableError extends Error {}

export interface OpenOptions {
  databaseUrl?: string
  dataDir?: string
  /** An already-open PGlite (tests load one from a migrated snapshot). */
  pglite?: PGlite
  poolMax?: number
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolMax ?? 10)
  return openPglite(opts)
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const parsed = new URL(url)
  const where = `postgresql://${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 })
  // NOTE: without a listener an idle client's network error would crash the process.
  pool.on('error', () => undefined)
  try {
    await pool.query('select 1')
  } catch (err) {
    await pool.end().catch(() => undefined)
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err)
    throw new DatabaseUnreachableError(`cannot reach the database at ${where}: ${reason}`)
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    where,
    async migrate() {
      // Several instances may start at once: one migrates, the others wait for it.
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock(727001)')
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder })
      } finally {
        await client.query('select pg_advisory_unlock(727001)').catch(() => undefined)
        client.release()
      }
    },
    async ping() {
      await db.execute(sql`select 1`)
    },
    async close() {
      await pool.end()
    },
  }
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  let client = opts.pglite
  let where = 'memory'
  if (!client) {
    const dir = path.resolve(opts.dataDir ?? './data', 'pglite')
    mkdirSync(dir, { recursive: true })
    where = dir
    try {
      client = await PGlite.create(dir)
    } catch (err) {
      const reason = err instanceof Error ? err.message.split('\n')[0] : String(err)
      throw new DatabaseUnreachableError(`cannot open the embedded database at ${dir}: ${reason}`)
    }
  }
  const pglite = client
  const db = drizzlePglite(pglite, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    where,
    async migrate() {
      await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder })
    },
    async ping() {
      await pglite.query('select 1')
    },
    async close() {
      if (!pglite.closed) await pglite.close()
    },
  }
}
