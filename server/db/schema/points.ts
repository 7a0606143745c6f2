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
import { betRecords } from './games'
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
 * One movement of points: its postings sum to zero. Never updated, never deleted. An earn
 * names the settled bet it is for, the valid bet it was worked from, the rate and the
 * settings' version; one earn per bet (`point_transactions_earn_bet`).
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
    betRecordId: integer('bet_record_id').references(() => betRecords.id),
    basis: bigint('basis', { mode: 'bigint' }),
    rate: integer('rate'),
    configId: integer('config_id').references(() => pointConfigs.id),
  },
  (t) => [
    index('point_transactions_member').on(t.memberId, t.createdAt),
    uniqueIndex('point_transactions_earn_bet')
      .on(t.betRecordId)
      .where(sql`${t.type} = 'EARN'`),
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
