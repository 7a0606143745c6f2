/**
 * Member referrals (decision 032): the brand's referral settings, and one row per friend a
 * member brought (unique per friend: a member is referred once). The member's own code is
 * members.affiliate_code, the one code column, so a code names one member everywhere. The
 * reward itself is a promotion claim (decision 027) keyed by the friend; the row keeps when
 * it was paid so the friends list reads it without a join.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { referralFlags, referralReviews } from '#contract/referral-values'
import { members } from './identity'
import { merchants } from './system'

export const referralSettings = pgTable(
  'referral_settings',
  {
    merchantCode: text('merchant_code')
      .primaryKey()
      .references(() => merchants.code),
    /** Rewards are paid (the codes and lists work either way). */
    enabled: boolean('enabled').notNull().default(false),
    /** Paid to the referrer per friend who qualifies, minor units. */
    rewardAmount: bigint('reward_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The friend's valid bets since joining that qualify them (with a first deposit), minor units. */
    turnover: bigint('turnover', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** A share of qualified friends' valid bets per brand day, basis points; 0 for none. */
    shareBp: integer('share_bp').notNull().default(0),
    /** The reward's own turnover multiple, in tenths (decision 026). */
    turnoverTenths: integer('turnover_tenths').notNull().default(10),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    check('referral_settings_amounts', sql`${t.rewardAmount} >= 0 and ${t.turnover} >= 0`),
    check('referral_settings_share', sql`${t.shareBp} between 0 and 500`),
    check('referral_settings_turnover', sql`${t.turnoverTenths} between 0 and 1000`),
  ],
)

export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => members.id),
    friendId: integer('friend_id')
      .notNull()
      .references(() => members.id),
    /** The code the friend used, as it was then. */
    code: text('code').notNull(),
    /** The friend's address and device at registration (the self-referral check). */
    friendIp: text('friend_ip').notNull(),
    friendDevice: text('friend_device'),
    flag: text('flag', { enum: referralFlags }),
    review: text('review', { enum: referralReviews }).notNull(),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The reward paid for this friend (the promotion claim's amount), and when. */
    rewardAmount: bigint('reward_amount', { mode: 'bigint' }),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    /**
     * The friend's deposits counted and valid bets, minor units, over all their days: the sums
     * of member_daily_stats, kept by triggers in the transaction that changes a day's row (and
     * read at the referral's insert), so the friends list and the job read them without a sum.
     */
    depositCount: integer('deposit_count').notNull().default(0),
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('referrals_friend').on(t.friendId),
    // The friends list, newest first, paged.
    index('referrals_referrer').on(t.referrerId, t.id),
    // The job's unpaid rows, and the operator's held ones.
    index('referrals_unpaid')
      .on(t.merchantCode, t.id)
      .where(sql`${t.rewardedAt} is null and ${t.review} in ('ok', 'approved')`),
    index('referrals_held')
      .on(t.merchantCode, t.id)
      .where(sql`${t.review} = 'held'`),
    check('referrals_not_self', sql`${t.referrerId} <> ${t.friendId}`),
  ],
)
