/**
 * Promotion money reconciles for a brand (issue 35): every claim credited (status 'claimed')
 * was moved by exactly one BONUS ledger transaction referenced `promotion-claim:<id>`, which
 * put the claim's amount into the member's wallet; and every such transaction is a credited
 * claim's.
 */
import { sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../plugins/external/db'

export interface PromotionReconcileReport {
  ok: boolean
  merchantCode: string
  claims: number
  /** Minor units, as a decimal string. */
  credited: string
  /** What differs, in words; empty when everything agrees. */
  mismatches: string[]
}

interface Bad {
  claim_id: number | null
  reference: string | null
  status: string | null
  amount: string | null
  moves: number
  moved: string | null
}

export async function reconcilePromotions(db: Db, merchantCode: string): Promise<PromotionReconcileReport> {
  const [totals, bad] = await Promise.all([
    db.execute(sql`
      select count(*)::int as claims, coalesce(sum(amount), 0)::text as credited
      from promotion_claims where merchant_code = ${merchantCode} and status = 'claimed'`),
    db.execute(sql`
      with moves as (
        select t.reference, count(distinct t.id)::int as moves,
               sum(lp.amount) filter (where a.member_id = t.member_id) as moved
        from ledger_transactions t
        join ledger_postings lp on lp.transaction_id = t.id
        join ledger_accounts a on a.id = lp.account_id
        where t.merchant_code = ${merchantCode} and t.type = 'BONUS' and t.reference like 'promotion-claim:%'
        group by t.reference
      ), claims as (
        select id, status, amount, 'promotion-claim:' || id as reference
        from promotion_claims where merchant_code = ${merchantCode}
      )
      select c.id as claim_id, coalesce(c.reference, mv.reference) as reference, c.status,
             c.amount::text as amount, coalesce(mv.moves, 0)::int as moves, mv.moved::text as moved
      from moves mv full join claims c on c.reference = mv.reference
      where (c.status = 'claimed' and (coalesce(mv.moves, 0) <> 1 or mv.moved is distinct from c.amount))
         or (mv.reference is not null and (c.id is null or c.status <> 'claimed'))
      order by 1 nulls first, 2 limit 20`),
  ])
  const t = rowsOf<{ claims: number; credited: string }>(totals)[0] ?? { claims: 0, credited: '0' }
  const mismatches = rowsOf<Bad>(bad).map((r) =>
    r.claim_id === null
      ? `ledger ${r.reference ?? ''}: ${r.moves} BONUS movements without their claim`
      : r.status !== 'claimed'
        ? `claim ${r.claim_id} is ${r.status ?? ''} but has ${r.moves} BONUS movements`
        : `claim ${r.claim_id}: amount ${r.amount ?? ''}, ${r.moves} BONUS movements moving ${r.moved ?? '0'} into the member's wallet`,
  )
  return {
    ok: mismatches.length === 0,
    merchantCode,
    claims: Number(t.claims),
    credited: t.credited,
    mismatches,
  }
}

export function formatPromotionReconcile(r: PromotionReconcileReport): string {
  const head = `${r.ok ? 'promotion money reconciles' : 'PROMOTION MONEY DOES NOT RECONCILE'} for ${r.merchantCode}: ${r.claims} credited claims, ${r.credited}`
  return [head, ...r.mismatches.map((m) => `  ${m}`)].join('\n')
}
