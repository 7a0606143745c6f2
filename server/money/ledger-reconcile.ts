/**
 * The ledger's reconciliation: every balance equals its postings and every brand's accounts
 * sum to zero. `npm run ops -- reconcile` prints it; the money tests end with it.
 */
import { sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../plugins/external/db'

export interface ReconcileReport {
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
  /** Member wallets below zero (the database should make this impossible). */
  negativeWallets: string[]
}

/** Checks the whole ledger: every balance equals its postings, everything sums to zero. */
export async function reconcile(db: Db): Promise<ReconcileReport> {
  const drift = await db.execute(sql`
    select a.code, a.merchant_code, a.balance::text as balance, coalesce(p.posted, 0)::text as posted,
           l.balance_after::text as last_after
    from ledger_accounts a
    left join (select account_id, sum(amount) as posted from ledger_postings group by account_id) p
      on p.account_id = a.id
    left join lateral (
      select balance_after from ledger_postings lp where lp.account_id = a.id order by lp.id desc limit 1
    ) l on true
    where a.balance <> coalesce(p.posted, 0) or (l.balance_after is not null and l.balance_after <> a.balance)
  `)
  const unbalanced = await db.execute(sql`
    select transaction_id::text as id, sum(amount)::text as sum from ledger_postings
    group by transaction_id having sum(amount) <> 0
  `)
  const totals = await db.execute(sql`
    select merchant_code, sum(balance)::text as total from ledger_accounts group by merchant_code order by merchant_code
  `)
  const negative = await db.execute(sql`
    select code from ledger_accounts where balance < 0 and not allow_negative
  `)
  const counts = await db.execute(sql`
    select (select count(*) from ledger_accounts)::text as accounts,
           (select count(*) from ledger_transactions)::text as transactions
  `)
  const brandTotals = rowsOf<{ merchant_code: string; total: string }>(totals).map((r) => ({
    merchantCode: r.merchant_code,
    total: r.total,
  }))
  const report: ReconcileReport = {
    ok: false,
    accounts: Number(rowsOf<{ accounts: string; transactions: string }>(counts)[0]?.accounts ?? 0),
    transactions: Number(rowsOf<{ accounts: string; transactions: string }>(counts)[0]?.transactions ?? 0),
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
    brandTotals,
    negativeWallets: rowsOf<{ code: string }>(negative).map((r) => r.code),
  }
  report.ok =
    report.balanceDrift.length === 0 &&
    report.unbalancedTransactions.length === 0 &&
    report.negativeWallets.length === 0 &&
    brandTotals.every((t) => t.total === '0')
  return report
}

/** The report as lines for the operator. */
export function formatReconcile(r: ReconcileReport): string {
  const lines = [
    `${r.ok ? 'ledger reconciles' : 'LEDGER DOES NOT RECONCILE'}: ${r.accounts} accounts, ${r.transactions} transactions`,
    ...r.brandTotals.map((t) => `  ${t.merchantCode}: sum of all accounts ${t.total}`),
    ...r.balanceDrift.map(
      (d) =>
        `  drift ${d.merchantCode} ${d.code}: balance ${d.balance}, postings ${d.posted}, last balance_after ${d.lastAfter ?? '-'}`,
    ),
    ...r.unbalancedTransactions.map((t) => `  transaction ${t.id} sums to ${t.sum}`),
    ...r.negativeWallets.map((c) => `  negative wallet ${c}`),
  ]
  return lines.join('\n')
}
