/**
 * The daily rebate's and the automatic loss rescue's reads and writes in bulk: what every
 * member is owed for a closed period, in one grouped query over the members' figures per day
 * (member_daily_game_stats, member_daily_stats), and a chunk's claim rows written in one
 * statement, keyed by the claims' unique key so a row already there is left as it is. A
 * rebate's rate per game type is the rule's plus the member's VIP level's `rebate_extra_bp`
 * (the level at the period's end, from member_vip_changes; decision 030 section 5).
 */
import { sql } from 'drizzle-orm'
import { basisPoints, type RewardRule } from '#contract/promotions'
import { rowsOf, type Db, type Tx } from '../plugins/external/db'

type Executor = Db | Tx

/** What a member is owed for the period: the base the rule was applied to and the reward. */
export interface Owed {
  memberId: number
  /** Valid bets (all game types) or the net loss, minor units. */
  base: bigint
  amount: bigint
}

interface OwedRaw {
  member_id: number
  base: string
  amount: string
}

/** A postgres array literal of the values (as the ledger's batch writes them). */
const arr = (xs: readonly (string | number | null)[]) =>
  `{${xs.map((x) => (x === null ? 'NULL' : `"${String(x).replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`

export interface OwedQuery {
  merchantCode: string
  promotionId: number
  /** The claims' period key (the period's first day). */
  period: string
  /** Brand days [from, to] of the period. */
  from: string
  to: string
  /** The period's end: a member's VIP level then adds its rebate extra to each rate (decision 030). */
  end: Date
  rule: Extract<RewardRule, { kind: 'validBetRate' | 'lossPercent' }>
  /** Members who joined this many days before `at` or earlier are left out (the eligibility's). */
  newMemberDays?: number
  at: Date
}

