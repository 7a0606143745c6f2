/**
 * The four checks every book of the ledger engine passes (server/money/ledger-book.ts): each
 * balance equals its postings and its last balance_after, each transaction and each brand's
 * accounts sum to zero, and no account that may not go negative is below zero. Money's
 * reconcile (ledger-reconcile.ts) and the points' (server/loyalty/points) run them.
 */
import { sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../plugins/external/db'
import type { Book } from './ledger-book'

/** The checks every book of the ledger engine passes (money's and the points', decision 030). */
export interface BookReport {
  ok: boolean
  accounts: number
  transactions: number
  /** Accounts whose balance differs from the sum of their postings, or from the last posting. */
  balanceDrift: {
    code: string
    merchantCode: string
    balance: string
    posted: string
    lastAfter: string | null
  }[]
  /** Transactions whose postings do not sum to zero. */
  unbalancedTransactions: { id: number; sum: string }[]
  /** Per brand: the sum of every account (must be zero). */
  brandTotals: { merchantCode: string; total: string }[]
  /** Accounts that may not go negative below zero (the database should make this impossible). */
  negativeWallets: string[]
}

/** One book's four checks: balances against postings, transactions and brands summing to zero. */
export async function reconcileBook(db: Db, book: Book): Promise<BookReport> {
  const accounts = sql.identifier(book.accounts)
  const postings = sql.identifier(book.postings)
  const transactions = sql.identifier(book.transactions)
  const drift = await db.execute(sql`
    select a.code, a.merchant_code, a.balance::text as balance, coalesce(p.posted, 0)::text as posted,
           l.balance_after::text as last_after
    from ${accounts} a
    left join (select account_id, sum(amount) as posted from ${postings} group by account_id) p
      on p.account_id = a.id
    left join lateral (
      select balance_after from ${postings} lp where lp.account_id = a.id order by lp.id desc limit 1
    ) l on true
    where a.balance <> coalesce(p.posted, 0) or (l.balance_after is not null and l.balance_after <> a.balance)
  `)
  const unbalanced = await db.execute(sql`
    select transaction_id::text as id, sum(amount)::text as sum from ${postings}
    group by transaction_id having sum(amount) <> 0
  `)
  const totals = await db.execute(sql`
    select merchant_code, sum(balance)::text as total from ${accounts} group by merchant_code order by merchant_code
  `)
  const negative = await db.execute(sql`
    select code from ${accounts} where balance < 0 and not allow_negative
  `)
  const counts = rowsOf<{ accounts: string; transactions: string }>(
    await db.execute(sql`
      select (select count(*) from ${accounts})::text as accounts,
             (select count(*) from ${transactions})::text as transactions
    `),
  )[0]
  const report: BookReport = {
    ok: false,
    accounts: Number(counts?.accounts ?? 0),
    transactions: Number(counts?.transactions ?? 0),
    balanceDrift: rowsOf<{
      code: string
      merchant_code: string
      balance: string
      posted: string
      last_after: string | null
    }>(drift).map((r) => ({
      code: r.code,
      merchantCode: r.merchant_code,
      balance: r.balance,
      posted: r.posted,
      lastAfter: r.last_after,
    })),
    unbalancedTransactions: rowsOf<{ id: string; sum: string }>(unbalanced).map((r) => ({
      id: Number(r.id),
      sum: r.sum,
    })),
    brandTotals: rowsOf<{ merchant_code: string; total: string }>(totals).map((r) => ({
      merchantCode: r.merchant_code,
      total: r.total,
    })),
    negativeWallets: rowsOf<{ code: string }>(negative).map((r) => r.code),
  }
  report.ok =
    report.balanceDrift.length === 0 &&
    report.unbalancedTransactions.length === 0 &&
    report.negativeWallets.length === 0 &&
    report.brandTotals.every((t) => t.total === '0')
  return report
}
