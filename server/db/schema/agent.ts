/**
 * The agent area's tables: the downline tree as a closure table, and each member's
 * figures per day in the brand's time zone, both kept by triggers in the transaction that
 * writes the member, the posting or the bet (migration 0022; decision 023).
 */
import { sql } from 'drizzle-orm'
import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
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
