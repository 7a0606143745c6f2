/**
 * The database plugin: on the embedded database, queued statements leave the event loop
 * free to serve other sockets; on PostgreSQL, an idle client's error is logged and the
 * server goes on.
 */
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { openDatabase, rowsOf, runPrepared, watchPool, type Database } from '#server/plugins/external/db'

const opened: Database[] = []
afterAll(async () => {
  for (const d of opened) await d.close().catch(() => undefined)
})

describe('prepared statements on the embedded database', () => {
  it('answer as a plain query does, typed by the database, also after a failing run and beside a transaction', async () => {
    const database = await openDatabase({ pglite: await PGlite.create() })
    opened.push(database)
    const st = {
      name: 'test_prepared',
      text: 'select $1::int + 1 as n, $2::text as t, $3::jsonb as j, 1.5::float8 as f, $1::int > 0 as b',
    }
    expect(await runPrepared(database.db, st, [41, 'x', { a: [1] }])).toEqual([
      { n: 42, t: 'x', j: { a: [1] }, f: 1.5, b: true },
    ])
    // A run the database refuses leaves the statement usable.
    await expect(runPrepared(database.db, st, ['not a number', null, null])).rejects.toThrow()
    const [tx, again] = await Promise.all([
      database.db.transaction(async (t) => rowsOf(await t.execute(sql`select 7::int as n`))),
      runPrepared(database.db, st, [-1, null, null]),
    ])
    expect(tx).toEqual([{ n: 7 }])
    expect(again).toEqual([{ n: 0, t: null, j: null, f: 1.5, b: false }])
  })
})

describe('the embedded database under a queue of statements', () => {
  it('lets the event loop turn (a socket would be read) before a long queue has run', async () => {
    const database = await openDatabase({ pglite: await PGlite.create() })
    opened.push(database)
    const statements = 200
    let done = 0
    let doneWhenLoopTurned: number | undefined
    const queued = Array.from({ length: statements }, (_, i) =>
      (i % 4 === 0
        ? database.db.transaction(async (tx) => {
            await tx.execute(sql`select ${i}::int`)
          })
        : database.db.execute(sql`select ${i}::int`)
      ).then(() => {
        done++
      }),
    )
    // Stands for any I/O callback: a new connection, a request's body, a timer.
    setImmediate(() => {
      doneWhenLoopTurned = done
    })
    await Promise.all(queued)
    expect(done).toBe(statements)
    expect(doneWhenLoopTurned).toBeDefined()
    expect(doneWhenLoopTurned).toBeLessThan(statements)
  })

  it('runs queued statements and transactions in the order they were asked for', async () => {
    const database = await openDatabase({ pglite: await PGlite.create() })
    opened.push(database)
    const order: string[] = []
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => {
      release = r
    })
    let started: () => void = () => undefined
    const inTransaction = new Promise<void>((r) => {
      started = r
    })
    const first = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      order.push('transaction started')
      started()
      await held
      order.push('transaction ends')
    })
    const query = database.db.execute(sql`select 2`).then(() => order.push('query'))
    const second = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 3`)
      order.push('second transaction')
    })
    // The transaction has run a statement, and the query and the second transaction were
    // asked for before it: one that did not wait its turn would have gone ahead of it.
    await inTransaction
    expect(order).toEqual(['transaction started'])
    release()
    await Promise.all([first, query, second])
    expect(order).toEqual(['transaction started', 'transaction ends', 'query', 'second transaction'])
  })
})

describe('PostgreSQL pool errors', () => {
  it("logs an idle client's error without the connection's password, and the process goes on", () => {
    const pool = new pg.Pool({ connectionString: 'postgresql://portal:s3cret-pw@127.0.0.1:1/portal' })
    const logged: { err: Error; message: string }[] = []
    watchPool(pool, 'postgresql://127.0.0.1:1/portal', (err, message) => logged.push({ err, message }))
    // What pg does when the server ends an idle connection.
    const err = new Error('terminating connection due to administrator command')
    expect(() => pool.emit('error', err)).not.toThrow()
    expect(logged).toHaveLength(1)
    expect(logged[0]?.err).toBe(err)
    expect(logged[0]?.message).toContain('postgresql://127.0.0.1:1/portal')
    expect(JSON.stringify(logged[0]?.message)).not.toContain('s3cret-pw')
  })

  it('says nothing of a connection that ends while the pool is being closed', async () => {
    const pool = new pg.Pool({ connectionString: 'postgresql://portal@127.0.0.1:1/portal' })
    const logged: string[] = []
    watchPool(pool, 'postgresql://127.0.0.1:1/portal', (_err, message) => logged.push(message))
    await pool.end()
    pool.emit('error', new Error('terminating connection due to administrator command'))
    expect(logged).toEqual([])
  })

  // Only the PostgreSQL run of the suite has a server whose connections can be ended.
  if (inject('dbKind') === 'postgres') {
    it('opens connections with JIT compilation off (the many short reads never pay for it)', async () => {
      const database = await openDatabase({
        databaseUrl: inject('pgAdminUrl'),
        poolMax: 1,
        logError: () => undefined,
      })
      opened.push(database)
      expect(rowsOf(await database.db.execute(sql`show jit`))).toEqual([{ jit: 'off' }])
    })

    it('logs a real idle connection ended by the server, then answers the next query', async () => {
      const url = new URL(inject('pgAdminUrl'))
      const logged: string[] = []
      let seen: () => void = () => undefined
      const errorSeen = new Promise<void>((r) => {
        seen = r
      })
      const database = await openDatabase({
        databaseUrl: url.toString(),
        poolMax: 1,
        logError: (err, message) => {
          logged.push(`${message}: ${err.message}`)
          seen()
        },
      })
      opened.push(database)
      const rows = await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)
      const pid = (rows as unknown as { rows: { pid: number }[] }).rows[0]?.pid
      const admin = new pg.Client({ connectionString: url.toString() })
      await admin.connect()
      try {
        await admin.query('select pg_terminate_backend($1)', [pid])
      } finally {
        await admin.end()
      }
      await errorSeen
      expect(logged.join('\n')).toContain('database pool error')
      await database.ping()
    })
  }
})
