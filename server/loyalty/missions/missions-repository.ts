/**
 * The missions' queries: the definitions, each member's claims, the facts the newbie tasks,
 * the rescue and the milestones read (members, bank cards, push subscriptions, the daily
 * figures of decision 023), and the week's leaderboard. Writes take the caller's transaction.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { MissionRuleSchema } from '#contract/missions'
import { EligibilitySchema, TurnoverSchema } from '#contract/promotions'
import { memberDailyStats } from '../../db/schema/agent'
import { members } from '../../db/schema/identity'
import { missionClaims, missions } from '../../db/schema/missions'
import { promotionClaims } from '../../db/schema/promotions'
import type { Db, Tx } from '../../plugins/external/db'

type Executor = Db | Tx
const Texts = z.record(z.string(), z.string())

/** The first key of a member's check-in lock (the second is the member id; VIP's is 30_005). */
const checkInLockClass = 30_006

export type NewMission = typeof missions.$inferInsert
type StoredMission = typeof missions.$inferSelect

function parsed(r: StoredMission) {
  return {
    ...r,
    rule: MissionRuleSchema.parse(r.rule),
    eligibility: EligibilitySchema.parse(r.eligibility),
    turnover: TurnoverSchema.parse(r.turnover),
    titles: Texts.parse(r.titles),
    rules: Texts.parse(r.rules),
  }
}
export type MissionRow = ReturnType<typeof parsed>
export type MissionClaimRow = typeof missionClaims.$inferSelect

