/**
 * Lottery money reconciles three ways for a brand: what the ledger moved through the house
 * accounts `lottery` and `trial_lottery` (trial accounts' play money; stakes in as BET,
 * wins and refunds out as PAYOUT), what the bets say
 * (every bet's amount; the payouts of won and voided bets), and what their bet records say.
 * Also: no drawn issue keeps a pending bet.
 */
import { sql } from 'drizzle-orm'
import { mainAccountTypeId } from '#contract/wallet'
import { houseAccountCode } from '../money/ledger'
import { rowsOf, type Db } from '../plugins/external/db'
import { lotteryVassalage } from './settle'

export interface LotteryReconcileReport {
  ok: boolean
  merchantCode: string
  /** Minor units as decimal strings. */
  ledger: { stakes: string; paid: string; balance: string }
  bets: { stakes: string; paid: string; bets: number; pending: number; won: number; voided: number }
  records: { stakes: string; paid: string; records: number }
  /** Issues past their close waiting for their draw (the catch-up draws them). */
  waitingIssues: number
  mismatches: string[]
}

export async function reconcileLottery(
  db: Db,
  merchantCode: string,
  at: Date,
): Promise<LotteryReconcileReport> {
  // Trial accounts' play money moves through `trial_lottery`: counted with the rest, as its bets are.
  const houses = [houseAccountCode('lottery'), houseAccountCode('trial_lottery')]
  const [l, b, r, i] = await Promise.all([
    db.execute(sql`
      select coalesce(sum(p.amount) filter (where t.type = 'BET'), 0)::text as stakes,
             coalesce(-sum(p.amount) filter (where t.type = 'PAYOUT'), 0)::text as paid,
             (select coalesce(sum(h.balance), 0) from ledger_accounts h
              where h.merchant_code = ${merchantCode} and h.code in (${houses[0]}, ${houses[1]}))::text as balance
      from ledger_accounts a
      left join ledger_postings p on p.account_id = a.id
      left join ledger_transactions t on t.id = p.transaction_id
      where a.merchant_code = ${merchantCode} and a.code in (${houses[0]}, ${houses[1]})`),
    db.execute(sql`
      select coalesce(sum(amount), 0)::text as stakes,
             coalesce(sum(payout) filter (where status in ('WON', 'VOID')), 0)::text as paid,
             count(*)::int as bets,
             (count(*) filter (where status = 'PENDING'))::int as pending,
             (count(*) filter (where status = 'WON'))::int as won,
             (count(*) filter (where status = 'VOID'))::int as voided
      from lottery_bets where merchant_code = ${merchantCode}`),
    db.execute(sql`
      select coalesce(sum(bet_amount), 0)::text as stakes,
             coalesce(sum(payout), 0)::text as paid,
             count(*)::int as records
      from bet_records
      where merchant_code = ${merchantCode} and vassalage = ${lotteryVassalage}
        and account_type_id = ${mainAccountTypeId}`),
    db.execute(sql`
      select (count(*) filter (where i.status = 'OPEN' and i.close_at <= ${at.toISOString()}::timestamptz))::int as waiting,
             (select count(*) from lottery_bets lb join lottery_issues li on li.id = lb.issue_id
              where li.merchant_code = ${merchantCode} and li.status <> 'OPEN' and lb.status = 'PENDING')::int as stranded
      from lottery_issues i where i.merchant_code = ${merchantCode}`),
  ])
  const lg = rowsOf<{ stakes: string; paid: string; balance: string }>(l)[0]
  const bt = rowsOf<{
    stakes: string
    paid: string
    bets: number
    pending: number
    won: number
    voided: number
  }>(b)[0]
  const rc = rowsOf<{ stakes: string; paid: string; records: number }>(r)[0]
  const is = rowsOf<{ waiting: number; stranded: number }>(i)[0]
  const big = (x: string | undefined) => BigInt(x ?? 0)
  // Voided bets' records are cancelled with no payout: their refunds show on the bets only.
  const voidedRefunds = await db.execute(sql`
    select coalesce(sum(payout), 0)::text as refunds from lottery_bets
    where merchant_code = ${merchantCode} and status = 'VOID'`)
  const refunds = big(rowsOf<{ refunds: string }>(voidedRefunds)[0]?.refunds)
  const report: LotteryReconcileReport = {
    ok: false,
    merchantCode,
    ledger: {
      stakes: big(lg?.stakes).toString(),
      paid: big(lg?.paid).toString(),
      balance: big(lg?.balance).toString(),
    },
    bets: {
      stakes: big(bt?.stakes).toString(),
      paid: big(bt?.paid).toString(),
      bets: Number(bt?.bets ?? 0),
      pending: Number(bt?.pending ?? 0),
      won: Number(bt?.won ?? 0),
      voided: Number(bt?.voided ?? 0),
    },
    records: {
      stakes: big(rc?.stakes).toString(),
      paid: big(rc?.paid).toString(),
      records: Number(rc?.records ?? 0),
    },
    waitingIssues: Number(is?.waiting ?? 0),
    mismatches: [],
  }
  const m = report.mismatches
  if (report.ledger.stakes !== report.bets.stakes) {
    m.push(`stakes: ledger ${report.ledger.stakes}, bets ${report.bets.stakes}`)
  }
  if (report.records.stakes !== report.bets.stakes) {
    m.push(`stakes: bet records ${report.records.stakes}, bets ${report.bets.stakes}`)
  }
  if (report.ledger.paid !== report.bets.paid)
    m.push(`paid: ledger ${report.ledger.paid}, bets ${report.bets.paid}`)
  if ((big(report.records.paid) + refunds).toString() !== report.bets.paid) {
    m.push(`paid: bet records ${report.records.paid} and refunds ${refunds}, bets ${report.bets.paid}`)
  }
  if (report.records.records !== report.bets.bets) {
    m.push(`bet records ${report.records.records}, bets ${report.bets.bets}`)
  }
  const kept = big(report.ledger.stakes) - big(report.ledger.paid)
  if (kept.toString() !== report.ledger.balance) {
    m.push(`lottery account: balance ${report.ledger.balance}, stakes less paid ${kept}`)
  }
  if (Number(is?.stranded ?? 0) > 0) m.push(`${is?.stranded} pending bets on drawn or voided issues`)
  report.ok = m.length === 0
  return report
}

export function formatLotteryReconcile(r: LotteryReconcileReport): string {
  const head =
    `${r.ok ? 'lottery money reconciles' : 'LOTTERY MONEY DOES NOT RECONCILE'} for ${r.merchantCode}: ` +
    `stakes ${r.ledger.stakes}, paid ${r.ledger.paid}, ${r.bets.bets} bets (${r.bets.pending} pending, ` +
    `${r.bets.won} won, ${r.bets.voided} voided), ${r.waitingIssues} issues waiting for their draw`
  return [head, ...r.mismatches.map((x) => `  ${x}`)].join('\n')
}
