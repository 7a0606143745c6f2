/**
 * VIP levels (decision 030 section 5, server/loyalty/vip): the brand's levels as data, each
 * member's level as one row guarded like a claim, every change as a fact, and the months
 * the monthly evaluation has done. Turnover and deposits are never kept here: they are read
 * from member_daily_stats.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { vipChangeReasons } from '#contract/vip'
import { members } from './identity'
import { merchants } from './system'

const money = (name: string) =>
  bigint(name, { mode: 'bigint' })
    .notNull()
    .default(sql`0`)

export const vipLevels = pgTable(
  'vip_levels',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    /** 1 is the base level (every threshold 0); higher is better. */
    rank: integer('rank').notNull(),
    /** The level's name per language: { en: "Gold", km: "..." }. */
    names: jsonb('names').$type<unknown>().notNull(),
    badgeUrl: text('badge_url'),
    /** Upgrade thresholds, minor units: this brand month's valid bets and deposits ... */
    monthlyTurnover: money('monthly_turnover'),
    monthlyDeposit: money('monthly_deposit'),
    /** ... or ever. */
    totalTurnover: money('total_turnover'),
    totalDeposit: money('total_deposit'),
    /** Valid bets in a month that keep the level at the monthly evaluation; 0 = never drops. */
    keepTurnover: money('keep_turnover'),
    levelUpBonus: money('level_up_bonus'),
    birthdayBonus: money('birthday_bonus'),
    /** The bonuses' turnover requirement, as a multiple in tenths (30 = 3x the bonus). */
    bonusTurnoverTenths: integer('bonus_turnover_tenths').notNull().default(0),
    /** Added to the rebate rule's rate per game type, basis points (10 = 0.1 %). */
    rebateExtraBp: integer('rebate_extra_bp').notNull().default(0),
    /** Null: the brand's own limits. */
    withdrawDailyCount: integer('withdraw_daily_count'),
    withdrawDailyMax: bigint('withdraw_daily_max', { mode: 'bigint' }),
    vipService: boolean('vip_service').notNull().default(false),
    /** Extra benefit lines per language: { en: ["..."], km: ["..."] }. */
    benefits: jsonb('benefits').$type<unknown>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vip_levels_rank').on(t.merchantCode, t.rank)],
)

/** The member's level; no row is rank 1. */
export const memberVip = pgTable('member_vip', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  merchantCode: text('merchant_code').notNull(),
  rank: integer('rank').notNull(),
  since: timestamp('since', { withTimezone: true }).notNull(),
  /** The last brand month (YYYY-MM) the monthly evaluation decided; '' before the first. */
  evaluatedPeriod: text('evaluated_period').notNull().default(''),
})

/** Every change of a member's level, written from the RETURNING of the statement that made it. */
export const memberVipChanges = pgTable(
  'member_vip_changes',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    merchantCode: text('merchant_code').notNull(),
    fromRank: integer('from_rank').notNull(),
    toRank: integer('to_rank').notNull(),
    reason: text('reason', { enum: vipChangeReasons }).notNull(),
    /** The evaluated month (monthly), else null. */
    period: text('period'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** system, or operator:<name>. */
    by: text('by').notNull(),
    /** The operator's words (vip set). */
    note: text('note'),
  },
  (t) => [index('member_vip_changes_member').on(t.memberId, t.at)],
)

/** A brand month the monthly evaluation has finished. */
export const vipEvaluations = pgTable(
  'vip_evaluations',
  {
    merchantCode: text('merchant_code').notNull(),
    /** YYYY-MM in the brand's zone. */
    period: text('period').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull(),
    changed: integer('changed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.period] })],
)
