/**
 * The VIP area's statements (decision 030 section 5): the brand's levels, each member's level
 * and its changes, the figures a level is decided by (read from member_daily_stats), and the
 * guarded writes of the upgrade and the monthly evaluation. Writes take the caller's
 * transaction.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { VipChangeReason } from '#contract/vip'
import { memberVip, vipEvaluations, vipLevels } from '../../db/schema'
import { rowsOf, type Db, type Tx } from '../../plugins/external/db'

export type LevelRow = typeof vipLevels.$inferSelect
type Ex = Db | Tx

/** A member's figures, minor units: this month's (or the evaluated month's) and ever. */
export interface Figures {
  monthlyTurnover: bigint
  monthlyDeposit: bigint
  totalTurnover: bigint
  totalDeposit: bigint
  /** Read with `countedIn`: the first day counted (the day after the last operator change), or null. */
  countedFrom?: string | null
}

export const noFigures: Figures = {
  monthlyTurnover: 0n,
  monthlyDeposit: 0n,
  totalTurnover: 0n,
  totalDeposit: 0n,
}

/** A Postgres array literal of ids (Drizzle would spread a JS array into parameters). */
const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`

/** The first key of the members' advisory locks (the second is the member id). */
const memberLockClass = 30_005

export interface Change {
  memberId: number
  fromRank: number
  toRank: number
}

export function createVipRepository(db: Db) {
  return {
    /** The brand's levels, lowest rank first. */
    async levels(merchantCode: string, ex: Ex = db): Promise<LevelRow[]> {
      return ex
        .select()
        .from(vipLevels)
        .where(eq(vipLevels.merchantCode, merchantCode))
        .orderBy(asc(vipLevels.rank))
    },

    async addLevel(row: typeof vipLevels.$inferInsert, ex: Ex = db): Promise<LevelRow | undefined> {
      const [r] = await ex.insert(vipLevels).values(row).onConflictDoNothing().returning()
      return r
    },

    async editLevel(
      merchantCode: string,
      rank: number,
      set: Partial<typeof vipLevels.$inferInsert>,
      ex: Ex = db,
    ): Promise<LevelRow | undefined> {
      const [r] = await ex
        .update(vipLevels)
        .set(set)
        .where(and(eq(vipLevels.merchantCode, merchantCode), eq(vipLevels.rank, rank)))
        .returning()
      return r
    },

    /** The member's level row, or undefined (rank 1). */
    async memberLevel(memberId: number, ex: Ex = db) {
      const [r] = await ex.select().from(memberVip).where(eq(memberVip.memberId, memberId))
      return r
    },

    /**
     * Each member's figures: valid bets and deposits of the brand days [from, to] and of every
     * day up to `to`. With `countedIn` (the brand's zone), only the days an automatic raise
     * counts: after a member's last operator change, from the brand day after it on (the daily
     * figures have no time of day), so an operator's level holds until play after it earns more.
     */
    async figures(
      memberIds: readonly number[],
      from: string,
      to: string,
      ex: Ex = db,
      countedIn?: string,
    ): Promise<Map<number, Figures>> {
      const out = new Map<number, Figures>()
      if (memberIds.length === 0) return out
      const ids = idArray(memberIds)
      const op = countedIn
        ? sql`select member_id, (max(at) at time zone ${countedIn})::date + 1 as since
              from member_vip_changes
              where member_id = any(${ids}::int[]) and reason = 'operator' group by member_id`
        : sql`select null::int as member_id, null::date as since where false`
      const rows = rowsOf<{
        member_id: number
        mt: string
        md: string
        tt: string
        td: string
        since: string | null
      }>(
        await ex.execute(sql`
          with op as (${op})
          select s.member_id, max(op.since)::text as since,
                 coalesce(sum(s.valid_bet) filter (where s.day >= ${from}::date), 0)::text as mt,
                 coalesce(sum(s.deposits) filter (where s.day >= ${from}::date), 0)::text as md,
                 coalesce(sum(s.valid_bet), 0)::text as tt,
                 coalesce(sum(s.deposits), 0)::text as td
          from member_daily_stats s left join op on op.member_id = s.member_id
          where s.member_id = any(${ids}::int[]) and s.day <= ${to}::date
            and (op.since is null or s.day >= op.since)
          group by s.member_id`),
      )
      for (const r of rows) {
        out.set(Number(r.member_id), {
          monthlyTurnover: BigInt(r.mt),
          monthlyDeposit: BigInt(r.md),
          totalTurnover: BigInt(r.tt),
          totalDeposit: BigInt(r.td),
          ...(countedIn ? { countedFrom: r.since } : {}),
        })
      }
      return out
    },

    /**
     * The first day an automatic raise counts for each member with an operator change (the
     * brand day after its last one), read under the caller's locks.
     */
    async countedFrom(tx: Tx, memberIds: readonly number[], timeZone: string): Promise<Map<number, string>> {
      if (memberIds.length === 0) return new Map()
      const rows = rowsOf<{ member_id: number; since: string }>(
        await tx.execute(sql`
          select member_id, ((max(at) at time zone ${timeZone})::date + 1)::text as since
          from member_vip_changes
          where member_id = any(${idArray(memberIds)}::int[]) and reason = 'operator'
          group by member_id`),
      )
      return new Map(rows.map((r) => [Number(r.member_id), r.since]))
    },

    /** Real members (not trial accounts) of the brand with figures on one of the given days, a chunk after `afterId`. */
    async activeMembers(
      merchantCode: string,
      days: readonly string[],
      afterId: number,
      limit: number,
    ): Promise<number[]> {
      const rows = rowsOf<{ member_id: number }>(
        await db.execute(sql`
          select distinct s.member_id from member_daily_stats s
          join members m on m.id = s.member_id and m.type <> 4
          where s.merchant_code = ${merchantCode} and s.day = any(${`{${days.join(',')}}`}::date[])
            and s.member_id > ${afterId}
          order by s.member_id limit ${limit}`),
      )
      return rows.map((r) => Number(r.member_id))
    },

    /**
     * The members' current ranks, their rows locked for the transaction (no row: rank 1).
     * A member without a row is held by a lock on its id, so two upgraders of one member
     * run one after the other and each records the rank it really raised from.
     */
    async lockRanks(tx: Tx, memberIds: readonly number[]): Promise<Map<number, number>> {
      if (memberIds.length === 0) return new Map()
      await tx.execute(sql`
        select pg_advisory_xact_lock(${memberLockClass}, id)
        from unnest(${idArray(memberIds)}::int[]) as id order by id`)
      const rows = rowsOf<{ member_id: number; rank: number }>(
        await tx.execute(sql`
          select member_id, rank from member_vip
          where member_id = any(${idArray(memberIds)}::int[]) order by member_id for update`),
      )
      return new Map(rows.map((r) => [Number(r.member_id), Number(r.rank)]))
    },

    /**
     * Raises each member to its rank when above the stored one (a row made for a member who
     * had none), and records each change, in one statement: a second upgrader to the same
     * level changes nothing and records nothing.
     */
    async raise(
      tx: Tx,
      merchantCode: string,
      targets: readonly { memberId: number; fromRank: number; toRank: number }[],
      reason: VipChangeReason,
      at: Date,
      by: string,
      note: string | null = null,
    ): Promise<Change[]> {
      if (targets.length === 0) return []
      const ids = idArray(targets.map((t) => t.memberId))
      const to = idArray(targets.map((t) => t.toRank))
      const from = idArray(targets.map((t) => t.fromRank))
      const rows = rowsOf<{ member_id: number; from_rank: number; to_rank: number }>(
        await tx.execute(sql`
          with v as (
            select * from unnest(${ids}::int[], ${to}::int[], ${from}::int[]) as v(member_id, rank, from_rank)
          ), up as (
            insert into member_vip (member_id, merchant_code, rank, since)
            select member_id, ${merchantCode}, rank, ${at} from v
            on conflict (member_id) do update set rank = excluded.rank, since = excluded.since
            where member_vip.rank < excluded.rank
            returning member_id, rank
          )
          insert into member_vip_changes (member_id, merchant_code, from_rank, to_rank, reason, period, at, by, note)
          select up.member_id, ${merchantCode}, v.from_rank, up.rank, ${reason}, null, ${at}, ${by}, ${note}
          from up join v using (member_id)
          returning member_id, from_rank, to_rank`),
      )
      return rows.map((r) => ({
        memberId: Number(r.member_id),
        fromRank: Number(r.from_rank),
        toRank: Number(r.to_rank),
      }))
    },

    /** Sets a member's rank whatever it was (the operator's `vip set`), recording the change. */
    async set(
      tx: Tx,
      merchantCode: string,
      memberId: number,
      fromRank: number,
      toRank: number,
      at: Date,
      by: string,
      note: string,
    ): Promise<void> {
      await tx.execute(sql`
        with up as (
          insert into member_vip (member_id, merchant_code, rank, since)
          values (${memberId}, ${merchantCode}, ${toRank}, ${at})
          on conflict (member_id) do update set rank = excluded.rank, since = excluded.since
          returning member_id, rank
        )
        insert into member_vip_changes (member_id, merchant_code, from_rank, to_rank, reason, at, by, note)
        select member_id, ${merchantCode}, ${fromRank}, rank, 'operator', ${at}, ${by}, ${note} from up`)
    },

    /**
     * The next chunk (members after `afterId`) of rank 2 or more the month has not evaluated,
     * locked unless `lock` is false (a dry run).
     */
    async toEvaluate(tx: Ex, merchantCode: string, period: string, limit: number, afterId = 0, lock = true) {
      const rows = rowsOf<{ member_id: number; rank: number }>(
        await tx.execute(sql`
          select member_id, rank from member_vip
          where merchant_code = ${merchantCode} and rank >= 2 and evaluated_period < ${period}
            and member_id > ${afterId}
          order by member_id limit ${limit} ${lock ? sql`for update` : sql``}`),
      )
      return rows.map((r) => ({ memberId: Number(r.member_id), rank: Number(r.rank) }))
    },

    /**
     * For each member: the rank it had at `end` (its last change before), the highest rank
     * an upgrade reached from `end` on, and whether an operator set it from `end` on.
     */
    async history(memberIds: readonly number[], end: Date, ex: Ex = db) {
      const rows = rowsOf<{
        member_id: number
        at_end: number | null
        upgraded: number | null
        operator: boolean
      }>(
        await ex.execute(sql`
          select member_id,
                 (array_agg(to_rank order by at desc, id desc) filter (where at < ${end}))[1] as at_end,
                 max(to_rank) filter (where at >= ${end} and reason = 'upgrade') as upgraded,
                 bool_or(at >= ${end} and reason = 'operator') as operator
          from member_vip_changes where member_id = any(${idArray(memberIds)}::int[])
          group by member_id`),
      )
      return new Map(
        rows.map((r) => [
          Number(r.member_id),
          {
            atEnd: r.at_end === null ? 1 : Number(r.at_end),
            upgraded: r.upgraded === null ? 0 : Number(r.upgraded),
            operator: r.operator,
          },
        ]),
      )
    },

    /**
     * Locks the rows of these members that have not evaluated month P, in member order (as
     * every other path locks them), and answers each one's rank under the lock. A member an
     * upgrade or the operator is changing is waited for, so what is read next in the same
     * transaction (its history) includes that change.
     */
    async lockUnevaluated(
      tx: Tx,
      period: string,
      memberIds: readonly number[],
    ): Promise<Map<number, number>> {
      if (memberIds.length === 0) return new Map()
      const rows = rowsOf<{ member_id: number; rank: number }>(
        await tx.execute(sql`
          select member_id, rank from member_vip
          where member_id = any(${idArray(memberIds)}::int[]) and evaluated_period < ${period}
          order by member_id for update`),
      )
      return new Map(rows.map((r) => [Number(r.member_id), Number(r.rank)]))
    },

    /**
     * The month's decision for these members: each one's new rank and the month marked on its
     * row, only where the month is not marked yet; the changes recorded from the same
     * statement. Answers how many rows this call marked and the changes.
     */
    async evaluate(
      tx: Tx,
      merchantCode: string,
      period: string,
      decided: readonly { memberId: number; fromRank: number; toRank: number }[],
      at: Date,
    ): Promise<{ marked: number; changes: Change[] }> {
      if (decided.length === 0) return { marked: 0, changes: [] }
      const ids = idArray(decided.map((d) => d.memberId))
      const to = idArray(decided.map((d) => d.toRank))
      const from = idArray(decided.map((d) => d.fromRank))
      const rows = rowsOf<{ changed: boolean; member_id: number; from_rank: number; to_rank: number }>(
        await tx.execute(sql`
          with v as (
            select * from unnest(${ids}::int[], ${to}::int[], ${from}::int[]) as v(member_id, rank, from_rank)
          ), up as (
            update member_vip mv set rank = v.rank, evaluated_period = ${period},
                   since = case when mv.rank = v.rank then mv.since else ${at}::timestamptz end
            from v where mv.member_id = v.member_id and mv.evaluated_period < ${period}
            returning mv.member_id, mv.rank
          ), ins as (
            insert into member_vip_changes (member_id, merchant_code, from_rank, to_rank, reason, period, at, by)
            select up.member_id, ${merchantCode}, v.from_rank, up.rank, 'monthly', ${period}, ${at}, 'system'
            from up join v using (member_id) where v.from_rank <> up.rank
            returning member_id, from_rank, to_rank
          )
          select true as changed, member_id, from_rank, to_rank from ins
          union all
          select false, member_id, rank, rank from up`),
      )
      return {
        marked: rows.filter((r) => !r.changed).length,
        changes: rows
          .filter((r) => r.changed)
          .map((r) => ({
            memberId: Number(r.member_id),
            fromRank: Number(r.from_rank),
            toRank: Number(r.to_rank),
          })),
      }
    },

    async evaluated(merchantCode: string, ex: Ex = db): Promise<Set<string>> {
      const rows = await ex
        .select({ period: vipEvaluations.period })
        .from(vipEvaluations)
        .where(eq(vipEvaluations.merchantCode, merchantCode))
      return new Set(rows.map((r) => r.period))
    },

    async markEvaluated(merchantCode: string, period: string, changed: number, at: Date, ex: Ex = db) {
      await ex
        .insert(vipEvaluations)
        .values({ merchantCode, period, doneAt: at, changed })
        .onConflictDoNothing()
    },
  }
}

export type VipRepository = ReturnType<typeof createVipRepository>
