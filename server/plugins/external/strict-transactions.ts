/**
 * `strictTransactions` (server/plugins/external/db.ts, decision 036): for the test suite's
 * PostgreSQL run, a query on the pool or a second transaction sent from inside a
 * transaction's callback is refused. PostgreSQL would serve it from another connection; the
 * embedded database has one and would wait forever.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type pg from 'pg'
import type { Db } from './db'

/** A query sent past its own transaction, found by `strictTransactions`. */
export class OutsideTransactionError extends Error {}

/** The open transaction of the current async chain, for `strictTransactions`. */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>()

/** How many queries `strictTransactions` refused in this process (a caller may swallow one). */
let refusedPastTransaction = 0
export const refusedPastTransactionCount = () => refusedPastTransaction

function refuseInsideTransaction(what: string): void {
  if (openTransaction.getStore()?.open) {
    refusedPastTransaction += 1
    throw new OutsideTransactionError(
      `${what} from inside a transaction's callback: the embedded database has one connection and would wait forever; use the transaction`,
    )
  }
}

/** Guards a PostgreSQL pool and its drizzle database as `strictTransactions` says. */
export function guardTransactions(pool: pg.Pool, db: Db): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown
  Object.assign(pool, {
    query: (...args: unknown[]) => {
      refuseInsideTransaction('a query on the pool')
      return query(...args)
    },
    connect: (...args: unknown[]) => {
      refuseInsideTransaction('a second transaction')
      return connect(...args)
    },
  })
  const transaction = db.transaction.bind(db)
  db.transaction = ((run, config) =>
    transaction((tx) => {
      const scope = { open: true }
      return openTransaction.run(scope, async () => {
        try {
          return await run(tx)
        } finally {
          scope.open = false
        }
      })
    }, config)) as Db['transaction']
}
