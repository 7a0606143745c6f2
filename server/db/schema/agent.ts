/**
 * The agent area's tables: the downline tree as a closure table, and each member's
 * figures per day in the brand's time zone, both kept by triggers in the transaction that
 * writes the member, the posting or the bet (migration 0022; decision 023); the members'
 * valid bets per day and game type, kept the same way, and each member's rebate rate per
 * game type (migration 0023).
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { members } from './identity'

/**
 * Every (ancestor, descendant) pair of the downline tree, a member with itself at depth 0.
 * "Is X in my team" is one primary-key lookup; "my team" is one index range.
 */
export const memberTree = pgTable(
  'member_tree',
  {
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => members.id),
    descendantId: integer('descendant_id')
      .notNull()
      .references(() => members.id),
    /** 0 the member itself, 1 its direct downline, 2 theirs, … */
    depth: integer('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('member_tree_descendant').on(t.descendantId),
  ],
)

/**
 * A member's figures for one day of the brand's time zone, in minor units. Money moved
 * (deposits, withdrawals, bonuses, transfers) counts on the day it was posted; a bet counts
 * on the day it was settled, and a settled bet later cancelled is taken back.
 */
export const memberDailyStats = pgTable(
  'member_daily_stats',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    merchantCode: text('merchant_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    deposits: bigint('deposits', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    depositCount: integer('deposit_count').notNull().default(0),
    /** Requested withdrawals less those returned. */
    withdrawals: bigint('withdrawals', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    bonuses: bigint('bonuses', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    transfersIn: bigint('transfers_in', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    transfersOut: bigint('transfers_out', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    betCount: integer('bet_count').notNull().default(0),
    betAmount: bigint('bet_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.day] }),
    index('member_daily_stats_day').on(t.merchantCode, t.day),
  ],
)

/**
 * A member's settled bets for one day of the brand's time zone and one game type, in minor
 * units: what the agent's rebate difference (My income) is counted from. Kept by statement
 * triggers on bet_records exactly as member_daily_stats is (migration 0023), so the sum over
 * the game types of a member's day equals that day's row of member_daily_stats.
 */
export const memberDailyGameStats = pgTable(
  'member_daily_game_stats',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    merchantCode: text('merchant_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** A game type of the contract (games.ts `gameTypes`). */
    productType: text('product_type').notNull(),
    betCount: integer('bet_count').notNull().default(0),
    betAmount: bigint('bet_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day, t.productType] })],
)

/**
 * A member's rebate rate for one game type, in basis points of the valid bet (100 = 1%).
 * No row is a rate of 0. An account's rate is never above its upline's for the same game
 * type: opening an account and every change check it under a lock of the upline's member
 * row (server/agent/rebate-repository.ts).
 */
export const memberRebateRates = pgTable(
  'member_rebate_rates',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    productType: text('product_type').notNull(),
    rate: integer('rate').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.productType] }),
    check('member_rebate_rates_rate', sql`${t.rate} between 0 and 10000`),
  ],
)

/**
 * An agent's team figures for one day of the brand's time zone (decision 025): the sums of
 * member_daily_stats over the agent's team (member_tree depth ≥ 1, the agent itself not
 * counted), apart for the direct downline (`direct`, depth 1) and the deeper levels, each
 * spread over `shard` (the member's id modulo 8) so that members settling at once do not
 * all wait on one row of their top agent; a read sums the shards. Kept by triggers on
 * member_daily_stats and members (migration 0027) in the statement that changes them.
 * Counts: members who joined that day, made their first deposit that day, played that day
 * (`active`), and whose first day of play in the week (Monday first) or in the calendar
 * month is that day (what the active members of a week or a month so far add up from).
 */
export const agentTeamDailyStats = pgTable(
  'agent_team_daily_stats',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
    direct: boolean('direct').notNull(),
    shard: smallint('shard').notNull(),
    newMembers: integer('new_members').notNull().default(0),
    firstDeposits: integer('first_deposits').notNull().default(0),
    active: integer('active').notNull().default(0),
    activeWeekFirst: integer('active_week_first').notNull().default(0),
    activeMonthFirst: integer('active_month_first').notNull().default(0),
    deposits: bigint('deposits', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    depositCount: integer('deposit_count').notNull().default(0),
    withdrawals: bigint('withdrawals', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    bonuses: bigint('bonuses', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    transfersIn: bigint('transfers_in', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    transfersOut: bigint('transfers_out', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    betCount: integer('bet_count').notNull().default(0),
    betAmount: bigint('bet_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day, t.direct, t.shard] })],
)

/**
 * A member's first day of play (a day of member_daily_stats with settled bets) in a week
 * (`period` 'week', starting on its Monday) or a calendar month ('month'); no row when the
 * member did not play in it. Kept with agent_team_daily_stats so that a change to a
 * member's days moves the agents' first-day counts from the old first day to the new one.
 */
export const memberActivePeriods = pgTable(
  'member_active_periods',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    period: text('period').notNull(),
    starts: date('starts', { mode: 'string' }).notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.period, t.starts] }),
    check('member_active_periods_period', sql`${t.period} in ('week', 'month')`),
  ],
)

/**
 * The gap before each of a member's days of play (a day of member_daily_stats with settled
 * bets): the days since its previous day of play, 93 meaning 93 or more, or none before
 * (the longest range the overview offers is 93 days, so no range tells them apart). What
 * the member counts for in agent_team_active_gaps; kept with it by the triggers of
 * migration 0031 so that a change to a member's days moves exactly what it counted.
 */
export const memberActiveGaps = pgTable(
  'member_active_gaps',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
    gap: smallint('gap').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.day] }),
    check('member_active_gaps_gap', sql`${t.gap} between 1 and 93`),
  ],
)

/**
 * An agent's team members who played on a day, by the gap before that day of play
 * (member_active_gaps), apart for the direct downline and the deeper levels and spread
 * over the member's shard as agent_team_daily_stats. The members active from a to b, each
 * once, are those of the days d in a..b whose gap is more than d − a (decision 025): a sum
 * of kept rows for a range of any shape.
 */
export const agentTeamActiveGaps = pgTable(
  'agent_team_active_gaps',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
    direct: boolean('direct').notNull(),
    shard: smallint('shard').notNull(),
    gap: smallint('gap').notNull(),
    members: integer('members').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day, t.direct, t.shard, t.gap] })],
)
