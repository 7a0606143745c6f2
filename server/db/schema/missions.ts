/**
 * Missions (decision 030, section 4): the brand's mission definitions and each member's
 * claims of them. A member's state is derived from these rows, stored facts and the clock,
 * never stored; the limit of one claim per mission, member, period and tier is the claims'
 * unique key. The sign-in's streak is a fact written with the claim (`streak_day`).
 */
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { missionKinds, missionRewardKinds, newbieGoals } from '#contract/missions'
import { promotionFrequencies } from '#contract/promotions'
import { members } from './identity'
import { promotionClaims, promotions } from './promotions'
import { merchants } from './system'

export const missions = pgTable(
  'missions',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    kind: text('kind', { enum: missionKinds }).notNull(),
    /** Newbie tasks only: the fact that makes it done. */
    goal: text('goal', { enum: newbieGoals }),
    frequency: text('frequency', { enum: promotionFrequencies }).notNull(),
    /** MissionRuleSchema, parsed on every read (centipoints or minor units). */
    rule: jsonb('rule').$type<unknown>().notNull(),
    rewardKind: text('reward_kind', { enum: missionRewardKinds }).notNull(),
    /** TurnoverSchema (bonus rewards). */
    turnover: jsonb('turnover').$type<unknown>().notNull(),
    /** Leaderboard points per claim. */
    score: integer('score').notNull().default(0),
    /** EligibilitySchema (newMemberDays for the newbie tasks). */
    eligibility: jsonb('eligibility').$type<unknown>().notNull(),
    /** Title and rules (plain text) per language. */
    titles: jsonb('titles').$type<unknown>().notNull(),
    rules: jsonb('rules').$type<unknown>().notNull(),
    imageUrl: text('image_url'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(100),
    /** The unlisted backing promotion (template mission) that pays a bonus or cash reward. */
    promotionId: integer('promotion_id').references(() => promotions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('missions_merchant').on(t.merchantCode, t.sort, t.id),
    uniqueIndex('missions_promotion').on(t.promotionId),
  ],
)

export const missionClaims = pgTable(
  'mission_claims',
  {
    id: serial('id').primaryKey(),
    missionId: integer('mission_id')
      .notNull()
      .references(() => missions.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    merchantCode: text('merchant_code').notNull(),
    /** The brand's day, week or month (its first day, YYYY-MM-DD); '' for once. */
    period: text('period').notNull(),
    /** The milestone's tier, else 0. */
    step: integer('step').notNull().default(0),
    /** The sign-in's day of seven: yesterday's plus one, else 1. */
    streakDay: integer('streak_day'),
    /** Centipoints credited (points rewards). */
    points: bigint('points', { mode: 'bigint' }).notNull(),
    /** Minor units credited (bonus and cash rewards). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    score: integer('score').notNull(),
    pointTransactionId: bigint('point_transaction_id', { mode: 'number' }),
    promotionClaimId: integer('promotion_claim_id').references(() => promotionClaims.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('mission_claims_once').on(t.missionId, t.memberId, t.period, t.step),
    index('mission_claims_board').on(t.merchantCode, t.claimedAt),
    index('mission_claims_member').on(t.memberId, t.claimedAt),
  ],
)
