/**
 * Contract money reconciles for a brand (decision 024): every payment's amount is its
 * contract's pay less its downline's (never below 0, the rest its shortfall) and was moved by
 * exactly one ledger movement of its kind into the agent's main wallet; every salary and
 * dividend movement is a payment's; the house's `contracts` account has paid what the
 * payments add up to. The members' figures per hour (member_hourly_stats, the hourly salary's
 * measure) equal their settled bets.
 */
import { sql } from 'drizzle-orm'
import { mainAccountTypeId } from '#contract/wallet'
import { houseAccountCode } from '../money/ledger'
import { rowsOf, type Db } from '../plugins/external/db'

export interface ContractReconcileReport {
  ok: boolean
  merchantCode: string
  payments: number
  /** Minor units, as decimal strings. */
  paid: string
  houseBalance: string
  /** What differs, in words; empty when everything agrees. */
  mismatches: string[]
}

export async function reconcileContracts(db: Db, merchantCode: string): Promise<ContractReconcileReport> {
  const house = houseAccountCode('contracts')
  const [totals, badPayments, strayMoves, hourly] = await Promise.all([
    db.execute(sql`
      select (select count(*) from contract_payments where merchant_code = ${merchantCode})::int as payments,
        (select coalesce(sum(amount), 0) from contract_payments where merchant_code = ${merchantCode})::text as paid,
        (select coalesce(max(balance), 0) from ledger_accounts
          where merchant_code = ${merchantCode} and code = ${house})::text as house`),
    // Each payment: its arithmetic, and the one movement that paid it into the agent's wallet.
    db.execute(sql`
      select p.id, p.amount::text as amount, coalesce(m.moved, 0)::text as moved
      from contract_payments p
      left join lateral (
        select sum(lp.amount) as moved from ledger_transactions t
        join ledger_postings lp on lp.transaction_id = t.id
        join ledger_accounts a on a.id = lp.account_id
          and a.member_id = p.agent_id and a.account_type_id = ${mainAccountTypeId}
        where t.id = p.transaction_id
          and t.type = case when p.kind = 'dividend' then 'DIVIDEND' else 'SALARY' end
      ) m on true
      where p.merchant_code = ${merchantCode}
        and (p.amount <> greatest(p.pay - p.downline_pay, 0)
          or p.shortfall <> greatest(p.downline_pay - p.pay, 0)
          or coalesce(m.moved, 0) <> p.amount
          or (p.amount = 0) <> (p.transaction_id is null))
      order by p.id limit 20`),
    // Salary and dividend movements no payment (or more than one) accounts for.
    db.execute(sql`
      select t.id, count(p.id)::int as payments from ledger_transactions t
      left join contract_payments p on p.transaction_id = t.id
      where t.merchant_code = ${merchantCode} and t.type in ('SALARY', 'DIVIDEND')
      group by t.id having count(p.id) <> 1
      order by t.id limit 20`),
    db.execute(sql`
      with kept as (
        select member_id, sum(bet_count) as bets, sum(bet_amount) as stakes, sum(valid_bet) as valid_bet,
               sum(payout) as payout
        from member_hourly_stats where merchant_code = ${merchantCode} group by 1
      ), actual as (
        select member_id, count(*) as bets, sum(bet_amount) as stakes, sum(valid_bet) as valid_bet,
               sum(payout) as payout
        from bet_records
        where merchant_code = ${merchantCode} and status = 'SETTLED' and settled_time is not null
        group by 1
      )
      select coalesce(k.member_id, a.member_id) as member_id
      from kept k full join actual a on a.member_id = k.member_id
      where coalesce(k.bets, 0) <> coalesce(a.bets, 0) or coalesce(k.stakes, 0) <> coalesce(a.stakes, 0)
         or coalesce(k.valid_bet, 0) <> coalesce(a.valid_bet, 0) or coalesce(k.payout, 0) <> coalesce(a.payout, 0)
      order by 1 limit 20`),
  ])
  const t = rowsOf<{ payments: number; paid: string; house: string }>(totals)[0] ?? {
    payments: 0,
    paid: '0',
    house: '0',
  }
  const mismatches: string[] = []
  if (BigInt(t.house) !== -BigInt(t.paid)) {
    mismatches.push(`the house paid ${-BigInt(t.house)} but the payments add up to ${t.paid}`)
  }
  for (const r of rowsOf<{ id: number; amount: string; moved: string }>(badPayments)) {
    mismatches.push(`payment ${r.id}: amount ${r.amount}, moved into the agent's wallet ${r.moved}`)
  }
  for (const r of rowsOf<{ id: number; payments: number }>(strayMoves)) {
    mismatches.push(`ledger transaction ${r.id} is the movement of ${r.payments} payments, not 1`)
  }
  for (const r of rowsOf<{ member_id: number }>(hourly)) {
    mismatches.push(`member ${r.member_id}: the figures per hour differ from the settled bets`)
  }
  return {
    ok: mismatches.length === 0,
    merchantCode,
    payments: Number(t.payments),
    paid: t.paid,
    houseBalance: t.house,
    mismatches,
  }
}

export function formatContractReconcile(r: ContractReconcileReport): string {
  const head = `${r.ok ? 'contract money reconciles' : 'CONTRACT MONEY DOES NOT RECONCILE'} for ${r.merchantCode}: ${r.payments} payments, paid ${r.paid}`
  return [head, ...r.mismatches.map((m) => `  ${m}`)].join('\n')
}
