/**
 * The point mall's reconcile (decision 030): every redemption matches what the books hold.
 *  1. its points left the member's account in the transaction it names (`REDEEM`, or
 *     `CONVERT` for a conversion), for exactly its points, referenced to it;
 *  2. a rejected one has its points back (`REDEEM_RETURN`, once), any other none;
 *  3. the money paid (`POINT_MALL` on the member's wallets) is its amount, net zero once
 *     rejected;
 *  4. cash, bonus and conversion were credited through the promotion engine: the claim it
 *     names is the member's, for its value; an item has no claim;
 *  5. no `REDEEM`, `CONVERT`, `REDEEM_RETURN` or `POINT_MALL` movement without its redemption.
 */
import { sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../../plugins/external/db'

export interface MallDrift {
  redemptionId: number | null
  problem: string
}

export async function reconcileMall(db: Db): Promise<MallDrift[]> {
  const rows = rowsOf<{ id: number | null; problem: string }>(
    await db.execute(sql`
      with r as (
        select r.*, 'point-redemption:' || r.id as ref from point_redemptions r
      ),
      pts as (
        select t.reference, t.type, t.id, sum(p.amount) as amount
        from point_transactions t
        join point_postings p on p.transaction_id = t.id
        join point_accounts a on a.id = p.account_id and a.member_id is not null
        where t.type in ('REDEEM', 'CONVERT', 'REDEEM_RETURN')
        group by t.reference, t.type, t.id
      ),
      money as (
        select t.reference, sum(p.amount) as amount
        from ledger_transactions t
        join ledger_postings p on p.transaction_id = t.id
        join ledger_accounts a on a.id = p.account_id and a.member_id is not null
        where t.type = 'POINT_MALL'
        group by t.reference
      )
      select r.id, 'redemption ' || r.id || ' has no points debit of ' || r.points as problem
      from r
      where not exists (
        select 1 from pts where pts.id = r.point_transaction_id and pts.reference = r.ref
          and pts.type = case when r.type = 'conversion' then 'CONVERT' else 'REDEEM' end
          and pts.amount = -r.points)
      union all
      select r.id, 'redemption ' || r.id || ' (' || r.status || ') has ' || coalesce(sum(pts.amount), 0) || ' points returned'
      from r left join pts on pts.reference = r.ref and pts.type = 'REDEEM_RETURN'
      group by r.id, r.status, r.points
      having coalesce(sum(pts.amount), 0) <> case when r.status = 'rejected' then r.points else 0 end
        or count(pts.id) > case when r.status = 'rejected' then 1 else 0 end
      union all
      select r.id, 'redemption ' || r.id || ' paid ' || coalesce(-money.amount, 0) || ', not ' || r.amount
      from r left join money on money.reference = r.ref
      where coalesce(-money.amount, 0) <> case when r.status = 'rejected' then 0 else r.amount end
      union all
      select r.id, 'redemption ' || r.id || ' credit does not match its claim'
      from r left join promotion_claims c on c.id = r.promotion_claim_id
      where (r.type = 'physical' and r.promotion_claim_id is not null)
        or (r.type <> 'physical' and (c.id is null or c.member_id <> r.member_id or c.amount <> r.value))
      union all
      select null, 'points ' || pts.type || ' ' || pts.id || ' has no redemption'
      from pts where not exists (select 1 from r where r.ref = pts.reference)
      union all
      select null, 'money POINT_MALL ' || coalesce(money.reference, '-') || ' has no redemption'
      from money where not exists (select 1 from r where r.ref = money.reference)
      order by 1 nulls first`),
  )
  return rows.map((r) => ({ redemptionId: r.id === null ? null : Number(r.id), problem: r.problem }))
}
