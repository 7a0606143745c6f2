/**
 * The points book's reconcile (decision 030): the four checks every book passes
 * (server/money/book-reconcile.ts), and the earn check:
 *  1. every earned bet (`point_earn_bets`, kept without foreign keys) names an existing earn
 *     and an existing settled bet of the earn's member, its basis
 *     is the bet's valid bet, its rate the bet's game type's in the settings version the
 *     earn names, and its amount exactly floor(basis × rate / 10^decimals) centipoints; and
 *     every EARN's member posting is the sum of its bets';
 *  2. every settled bet of a real member (not a trial account) settled while an enabled
 *     version was in force, whose game type's rate would earn it something, has its EARN.
 * `reconcile` (server/money/ledger-reconcile.ts) runs it beside money's, and
 * `ops reconcile` prints it in its own lines.
 */
import { sql } from 'drizzle-orm'
import { reconcileBook, type BookReport } from '../../money/book-reconcile'
import { rowsOf, type Db } from '../../plugins/external/db'
import { reconcileMall, type MallDrift } from './mall-reconcile'
import { pointsBook } from './points-ledger'

export interface PointsReport extends BookReport {
  /** Earns that do not match their bet, rate or amount, and settled bets missing their earn. */
  earnDrift: { betRecordId: number | null; problem: string }[]
  /** Redemptions and conversions that do not match the books (mall-reconcile.ts). */
  mallDrift: MallDrift[]
}

export async function reconcilePoints(db: Db): Promise<PointsReport> {
  const book = await reconcileBook(db, pointsBook)
  const wrong = rowsOf<{ bet_record_id: number | null; problem: string }>(
    await db.execute(sql`
      select f.bet_record_id,
        case
          when t.id is null then 'bet ' || f.bet_record_id || ' names no transaction ' || f.transaction_id
          when b.id is null then 'earn ' || t.id || ' names bet ' || f.bet_record_id || ', which does not exist'
          when t.type <> 'EARN' then 'bet ' || f.bet_record_id || ' names transaction ' || t.id || ', not an earn'
          when b.status <> 'SETTLED' then 'bet ' || f.bet_record_id || ' earned but is not settled'
          when b.member_id is distinct from t.member_id then 'bet ' || f.bet_record_id || ' earned for another member'
          when f.basis <> b.valid_bet then 'bet ' || f.bet_record_id || ' basis ' || f.basis || ' is not its valid bet ' || b.valid_bet
          when f.rate <> coalesce((c.rates ->> b.product_type)::int, 0)
            then 'bet ' || f.bet_record_id || ' rate ' || f.rate || ' is not the settings'' rate'
          else 'bet ' || f.bet_record_id || ' earned ' || f.amount || ' centipoints, not ' || (f.basis * f.rate) / power(10, mc.currency_decimals)::bigint
        end as problem
      from point_earn_bets f
      left join point_transactions t on t.id = f.transaction_id
      left join bet_records b on b.id = f.bet_record_id
      left join merchants mc on mc.code = t.merchant_code
      left join point_configs c on c.id = t.config_id
      where t.id is null or b.id is null or t.type <> 'EARN' or b.status <> 'SETTLED' or b.member_id is distinct from t.member_id
        or f.basis <> b.valid_bet
        or f.rate <> coalesce((c.rates ->> b.product_type)::int, 0)
        or f.amount <> (f.basis * f.rate) / power(10, mc.currency_decimals)::bigint
      order by f.bet_record_id`),
  )
  // Each earn's member posting is the sum of its bets' points, and an earn has bets.
  const unmatched = rowsOf<{ id: number; posted: string; earned: string }>(
    await db.execute(sql`
      select t.id, p.amount::text as posted, coalesce(sum(f.amount), 0)::text as earned
      from point_transactions t
      join point_postings p on p.transaction_id = t.id
      join point_accounts a on a.id = p.account_id and a.member_id is not null
      left join point_earn_bets f on f.transaction_id = t.id
      where t.type = 'EARN'
      group by t.id, p.amount
      having p.amount <> coalesce(sum(f.amount), 0)
      order by t.id`),
  )
  const missing = rowsOf<{ id: number }>(
    await db.execute(sql`
      with v as (
        select c.merchant_code, c.enabled, c.rates, c.valid_from,
               lead(c.valid_from) over (partition by c.merchant_code order by c.valid_from) as valid_until
        from point_configs c
      )
      select b.id
      from bet_records b
      join members m on m.id = b.member_id and m.type <> 4
      join merchants mc on mc.code = b.merchant_code
      join v on v.merchant_code = b.merchant_code and v.valid_from <= b.settled_time
        and (v.valid_until is null or b.settled_time < v.valid_until)
      where b.status = 'SETTLED' and v.enabled
        and (b.valid_bet * coalesce((v.rates ->> b.product_type)::int, 0)) / power(10, mc.currency_decimals)::bigint > 0
        and not exists (select 1 from point_earn_bets f where f.bet_record_id = b.id)
      order by b.id`),
  )
  const earnDrift = [
    ...wrong.map((r) => ({ betRecordId: Number(r.bet_record_id ?? 0), problem: r.problem })),
    ...unmatched.map((r) => ({
      betRecordId: null,
      problem: `earn ${r.id} is ${r.posted} centipoints, its bets ${r.earned}`,
    })),
    ...missing.map((r) => ({ betRecordId: Number(r.id), problem: `settled bet ${r.id} has no earn` })),
  ]
  const mallDrift = await reconcileMall(db)
  return { ...book, ok: book.ok && earnDrift.length === 0 && mallDrift.length === 0, earnDrift, mallDrift }
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
    ...r.earnDrift.map((d) => `  points earned: ${d.problem}`),
    ...r.mallDrift.map((d) => `  point mall: ${d.problem}`),
  ]
}