export function createRebateRepository(db: Db) {
  return {
    /**
     * Every member of the brand with a reward above 0 for the period, not a trial account and
     * without a claim of the promotion and period yet, by member id. The days are found by
     * member_daily_stats' (brand, day) index; a member's game types by its own key.
     */
    async owed(q: OwedQuery, ex: Executor = db): Promise<Owed[]> {
      const bp = BigInt(basisPoints)
      const cap = BigInt(q.rule.cap)
      const joinedAfter =
        q.newMemberDays === undefined ? null : new Date(q.at.getTime() - q.newMemberDays * 86_400_000)
      const members = sql`
        join members m on m.id = d.member_id and m.type <> 4
          and (${joinedAfter?.toISOString() ?? null}::timestamptz is null
            or m.created_at > ${joinedAfter?.toISOString() ?? null}::timestamptz)
        where d.merchant_code = ${q.merchantCode} and d.day >= ${q.from}::date and d.day <= ${q.to}::date
          and not exists (
            select 1 from promotion_claims c
            where c.promotion_id = ${q.promotionId} and c.member_id = d.member_id and c.period = ${q.period})`
      const capped = (v: ReturnType<typeof sql>) =>
        cap > 0n ? sql`least(${v}, ${cap.toString()}::bigint)` : v
      const rows =
        q.rule.kind === 'validBetRate'
          ? await ex.execute(sql`
              with rates as (
                select * from unnest(${arr(q.rule.rates.map((r) => r.gameType))}::text[],
                                     ${arr(q.rule.rates.map((r) => r.rate))}::bigint[]) as r(game_type, rate)
              ), by_type as (
                select g.member_id, g.product_type, sum(g.valid_bet)::bigint as valid_bet
                from member_daily_stats d
                join member_daily_game_stats g on g.member_id = d.member_id and g.day = d.day
                ${members}
                group by g.member_id, g.product_type
              ), extra as (
                -- The member's level at the period's end (its last change before it; none: rank 1)
                -- and that level's rebate extra, added to the rule's rate of each game type.
                select k.member_id, coalesce((
                  select l.rebate_extra_bp from vip_levels l
                  where l.merchant_code = ${q.merchantCode}
                    and l.rank <= coalesce((
                      select c.to_rank from member_vip_changes c
                      where c.member_id = k.member_id and c.at < ${q.end.toISOString()}::timestamptz
                      order by c.at desc, c.id desc limit 1), 1)
                  order by l.rank desc limit 1), 0)::bigint as bp
                from (select distinct member_id from by_type) k
              ), owed as (
                select t.member_id, sum(t.valid_bet)::bigint as base,
                       sum(t.valid_bet * coalesce(r.rate + x.bp, 0) / ${bp.toString()}::bigint)::bigint as amount
                from by_type t left join rates r on r.game_type = t.product_type
                join extra x on x.member_id = t.member_id
                group by t.member_id
              )
              select member_id, base::text as base, (${capped(sql`amount`)})::text as amount
              from owed where amount > 0 order by member_id`)
          : await ex.execute(sql`
              with owed as (
                select d.member_id, sum(d.bet_amount - d.payout)::bigint as base
                from member_daily_stats d
                ${members}
                group by d.member_id
              )
              select member_id, base::text as base,
                     (${capped(sql`(base * ${BigInt(q.rule.rate).toString()}::bigint / ${bp.toString()}::bigint)`)})::text as amount
              from owed
              where base > 0 and base >= ${BigInt(q.rule.minLoss).toString()}::bigint
                and base * ${BigInt(q.rule.rate).toString()}::bigint / ${bp.toString()}::bigint > 0
              order by member_id`)
      return rowsOf<OwedRaw>(rows).map((r) => ({
        memberId: Number(r.member_id),
        base: BigInt(r.base),
        amount: BigInt(r.amount),
      }))
    },

    /**
     * Writes the chunk's claims (credited now, by the system) unless a member already has
     * the promotion's claim of the period: member id -> the new claim's id, only for the rows
     * this statement wrote.
     */
    async insertClaimed(
      tx: Tx,
      c: { promotionId: number; merchantCode: string; period: string; at: Date; owed: readonly Owed[] },
    ): Promise<Map<number, number>> {
      if (c.owed.length === 0) return new Map()
      const at = c.at.toISOString()
      const rows = await tx.execute(sql`
        insert into promotion_claims (promotion_id, merchant_code, member_id, period, status, amount, base,
                                      created_at, decided_at, decided_by, claimed_at)
        select ${c.promotionId}, ${c.merchantCode}, i.member_id, ${c.period}, 'claimed', i.amount, i.base,
               ${at}::timestamptz, ${at}::timestamptz, 'system', ${at}::timestamptz
        from unnest(${arr(c.owed.map((o) => o.memberId))}::int[], ${arr(c.owed.map((o) => o.amount.toString()))}::bigint[],
                    ${arr(c.owed.map((o) => o.base.toString()))}::bigint[]) with ordinality as i(member_id, amount, base, ord)
        order by i.ord
        on conflict do nothing
        returning id, member_id`)
      return new Map(
        rowsOf<{ id: number; member_id: number }>(rows).map((r) => [Number(r.member_id), Number(r.id)]),
      )
    },

    /** The members' account names (the dry run's table). */
    async accounts(memberIds: readonly number[], ex: Executor = db): Promise<Map<number, string>> {
      if (memberIds.length === 0) return new Map()
      const rows = await ex.execute(
        sql`select id, account from members where id = any(${arr(memberIds)}::int[])`,
      )
      return new Map(rowsOf<{ id: number; account: string }>(rows).map((r) => [Number(r.id), r.account]))
    },

    /** Each claim's ledger transaction. */
    async linkTransactions(tx: Tx, claimIds: readonly number[], txIds: readonly number[]): Promise<void> {
      if (claimIds.length === 0) return
      await tx.execute(sql`
        update promotion_claims c set transaction_id = l.tid
        from unnest(${arr(claimIds)}::int[], ${arr(txIds)}::bigint[]) as l(id, tid)
        where c.id = l.id`)
    },
  }
}

export type RebateRepository = ReturnType<typeof createRebateRepository>
