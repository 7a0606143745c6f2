/**
 * The server suite's PostgreSQL run opens its databases with `strictTransactions`: a query on
 * the pool, or a second transaction, from inside a transaction's callback is refused. On the
 * embedded database (one connection) such code waits forever; PostgreSQL would serve it from
 * another connection and hide it. Run on PostgreSQL only (vitest.config.ts), where the guard is.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { rowsOf } from '#server/plugins/external/db'
import { OutsideTransactionError } from '#server/plugins/external/strict-transactions'
import { build, type TestServer } from '../build-server'

let server: TestServer
beforeAll(async () => {
  server = await build({ expectsQueriesPastTransactions: true })
})
afterAll(() => server.close())

const one = async (run: () => Promise<unknown>) => rowsOf<{ n: number }>(await run())[0]?.n

describe('a query past its own transaction, on the suite’s PostgreSQL run', () => {
  it('runs on PostgreSQL', () => {
    expect(inject('dbKind')).toBe('postgres')
  })

  it('refuses a query on the pool from inside a transaction, and rolls the transaction back', async () => {
    const db = server.db
    const attempt = db.transaction(async (tx) => {
      await tx.execute(sql`create table strict_probe (n int)`)
      await tx.execute(sql`insert into strict_probe values (1)`)
      await db.execute(sql`select 1 as n`)
    })
    // drizzle hands the driver's refusal on as the failed query's cause.
    const err: unknown = await attempt.catch((e: unknown) => e)
    const cause = err instanceof Error ? err.cause : undefined
    expect(cause).toBeInstanceOf(OutsideTransactionError)
    expect(String(cause)).toMatch(/embedded database has one connection/)
    const left = await one(() =>
      db.execute(sql`select count(*)::int as n from pg_tables where tablename = 'strict_probe'`),
    )
    expect(left).toBe(0)
  })

  it('refuses a second transaction opened on the pool from inside one', async () => {
    const db = server.db
    await expect(
      db.transaction(async () => {
        await db.transaction(async (inner) => inner.execute(sql`select 1`))
      }),
    ).rejects.toBeInstanceOf(OutsideTransactionError)
  })

  it('lets the transaction’s own queries, its savepoints and queries after it through', async () => {
    const db = server.db
    const inside = await db.transaction(async (tx) => {
      const first = await one(() => tx.execute(sql`select 1 as n`))
      const nested = await tx.transaction(async (sp) => one(() => sp.execute(sql`select 2 as n`)))
      return [first, nested]
    })
    expect(inside).toEqual([1, 2])
    expect(await one(() => db.execute(sql`select 3 as n`))).toBe(3)
  })

  it('fails a file whose code swallowed a refusal, when its server closes', async () => {
    const other = await build()
    const swallowed = await other.db
      .transaction(async () => {
        await other.db.execute(sql`select 1`)
      })
      .catch(() => 'caught')
    expect(swallowed).toBe('caught')
    await expect(other.close()).rejects.toThrow(/1 queries were sent past their own transaction/)
  })

  it('lets two transactions run side by side from separate requests', async () => {
    const db = server.db
    const both = await Promise.all(
      [1, 2].map((n) => db.transaction(async (tx) => one(() => tx.execute(sql`select ${n}::int as n`)))),
    )
    expect(both).toEqual([1, 2])
  })
})
