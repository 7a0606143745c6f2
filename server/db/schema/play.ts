/**
 * Play: the game sessions a launch opens for a vendor, and every seamless-wallet call a
 * vendor made (server/vendors/seamless-wallet/). The round itself is a bet record
 * (./games.ts, betNo = the vendor's round id).
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
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

/**
 * A launch of a real-money game: the opaque player token the vendor was given (only its
 * SHA-256 is kept), whose wallet it plays from and until when it may open rounds.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The adapter's id: the one in /vendor-api/<vendorId>/wallet/… */
    vendorId: text('vendor_id').notNull(),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').notNull(),
    gameCode: text('game_code').notNull(),
    /** The wallet the game plays from: main in single-wallet mode, the vendor's in multi. */
    accountTypeId: integer('account_type_id').notNull(),
    /** The vendor's own accountTypeId: its bet records are filed under it. */
    vendorAccountTypeId: integer('vendor_account_type_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** After this, no new round (balance, debit); credits and rollbacks still settle. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('game_sessions_token').on(t.tokenHash),
    index('game_sessions_member').on(t.memberId, t.createdAt),
    index('game_sessions_expiry').on(t.expiresAt),
  ],
)

export const vendorTxKinds = ['debit', 'credit', 'rollback'] as const
/**
 * done: moved (or acknowledged) as asked; rolled_back: a debit a later rollback returned;
 * tombstone: a debit id rolled back before the debit arrived (a later debit with it is refused).
 */
export const vendorTxStates = ['done', 'rolled_back', 'tombstone'] as const

/**
 * Every debit, credit and rollback a vendor sent, by the vendor's own transaction id
 * (unique per vendor): a retry answers `answer`; another call with the id is refused.
 */
export const vendorTransactions = pgTable(
  'vendor_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vendorId: text('vendor_id').notNull(),
    txId: text('tx_id').notNull(),
    kind: text('kind', { enum: vendorTxKinds }).notNull(),
    state: text('state', { enum: vendorTxStates }).notNull(),
    merchantCode: text('merchant_code').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gameSessions.id),
    roundId: text('round_id').notNull(),
    gameCode: text('game_code').notNull(),
    /** A rollback's debit. */
    refTxId: text('ref_tx_id'),
    /** Minor units: a debit's stake, a credit's win, what a rollback gave back. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** SHA-256 of the call (kind and body): the same id with another call is a conflict. */
    requestHash: text('request_hash'),
    /** The answer sent, replayed to a retry. */
    answer: jsonb('answer'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('vendor_transactions_tx').on(t.vendorId, t.txId),
    index('vendor_transactions_brand').on(t.merchantCode, t.kind),
    index('vendor_transactions_round').on(t.vendorId, t.roundId),
    index('vendor_transactions_session').on(t.sessionId),
    // The retention job's scan: the oldest rows first (docs/decisions/012).
    index('vendor_transactions_created').on(t.createdAt, t.id),
    check('vendor_transactions_amount', sql`${t.amount} >= 0`),
  ],
)

/**
 * What the pruned vendor transactions of a brand added up to (the retention job folds each
 * batch in as it deletes it), so the game reconcile still sees every call ever made.
 */
export const vendorTransactionTotals = pgTable('vendor_transaction_totals', {
  merchantCode: text('merchant_code').primaryKey(),
  /** Debits taken (tombstones excluded), their stakes; rollbacks and what they returned; credits and their wins. */
  debits: bigint('debits', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  stakes: bigint('stakes', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  rollbacks: bigint('rollbacks', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  returned: bigint('returned', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  credits: bigint('credits', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  wins: bigint('wins', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  /** Rows folded in, every kind. */
  pruned: bigint('pruned', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})
