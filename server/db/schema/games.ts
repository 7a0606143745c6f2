/** Game vendors and the bets they report. */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { betStatuses } from '#contract/records'
import { members } from './identity'
import { merchants } from './system'

/** Game vendors: each a wallet (accountTypeId) and a vendor code (vassalage) per game type. */
export const vendors = pgTable(
  'vendors',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    accountTypeId: integer('account_type_id').notNull(),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').notNull(),
    name: text('name').notNull(),
    logo: text('logo').notNull(),
    isHot: boolean('is_hot').notNull().default(false),
    maintenance: boolean('maintenance').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.gameType, t.vassalage] })],
)

/** Bets reported by game vendors (fed by game rounds once games land). */
export const betRecords = pgTable(
  'bet_records',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    betNo: text('bet_no').notNull(),
    productType: text('product_type').notNull(),
    accountTypeId: integer('account_type_id').notNull(),
    vendorName: text('vendor_name').notNull(),
    gameName: text('game_name').notNull(),
    betAmount: bigint('bet_amount', { mode: 'bigint' }).notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: betStatuses }).notNull(),
    betTime: timestamp('bet_time', { withTimezone: true }).notNull(),
    settledTime: timestamp('settled_time', { withTimezone: true }),
  },
  (t) => [
    index('bet_records_member').on(t.memberId, t.betTime),
    uniqueIndex('bet_records_no').on(t.merchantCode, t.accountTypeId, t.betNo),
  ],
)
