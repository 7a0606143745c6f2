/**
 * The only place a Drizzle client is made: embedded PGlite in DATA_DIR by default,
 * PostgreSQL when a connection string is given. Both speak the same schema.
 *
 * PGlite is one connection that runs each statement synchronously on this thread. Its own
 * lock hands the connection from one waiting caller to the next inside one chain of
 * promise callbacks, so while callers are waiting the event loop never turns: no socket is
 * accepted, read or written until every queued statement has run (50 clients made turns
 * of several hundred milliseconds, and a new connection waited seconds for its first
 * turn). `SerialQueue` runs the work one unit at a time (a statement, or a whole
 * transaction) in arrival order and lets the event loop turn before each unit.
 * A transaction holds the connection until it ends: never await anything but its own
 * statements inside one (no hashing, no network, no statement on `db` outside the
 * transaction, which would wait for the transaction and so never run).
 */
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  PGlite,
  parse as pgliteParse,
  protocol,
  type QueryOptions,
  type Transaction,
} from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from '../../db/schema'
import { DataDirBusyError, lockDataDir } from './data-dir-lock'
import { guardTransactions } from './strict-transactions'

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
  /**
   * Hears NOTIFY on `channel`: `onPayload` with each payload. On PostgreSQL a connection of
   * its own (not the pool's) listens; when it drops it is opened again, and `onGap` is
   * called once listening again (what was sent meanwhile was not heard). Answers `stop`.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>
}

export interface ListenHandlers {
  onPayload(payload: string): void
  onGap(): void
}

/** The rows of `db.execute(...)`: PGlite answers `{ rows }`, node-postgres a QueryResult with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] }
  return Array.isArray(r.rows) ? r.rows : (result as T[])
}

/**
 * A statement run on every request (the session lookup): the database parses and plans it
 * once per connection and afterwards only binds and runs it. Its parameters are `$1`…`$n`
 * in `text`; `name` is unique in the process.
 */
export interface PreparedStatement {
  name: string
  text: string
}

type RunPrepared = (st: PreparedStatement, params: readonly unknown[]) => Promise<unknown[]>
const preparedRunners = new WeakMap<Db, RunPrepared>()

/**
 * Runs a prepared statement outside any transaction and answers its rows as objects
 * (PostgreSQL through node-postgres' named statements, PGlite through its protocol).
 */
export function runPrepared<T>(db: Db, st: PreparedStatement, params: readonly unknown[]): Promise<T[]> {
  const run = preparedRunners.get(db)
  if (!run) throw new Error('runPrepared needs a client from openDatabase')
  return run(st, params) as Promise<T[]>
}

/** The project's root: the nearest folder above this module with a package.json (also from the compiled server). */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir)
    if (up === dir) throw new Error('no package.json above the server')
    dir = up
  }
  return dir
}

export const migrationsFolder = path.join(projectRoot(), 'server/db/migrations')

/** Thrown when the database cannot be reached at start; its message is one line. */
export class DatabaseUnreachableError extends Error {}

/** Where the database reports trouble it cannot hand to a caller (an idle client's error). */
export type DatabaseErrorLog = (err: Error, message: string) => void

export interface OpenOptions {
  databaseUrl?: string
  dataDir?: string
  /** An already-open PGlite (tests load one from a migrated snapshot). */
  pglite?: PGlite
  poolMax?: number
  /** Defaults to one line on stderr. */
  logError?: DatabaseErrorLog
  /**
   * PostgreSQL only, for the test suite: refuse a query on the pool (or a second transaction)
   * from inside a transaction's callback, as `OutsideTransactionError`. PostgreSQL serves such
   * a query from another connection; the embedded database has one connection, so the same
   * code waits there forever. With this on, the server suite's PostgreSQL run finds what only
   * the embedded run would have found (docs/decisions/036-server-suite-engines.md).
   */
  strictTransactions?: boolean
}

const stderrLog: DatabaseErrorLog = (err, message) => {
  console.error(`${message}: ${err.message}`)
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    return openPostgres(
      opts.databaseUrl,
      opts.poolMax ?? 10,
      opts.logError ?? stderrLog,
      opts.strictTransactions,
    )
  }
  return openPglite(opts)
}

/**
 * Logs the pool's errors. pg emits one when an idle client loses its connection (the
 * server restarted, a network drop); the pool drops that client and makes a new one on
 * demand. Without a listener the error would end the process.
 */
