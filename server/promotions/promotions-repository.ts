/**
 * The promotions area's reads and writes over promotions, promotion_claims and
 * deposit_promotions. Every method takes the executor (the database or the caller's
 * transaction); a promotion's rule, eligibility and turnover are parsed on every read, so a
 * row the contract no longer accepts fails loudly instead of paying.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  type ClaimStatus,
  EligibilitySchema,
  RewardRuleSchema,
  TurnoverSchema,
  type ClaimMode,
  type Eligibility,
  type PromotionCategory,
  type PromotionFrequency,
  type RewardRule,
  type Turnover,
} from '#contract/promotions'
import { memberDailyGameStats, memberDailyStats } from '../db/schema/agent'
import { members } from '../db/schema/identity'
import { deposits } from '../db/schema/money'
import { depositPromotions, promotionClaims, promotions } from '../db/schema/promotions'
import type { Db, Tx } from '../plugins/external/db'
import { unlistedTemplates } from './templates'

type Executor = Db | Tx

export type { ClaimStatus } from '#contract/promotions'

export interface PromotionRow {
  id: number
  merchantCode: string
  template: string
  category: PromotionCategory
  claimMode: ClaimMode
  frequency: PromotionFrequency
  rule: RewardRule
  eligibility: Eligibility
  turnover: Turnover
  code: string | null
  codeUses: number | null
  titles: Record<string, string>
  contents: Record<string, string>
  imageUrl: string | null
  startsAt: Date
  endsAt: Date | null
  pausedAt: Date | null
  sort: number
  createdAt: Date
  createdBy: string
}

export type ClaimRow = typeof promotionClaims.$inferSelect
export type NewPromotion = Omit<PromotionRow, 'id'>

const Texts = z.record(z.string(), z.string())

function parsed(r: typeof promotions.$inferSelect): PromotionRow {
  return {
    ...r,
    rule: RewardRuleSchema.parse(r.rule),
    eligibility: EligibilitySchema.parse(r.eligibility),
    turnover: TurnoverSchema.parse(r.turnover),
    titles: Texts.parse(r.titles),
    contents: Texts.parse(r.contents),
  }
}

export function createPromotionRepository(db: Db) {
  return {
    /** The brand's promotions that have not ended before `since`, in the brand's order. */
    async listed(merchantCode: string, since: Date, ex: Executor = db): Promise<PromotionRow[]> {
      const rows = await ex
        .select()
        .from(promotions)
        .where(
          and(
            eq(promotions.merchantCode, merchantCode),
            or(isNull(promotions.endsAt), gte(promotions.endsAt, since)),
            notInArray(promotions.template, [...unlistedTemplates]),
          ),
        )
        .orderBy(asc(promotions.sort), asc(promotions.id))
      return rows.map(parsed)
    },

    /** Every promotion of the brand, newest first (the operator's list). */
    async all(merchantCode: string, ex: Executor = db): Promise<PromotionRow[]> {
      const rows = await ex
        .select()
        .from(promotions)
        .where(eq(promotions.merchantCode, merchantCode))
        .orderBy(desc(promotions.id))
      return rows.map(parsed)
    },

    async byId(merchantCode: string, id: number, ex: Executor = db): Promise<PromotionRow | undefined> {
      const [r] = await ex
        .select()
        .from(promotions)
        .where(and(eq(promotions.id, id), eq(promotions.merchantCode, merchantCode)))
      return r ? parsed(r) : undefined
    },

    /** The promotion row locked for this transaction (a promo code's uses are counted under it). */
    async lock(id: number, tx: Tx): Promise<void> {
      await tx.execute(sql`select id from promotions where id = ${id} for update`)
    },

    async byCode(merchantCode: string, code: string, ex: Executor = db): Promise<PromotionRow | undefined> {
      const [r] = await ex
        .select()
        .from(promotions)
        .where(and(eq(promotions.merchantCode, merchantCode), eq(promotions.code, code)))
      return r ? parsed(r) : undefined
    },

    async add(p: NewPromotion, ex: Executor = db): Promise<PromotionRow> {
      const [r] = await ex.insert(promotions).values(p).returning()
      if (!r) throw new Error('promotion not written')
      return parsed(r)
    },

    async update(id: number, set: Partial<NewPromotion>, ex: Executor = db): Promise<PromotionRow> {
      const [r] = await ex.update(promotions).set(set).where(eq(promotions.id, id)).returning()
      if (!r) throw new Error('promotion not updated')
      return parsed(r)
    },

    /** The member's joining time and kind, or undefined. */
    async member(memberId: number, ex: Executor = db) {
      const [m] = await ex
        .select({
          id: members.id,
          merchantCode: members.merchantCode,
          type: members.type,
          createdAt: members.createdAt,
          language: members.language,
          account: members.account,
        })
        .from(members)
        .where(eq(members.id, memberId))
      return m
    },

    /**
     * The member's claims that decide its states now: those of the given periods of the
     * given promotions, and every issued one not claimed yet.
     */
    async claimsFor(memberId: number, promotionIds: number[], periods: string[], ex: Executor = db) {
      if (promotionIds.length === 0) return []
      return ex
        .select()
        .from(promotionClaims)
        .where(
          and(
            eq(promotionClaims.memberId, memberId),
            inArray(promotionClaims.promotionId, promotionIds),
            or(inArray(promotionClaims.period, periods), eq(promotionClaims.status, 'issued')),
          ),
        )
    },

    async claim(id: number, ex: Executor = db): Promise<ClaimRow | undefined> {
      const [r] = await ex.select().from(promotionClaims).where(eq(promotionClaims.id, id))
      return r
    },

    /**
     * Writes a claim unless the member already has one for the promotion and period (the
     * unique key): the written row, or undefined when one was there.
     */
    async insertClaim(row: typeof promotionClaims.$inferInsert, tx: Tx): Promise<ClaimRow | undefined> {
      const [r] = await tx.insert(promotionClaims).values(row).onConflictDoNothing().returning()
      return r
    },

    /** Moves a claim from `from` to the new values, only while it is in `from`. */
    async moveClaim(
      id: number,
      from: ClaimStatus,
      set: Partial<typeof promotionClaims.$inferInsert>,
      tx: Tx,
      memberId?: number,
    ): Promise<ClaimRow | undefined> {
      const [r] = await tx
        .update(promotionClaims)
        .set(set)
        .where(
          and(
            eq(promotionClaims.id, id),
            eq(promotionClaims.status, from),
            memberId === undefined ? undefined : eq(promotionClaims.memberId, memberId),
          ),
        )
        .returning()
      return r
    },

    async setTransaction(id: number, transactionId: number, tx: Tx): Promise<void> {
      await tx.update(promotionClaims).set({ transactionId }).where(eq(promotionClaims.id, id))
    },

    /** How many claims a promotion has in all (a promo code's uses). */
    async claimCount(promotionId: number, ex: Executor = db): Promise<number> {
      const [r] = await ex
        .select({ n: count() })
        .from(promotionClaims)
        .where(eq(promotionClaims.promotionId, promotionId))
      return r?.n ?? 0
    },

    /** A page of the member's claims, newest first, with their promotions. */
    async claimPage(f: {
      memberId: number
      pageNo: number
      pageSize: number
      from?: Date
      to?: Date
      status?: ClaimStatus
    }) {
      const where = and(
        eq(promotionClaims.memberId, f.memberId),
        f.from ? gte(promotionClaims.createdAt, f.from) : undefined,
        f.to ? lt(promotionClaims.createdAt, f.to) : undefined,
        f.status ? eq(promotionClaims.status, f.status) : undefined,
      )
      const [rows, [total]] = await Promise.all([
        db
          .select({ claim: promotionClaims, titles: promotions.titles, category: promotions.category })
          .from(promotionClaims)
          .innerJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
          .where(where)
          .orderBy(desc(promotionClaims.createdAt), desc(promotionClaims.id))
          .limit(f.pageSize)
          .offset((f.pageNo - 1) * f.pageSize),
        db.select({ n: count() }).from(promotionClaims).where(where),
      ])
      return {
        rows: rows.map((r) => ({ ...r, titles: Texts.parse(r.titles) })),
        total: total?.n ?? 0,
      }
    },

    /** The brand's applications waiting for the operator (or all of a promotion's), oldest first. */
    async applications(merchantCode: string, status: ClaimStatus | undefined, ex: Executor = db) {
      const rows = await ex
        .select({ claim: promotionClaims, account: members.account, titles: promotions.titles })
        .from(promotionClaims)
        .innerJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
        .innerJoin(members, eq(members.id, promotionClaims.memberId))
        .where(
          and(
            eq(promotionClaims.merchantCode, merchantCode),
            eq(promotions.claimMode, 'apply'),
            status ? eq(promotionClaims.status, status) : undefined,
          ),
        )
        .orderBy(asc(promotionClaims.createdAt))
        .limit(200)
      return rows.map((r) => ({ ...r, titles: Texts.parse(r.titles) }))
    },

    /** The member's valid bets over brand days [from, to] (member_daily_stats). */
    async validBetsBetween(memberId: number, from: string, to: string, ex: Executor = db): Promise<bigint> {
      const [r] = await ex
        .select({ v: sql<string>`coalesce(sum(${memberDailyStats.validBet}), 0)` })
        .from(memberDailyStats)
        .where(
          and(
            eq(memberDailyStats.memberId, memberId),
            gte(memberDailyStats.day, from),
            sql`${memberDailyStats.day} <= ${to}`,
          ),
        )
      return BigInt(r?.v ?? 0)
    },

    /** The member's stakes less payouts of bets settled over brand days [from, to]. */
    async lossBetween(memberId: number, from: string, to: string, ex: Executor = db): Promise<bigint> {
      const [r] = await ex
        .select({
          v: sql<string>`coalesce(sum(${memberDailyStats.betAmount} - ${memberDailyStats.payout}), 0)`,
        })
        .from(memberDailyStats)
        .where(
          and(
            eq(memberDailyStats.memberId, memberId),
            gte(memberDailyStats.day, from),
            sql`${memberDailyStats.day} <= ${to}`,
          ),
        )
      return BigInt(r?.v ?? 0)
    },

    /** The member's valid bets per game type over brand days [from, to]. */
    async validBetsByType(memberId: number, from: string, to: string, ex: Executor = db) {
      const rows = await ex
        .select({
          type: memberDailyGameStats.productType,
          v: sql<string>`sum(${memberDailyGameStats.validBet})`,
        })
        .from(memberDailyGameStats)
        .where(
          and(
            eq(memberDailyGameStats.memberId, memberId),
            gte(memberDailyGameStats.day, from),
            sql`${memberDailyGameStats.day} <= ${to}`,
          ),
        )
        .groupBy(memberDailyGameStats.productType)
      return new Map(rows.map((r) => [r.type, BigInt(r.v)]))
    },

    /** Whether the member has a credited deposit other than `exceptId`. */
    async hasCreditedDeposit(memberId: number, exceptId: number | null, ex: Executor = db): Promise<boolean> {
      const [r] = await ex
        .select({ id: deposits.id })
        .from(deposits)
        .where(
          and(
            eq(deposits.memberId, memberId),
            eq(deposits.status, 'CREDITED'),
            exceptId === null ? undefined : sql`${deposits.id} <> ${exceptId}`,
          ),
        )
        .limit(1)
      return r !== undefined
    },

    async chooseForDeposit(depositId: number, promotionId: number, tx: Tx): Promise<void> {
      await tx.insert(depositPromotions).values({ depositId, promotionId })
    },

    async chosenForDeposit(depositId: number, ex: Executor = db): Promise<number | undefined> {
      const [r] = await ex
        .select({ promotionId: depositPromotions.promotionId })
        .from(depositPromotions)
        .where(eq(depositPromotions.depositId, depositId))
      return r?.promotionId
    },
  }
}

export type PromotionRepository = ReturnType<typeof createPromotionRepository>
