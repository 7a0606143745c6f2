/**
 * The points book's reconcile (decision 030): the four checks every book passes
 * (server/money/book-reconcile.ts). `reconcile` (server/money/ledger-reconcile.ts) runs it
 * beside money's, and `ops reconcile` prints it in its own lines.
 */
import { reconcileBook, type BookReport } from '../../money/book-reconcile'
import type { Db } from '../../plugins/external/db'
import { pointsBook } from './points-ledger'

export type PointsReport = BookReport

export async function reconcilePoints(db: Db): Promise<PointsReport> {
  return reconcileBook(db, pointsBook)
}

/** The report as the operator's lines. */
export function formatPointsReconcile(r: PointsReport): string[] {
  return [
    `${r.ok ? 'points reconcile' : 'POINTS DO NOT RECONCILE'}: ${r.accounts} accounts, ${r.transactions} transactions`,
    ...r.brandTotals.map((t) => `  ${t.merchantCode}: sum of all points accounts ${t.total}`),
    ...r.balanceDrift.map(
      (d) =>
        `  points drift ${d.merchantCode} ${d.code}: balance ${d.balance}, postings ${d.posted}, last balance_after ${d.lastAfter ?? '-'}`,
    ),
    ...r.unbalancedTransactions.map((t) => `  points transaction ${t.id} sums to ${t.sum}`),
    ...r.negativeWallets.map((c) => `  negative points account ${c}`),
  ]
}
