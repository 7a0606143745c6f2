/**
 * The turnover requirements' rows and the members' valid-bet totals (decision 026).
 * Every method takes the caller's transaction (or the database for a plain read): the
 * requirement of a bonus is written in the transaction that credits the bonus.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { TurnoverClosedReason } from '#contract/turnover'
import { memberDailyStats, members, turnoverRequirements } from '../db/schema'
import type { Db, Tx } from '../plugins/external/db'

export type Executor = Db | Tx
export type TurnoverRequirementRow = typeof turnoverRequirements.$inferSelect
export type NewTurnoverRequirement = typeof turnoverRequirements.$inferInsert

export function createTurnoverRepository() {
  return {
    /** A member of the brand by username (any case), for the operator's commands. */
    async memberByUsername(ex: Executor, merchantCode: string, username: string) {
      const [row] = await ex
        .select({ id: members.id, account: members.account })
        .from(members)
        .where(
          and(eq(members.merchantCode, merchantCode), eq(members.username, username.trim().toLowerCase())),
        )
      return row ?? null
    },

    /**
     * The member's valid bets of settled bets, ever: the sum of its days in
     * member_daily_stats (one primary-key range, a row per day played), which the bets'
     * triggers keep and take back when a settled bet is cancelled or settled lower.
     */
    async turnoverNow(ex: Executor, memberId: number): Promise<bigint> {
      const [row] = await ex
        .select({ validBet: sql<string>`coalesce(sum(${memberDailyStats.validBet}), 0)::text` })
        .from(memberDailyStats)
        .where(eq(memberDailyStats.memberId, memberId))
      return BigInt(row?.validBet ?? '0')
    },

    async insert(ex: Executor, row: NewTurnoverRequirement): Promise<TurnoverRequirementRow> {
      const [written] = await ex.insert(turnoverRequirements).values(row).returning()
      if (!written) throw new Error('turnover requirement not written')
      return written
    },

    /** The member's requirements that still count (not waived or forfeited), oldest first. */
    async counted(ex: Executor, memberId: number): Promise<TurnoverRequirementRow[]> {
      return ex
        .select()
        .from(turnoverRequirements)
        .where(and(eq(turnoverRequirements.memberId, memberId), isNull(turnoverRequirements.closedAt)))
        .orderBy(asc(turnoverRequirements.id))
    },

    /**
     * Locks the member's requirements that still count, for the caller's transaction: a
     * waiver of one of them (which locks its row) is then wholly before or after the caller.
     */
    async lockCounted(tx: Tx, memberId: number): Promise<void> {
      await tx
        .select({ id: turnoverRequirements.id })
        .from(turnoverRequirements)
        .where(and(eq(turnoverRequirements.memberId, memberId), isNull(turnoverRequirements.closedAt)))
        .orderBy(asc(turnoverRequirements.id))
        .for('update')
    },

    /** The member's newest requirements, closed ones included. */
    async latest(ex: Executor, memberId: number, limit: number): Promise<TurnoverRequirementRow[]> {
      return ex
        .select()
        .from(turnoverRequirements)
        .where(eq(turnoverRequirements.memberId, memberId))
        .orderBy(desc(turnoverRequirements.id))
        .limit(limit)
    },

    /** One requirement of the brand with its member's account name, locked for the caller's transaction. */
    async lockOne(tx: Tx, merchantCode: string, id: number) {
      const [row] = await tx
        .select({ r: turnoverRequirements, account: members.account })
        .from(turnoverRequirements)
        .innerJoin(members, eq(members.id, turnoverRequirements.memberId))
        .where(and(eq(turnoverRequirements.id, id), eq(turnoverRequirements.merchantCode, merchantCode)))
        .for('update', { of: turnoverRequirements })
      return row ?? null
    },

    /** Closes still-counted requirements; answers those it closed. */
    async close(
      ex: Executor,
      ids: readonly number[],
      closed: { reason: TurnoverClosedReason; by: string; at: Date },
    ): Promise<TurnoverRequirementRow[]> {
      if (ids.length === 0) return []
      return ex
        .update(turnoverRequirements)
        .set({ closedAt: closed.at, closedReason: closed.reason, closedBy: closed.by })
        .where(and(inArray(turnoverRequirements.id, [...ids]), isNull(turnoverRequirements.closedAt)))
        .returning()
    },
  }
}

export type TurnoverRepository = ReturnType<typeof createTurnoverRepository>