export function createMissionRepository(db: Db) {
  return {
    /** The brand's missions not ended before `since`, in the hub's order. */
    async shown(merchantCode: string, since: Date, ex: Executor = db): Promise<MissionRow[]> {
      const rows = await ex
        .select()
        .from(missions)
        .where(
          and(
            eq(missions.merchantCode, merchantCode),
            or(isNull(missions.endsAt), gte(missions.endsAt, since)),
          ),
        )
        .orderBy(asc(missions.sort), asc(missions.id))
      return rows.map(parsed)
    },

    async all(merchantCode: string, ex: Executor = db): Promise<MissionRow[]> {
      const rows = await ex
        .select()
        .from(missions)
        .where(eq(missions.merchantCode, merchantCode))
        .orderBy(asc(missions.sort), asc(missions.id))
      return rows.map(parsed)
    },

    async byId(merchantCode: string, id: number, ex: Executor = db): Promise<MissionRow | undefined> {
      const [r] = await ex
        .select()
        .from(missions)
        .where(and(eq(missions.id, id), eq(missions.merchantCode, merchantCode)))
      return r ? parsed(r) : undefined
    },

    async add(row: NewMission, ex: Executor = db): Promise<MissionRow> {
      const [r] = await ex.insert(missions).values(row).returning()
      if (!r) throw new Error('mission not written')
      return parsed(r)
    },

    async update(id: number, set: Partial<NewMission>, ex: Executor = db): Promise<MissionRow> {
      const [r] = await ex.update(missions).set(set).where(eq(missions.id, id)).returning()
      if (!r) throw new Error(`mission ${id} missing`)
      return parsed(r)
    },

    /** The member and the facts the newbie tasks read, in one statement. */
    async member(memberId: number, ex: Executor = db) {
      const [m] = await ex
        .select({
          id: members.id,
          type: members.type,
          createdAt: members.createdAt,
          // Every field the brand's profile asks for was once filled (server/identity/profile-service.ts).
          profile: sql<boolean>`exists (select 1 from member_profiles f where f.member_id = members.id and f.completed_at is not null)`,
          firstDeposit: sql<boolean>`${members.firstDepositAt} is not null`,
          bankCard: sql<boolean>`exists (select 1 from bank_cards b where b.member_id = members.id and b.deleted_at is null)`,
          firstBet: sql<boolean>`exists (select 1 from member_daily_stats s where s.member_id = members.id and s.bet_count > 0)`,
          notifications: sql<boolean>`exists (select 1 from push_subscriptions p where p.member_id = members.id)`,
        })
        .from(members)
        .where(eq(members.id, memberId))
      return m
    },

    /** The member's claims of these missions in these periods. */
    async claimsOf(memberId: number, missionIds: number[], periods: string[], ex: Executor = db) {
      if (missionIds.length === 0 || periods.length === 0) return []
      return ex
        .select()
        .from(missionClaims)
        .where(
          and(
            eq(missionClaims.memberId, memberId),
            inArray(missionClaims.missionId, missionIds),
            inArray(missionClaims.period, periods),
          ),
        )
    },

    /** The member's claim of a mission on one period (the sign-in's yesterday). */
    async claimOn(missionId: number, memberId: number, period: string, ex: Executor = db) {
      const [c] = await ex
        .select()
        .from(missionClaims)
        .where(
          and(
            eq(missionClaims.missionId, missionId),
            eq(missionClaims.memberId, memberId),
            eq(missionClaims.period, period),
            eq(missionClaims.step, 0),
          ),
        )
      return c
    },

    /**
     * Holds the member's check-ins for the transaction: one at a time, so a check-in reads
     * its clock and yesterday's claim only after the one before it has committed.
     */
    async lockCheckIn(memberId: number, tx: Tx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${checkInLockClass}, ${memberId})`)
    },

    /** The claim row, or undefined when this mission, member, period and tier has one already. */
    async insertClaim(row: typeof missionClaims.$inferInsert, tx: Tx): Promise<MissionClaimRow | undefined> {
      const [c] = await tx.insert(missionClaims).values(row).onConflictDoNothing().returning()
      return c
    },

    async setPaid(
      id: number,
      set: { pointTransactionId?: number; promotionClaimId?: number },
      tx: Tx,
    ): Promise<void> {
      await tx.update(missionClaims).set(set).where(eq(missionClaims.id, id))
    },

    /** The engine's claim that a mission's `give` wrote (its period key is the mission's). */
    async promotionClaimOf(promotionId: number, memberId: number, period: string, tx: Tx) {
      const [c] = await tx
        .select({ id: promotionClaims.id })
        .from(promotionClaims)
        .where(
          and(
            eq(promotionClaims.promotionId, promotionId),
            eq(promotionClaims.memberId, memberId),
            eq(promotionClaims.period, period),
          ),
        )
      return c?.id
    },

    /** Valid bets and net loss (stakes less payouts) over brand days [from, to]. */
    async figures(memberId: number, from: string, to: string, ex: Executor = db) {
      const [r] = await ex
        .select({
          validBet: sql<string>`coalesce(sum(${memberDailyStats.validBet}), 0)`,
          loss: sql<string>`coalesce(sum(${memberDailyStats.betAmount} - ${memberDailyStats.payout}), 0)`,
        })
        .from(memberDailyStats)
        .where(
          and(
            eq(memberDailyStats.memberId, memberId),
            gte(memberDailyStats.day, from),
            sql`${memberDailyStats.day} <= ${to}`,
          ),
        )
      return { validBet: BigInt(r?.validBet ?? 0), loss: BigInt(r?.loss ?? 0) }
    },

    /**
     * Each member's score over claims made in [from, to): highest first, the one who got there
     * first ahead on a tie. One indexed range and a group by.
     */
    async board(merchantCode: string, from: Date, to: Date, ex: Executor = db) {
      return ex
        .select({
          memberId: missionClaims.memberId,
          username: members.username,
          score: sql<number>`sum(${missionClaims.score})::float8`,
        })
        .from(missionClaims)
        .innerJoin(members, eq(members.id, missionClaims.memberId))
        .where(
          and(
            eq(missionClaims.merchantCode, merchantCode),
            gte(missionClaims.claimedAt, from),
            lt(missionClaims.claimedAt, to),
          ),
        )
        .groupBy(missionClaims.memberId, members.username)
        .having(sql`sum(${missionClaims.score}) > 0`)
        .orderBy(
          desc(sql`sum(${missionClaims.score})`),
          asc(sql`max(${missionClaims.claimedAt})`),
          asc(missionClaims.memberId),
        )
    },
  }
}

export type MissionRepository = ReturnType<typeof createMissionRepository>