export function watchPool(pool: pg.Pool, where: string, log: DatabaseErrorLog): void {
  pool.on('error', (err) => {
    // pool.end() resolves before its connections have closed; one ended meanwhile is no news.
    if (pool.ending) return
    // A driver message never carries the connection string; the one in `where` has no password.
    log(err, `database pool error at ${where} (an idle connection was dropped; the pool opens a new one)`)
  })
}

async function openPostgres(
  url: string,
  max: number,
  log: DatabaseErrorLog,
  strict = false,
): Promise<Database> {
  const parsed = new URL(url)
  const where = `postgresql://${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`
  // JIT off: the portal's reads are many short ones, and a team's figures (an index read per
  // member) paid 0.3-1.6 s of JIT compilation per call on 100,000 members (bench/HISTORY.md,
  // 2026-11-29, agent section). A server's own `options` in the URL still apply first.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    options: '-c jit=off',
  })
  watchPool(pool, where, log)
  try {
    await pool.query('select 1')
  } catch (err) {
    await pool.end().catch(() => undefined)
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err)
    throw new DatabaseUnreachableError(`cannot reach the database at ${where}: ${reason}`)
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db
  if (strict) guardTransactions(pool, db)
  preparedRunners.set(db, async (st, params) => {
    const result = await pool.query({ name: st.name, text: st.text, values: [...params] })
    return result.rows
  })
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
    listen: (channel, handlers) => listenOnPostgres(url, where, channel, handlers, log),
  }
}

/**
 * LISTEN on a client of its own, opened again after a drop (1 s, doubling to 30 s). The
 * channel name is the project's own constant, never a caller's text.
 */
