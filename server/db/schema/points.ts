/**
 * Loyalty points (decision 030): a second book of the ledger engine (server/money/ledger-book.ts),
 * in tables of its own so money and points never mix in one table. Amounts are centipoints
 * (1 point = 100). Points never expire: nothing but a posting ever lowers a balance.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { members } from './identity'
import { merchants } from './system'

/** Each member's points account and the house's counter accounts (issued, redeemed, adjustments). */
export const pointAccounts = pgTable(
  'point_accounts',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    /** member:<id>:points or house:points_<kind>[:<shard>]. */
    code: text('code').notNull(),
    memberId: integer('member_id').references(() => members.id),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The house's counters go negative as points are issued; a member's account may not. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('point_accounts_code').on(t.merchantCode, t.code),
    index('point_accounts_member').on(t.memberId),
    check('point_accounts_non_negative', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
)

/**
 * A brand's point settings, one row per version, never edited: a change writes a new version
 * in force from `valid_from`. `rates` is points per 1.00 of valid bet in hundredths, per
 * product type; `conversions` the ways points turn into money (PointConversionSchema).
 */
export const pointConfigs = pgTable(
  'point_configs',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    /** Off: no points are earned on bets settled while this version is in force. */
    enabled: boolean('enabled').notNull(),
    rates: jsonb('rates').notNull(),
    conversions: jsonb('conversions').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('point_configs_brand_from').on(t.merchantCode, t.validFrom)],
)

/**
 * One movement of points: its postings sum to zero. Never updated, never deleted. An earn is
 * one member's points of one settlement (a seamless round, or all their bets of a draw) and
 * names the settings' version it used; the bets it was worked from are its
 * `point_earn_bets` rows.
 */
export const pointTransactions = pgTable(
  'point_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    /** EARN, MISSION, REDEEM, REDEEM_RETURN, CONVERT, ADJUSTMENT (PointMovementType). */
    type: text('type').notNull(),
    memberId: integer('member_id'),
    reference: text('reference'),
    memo: text('memo'),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** An earn's settings version. */
    configId: integer('config_id').references(() => pointConfigs.id),
  },
  (t) => [index('point_transactions_member').on(t.memberId, t.createdAt)],
)

/**
 * The settled bets an earn was worked from, one row per bet and never more than one
 * (`point_earn_bets_bet`): a second earn of a bet fails its settlement whole. Each row keeps
 * the valid bet it was worked from, the rate of the earn's settings version and the
 * centipoints it gave (`pointsFor`); the earn's member posting is their sum. Written in the
 * earn's own statement(s), never changed.
 */
export const pointEarnBets = pgTable(
  'point_earn_bets',
  {
    // No foreign keys: their checks were two thirds of a 10,000-bet draw's earn (decision 030,
    // "Measured"); the earn writes both ids in its own transaction and reconcile checks them.
    betRecordId: integer('bet_record_id').primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    basis: bigint('basis', { mode: 'bigint' }).notNull(),
    rate: integer('rate').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('point_earn_bets_transaction').on(t.transactionId),
    check('point_earn_bets_positive', sql`${t.amount} > 0`),
  ],
)

export const pointPostings = pgTable(
  'point_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => pointTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => pointAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('point_postings_account').on(t.accountId, t.id),
    index('point_postings_transaction').on(t.transactionId),
    check('point_postings_non_zero', sql`${t.amount} <> 0`),
  ],
)