async function listenOnPostgres(
  url: string,
  where: string,
  channel: string,
  handlers: ListenHandlers,
  log: DatabaseErrorLog,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`)
  let stopped = false
  let client: pg.Client | null = null
  let retryMs = 1000
  let timer: NodeJS.Timeout | null = null
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) handlers.onPayload(msg.payload)
    })
    c.on('error', (err) => {
      if (!stopped) log(err, `database listener error at ${where} (it connects again)`)
    })
    c.on('end', () => {
      if (client !== c || stopped) return
      client = null
      again()
    })
    await c.connect()
    await c.query(`LISTEN ${channel}`)
    client = c
    retryMs = 1000
  }
  const again = () => {
    if (stopped || timer) return
    timer = setTimeout(() => {
      timer = null
      connect().then(
        () => handlers.onGap(),
        () => {
          retryMs = Math.min(retryMs * 2, 30_000)
          again()
        },
      )
    }, retryMs)
    timer.unref()
  }
  await connect()
  return async () => {
    stopped = true
    if (timer) clearTimeout(timer)
    const c = client
    client = null
    await c?.end().catch(() => undefined)
  }
}

/**
 * The embedded database starts with 32 MB of shared buffers instead of PostgreSQL's 128 MB:
 * PGlite sets up all of them at every start, on this thread, so a start took about 0.25 s
 * longer with 128 MB (measured: opening an existing directory in ~630 ms against ~400 ms).
 * An embedded database is a small one (the demo brand's is ~25 MB), its files stay in the
 * system's page cache, and a brand that outgrows it moves to PostgreSQL (DATABASE_URL).
 */
export const embeddedStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB']

async function openPglite(opts: OpenOptions): Promise<Database> {
  let client = opts.pglite
  let where = 'memory'
  let release: () => void = () => undefined
  if (!client) {
    const dir = path.resolve(opts.dataDir ?? './data', 'pglite')
    mkdirSync(dir, { recursive: true })
    where = dir
    // One process at a time on the directory (data-dir-lock.ts): PGlite takes no lock itself.
    try {
      release = await lockDataDir(dir)
    } catch (err) {
      if (err instanceof DataDirBusyError) throw new DatabaseUnreachableError(err.message)
      throw err
    }
    try {
      client = await PGlite.create(dir, { startParams: embeddedStartParams })
    } catch (err) {
      release()
      const reason = err instanceof Error ? err.message.split('\n')[0] : String(err)
      throw new DatabaseUnreachableError(`cannot open the embedded database at ${dir}: ${reason}`)
    }
  }
  const pglite = client
  const queue = new SerialQueue()
  const db = drizzlePglite(serialised(pglite, queue), { schema }) as unknown as Db
  preparedRunners.set(db, preparedOnPglite(pglite, queue))
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
      try {
        if (!pglite.closed) await pglite.close()
      } finally {
        release()
      }
    },
    // One process holds the embedded database: every NOTIFY is this process's own.
    async listen(channel, handlers) {
      const stop = await pglite.listen(channel, (payload) => handlers.onPayload(payload))
      return async () => {
        if (!pglite.closed) await stop()
      }
    },
  }
}

/**
 * Runs async units of work one at a time, in the order they were asked for. When units
 * have run back to back for `sliceMs`, the event loop turns (sockets are accepted, read
 * and written, timers fire) before the next one: a long queue never holds the loop for
 * its whole length, and a short burst does not pay a loop iteration per statement.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve()
  #turnedAt = performance.now()

  constructor(readonly sliceMs = 4) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#tail.then(() => this.#turnIfDue()).then(work)
    this.#tail = next.catch(() => undefined)
    return next
  }

  #turnIfDue(): Promise<void> | undefined {
    if (performance.now() - this.#turnedAt < this.sliceMs) return undefined
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        this.#turnedAt = performance.now()
        resolve()
      }),
    )
  }
}

/**
 * The client Drizzle is given: the same PGlite, with every statement and every
 * transaction going through one SerialQueue (see the module comment). Statements inside a
 * transaction use the transaction's own client and are not queued again.
 *
 * Drizzle also passes its type parsers (dates, intervals and some arrays kept as text) with
 * every statement, and PGlite copies its whole table of about 300 parsers to merge them for
 * each result: a tenth of the CPU of a wallet transfer. Those parsers return the text as it
 * is, so they are installed on the instance once and left out of each call; a parser that
 * is not the identity is passed on as given.
 */
function serialised(pglite: PGlite, queue: SerialQueue): PGlite {
  const installed = new Set<string>()
  const lean = (options: QueryOptions | undefined): QueryOptions | undefined => {
    const given = options?.parsers
    if (!given) return options
    for (const [oid, parse] of Object.entries(given)) {
      if (installed.has(oid)) continue
      if (parse(identityProbe, Number(oid)) !== identityProbe) return options
      pglite.parsers[oid] = keepText
      installed.add(oid)
    }
    return { ...options, parsers: undefined }
  }
  const inTransaction = (tx: Transaction): Transaction => ({
    query: (query, params, options) => tx.query(query, params, lean(options)),
    sql: (strings, ...params) => tx.sql(strings, ...params),
    exec: (query, options) => tx.exec(query, lean(options)),
    rollback: () => tx.rollback(),
    listen: (channel, callback) => tx.listen(channel, callback),
    get closed() {
      return tx.closed
    },
  })
  // Drizzle's PGlite session calls query and transaction on its client; the job queue
  // (pg-boss's PGlite adapter, server/jobs) also calls exec and listen, and its statements
  // wait their turn in the same queue as the requests'.
  const client: Pick<PGlite, 'query' | 'transaction' | 'exec' | 'listen'> = {
    query: (query, params, options) => queue.run(() => pglite.query(query, params, lean(options))),
    transaction: (callback) => queue.run(() => pglite.transaction((tx) => callback(inTransaction(tx)))),
    exec: (query, options) => queue.run(() => pglite.exec(query, lean(options))),
    listen: (channel, callback, tx) => pglite.listen(channel, callback, tx),
  }
  return client as PGlite
}

/**
 * Prepared statements on PGlite: the first run sends Parse and Describe for the statement's
 * name (and learns its parameter types); every run after sends Bind, Describe, Execute and
 * Sync in one message, so PostgreSQL neither parses nor plans the statement again. Runs take
 * their turn in the same queue as every other statement, outside any transaction.
 */
function preparedOnPglite(pglite: PGlite, queue: SerialQueue): RunPrepared {
  const { serialize } = protocol
  const parameterTypes = new Map<string, number[]>()
  const exec = async (parts: Uint8Array[]) => {
    const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
    let at = 0
    for (const p of parts) {
      message.set(p, at)
      at += p.length
    }
    return (await pglite.execProtocol(message)).messages
  }
  return (st, params) =>
    queue.run(() =>
      pglite.runExclusive(async () => {
        let types = parameterTypes.get(st.name)
        if (!types) {
          const described = await exec([
            serialize.parse({ name: st.name, text: st.text }),
            serialize.describe({ type: 'S', name: st.name }),
            serialize.sync(),
          ])
          types = pgliteParse.parseDescribeStatementResults(described)
          parameterTypes.set(st.name, types)
        }
        const values = params.map((v, i) => {
          if (v === null || v === undefined) return null
          const toText = pglite.serializers[types[i] ?? 0]
          return toText ? toText(v) : String(v)
        })
        const messages = await exec([
          serialize.bind({ statement: st.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ])
        return pgliteParse.parseResults(messages, pglite.parsers)[0]?.rows ?? []
      }),
    )
}

const identityProbe = '2001-02-03 04:05:06.789+00'
const keepText = (text: string) => text
