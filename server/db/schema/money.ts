/** Money: the ledger, idempotency keys, uploads, deposits, banks and cards, withdrawals and fund notices. */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
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
import { depositMethodKinds, depositStatuses, withdrawalStatuses } from '#contract/funds'
import { fundNoticeKinds } from '#contract/wallet-values'
import { members } from './identity'
import { merchants } from './system'

// ---------------------------------------------------------------------------------------
// Money. Amounts are bigint minor units. Balances change only in the database transaction
// that writes their postings (server/money/ledger.ts); see docs/ARCHITECTURE.md "Money".

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
})

/**
 * Ledger accounts: each member wallet (main, and one per vendor accountTypeId) and the
 * house accounts (deposits, withdrawals in flight, paid out, bonuses, adjustments, trial
 * credit). A member wallet can never go below zero: the database refuses it.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    /** member:<id>:<accountTypeId> or house:<kind>. */
    code: text('code').notNull(),
    memberId: integer('member_id').references(() => members.id),
    accountTypeId: integer('account_type_id'),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** House accounts may be negative (money the brand holds elsewhere); wallets may not. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code').on(t.merchantCode, t.code),
    index('ledger_accounts_member').on(t.memberId),
    check('ledger_accounts_non_negative', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
)

/** One money movement: its postings sum to zero. Never updated, never deleted. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    type: text('type').notNull(),
    /** The member the movement is for, when there is one. */
    memberId: integer('member_id'),
    /** What it settles: deposit:<id>, withdrawal:<id>, ... */
    reference: text('reference'),
    memo: text('memo'),
    /** member, operator or system. */
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ledger_transactions_member').on(t.memberId, t.createdAt)],
)

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_postings_account').on(t.accountId, t.id),
    index('ledger_postings_transaction').on(t.transactionId),
    check('ledger_postings_non_zero', sql`${t.amount} <> 0`),
  ],
)

/**
 * Idempotency keys of money mutations, written in the same transaction as the movement:
 * a retry with the same key replays `response`; another body with it is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    memberId: integer('member_id').notNull(),
    key: text('key').notNull(),
    endpoint: text('endpoint').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
)

/** Uploaded images (deposit receipts, proofs that a withdrawal did not arrive). */
export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  memberId: integer('member_id')
    .notNull()
    .references(() => members.id),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

export const depositMethods = pgTable(
  'deposit_methods',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    code: text('code').notNull(),
    kind: text('kind', { enum: depositMethodKinds }).notNull(),
    /** The name as first given; shown in a language that `names` lacks (and by rows older than it). */
    name: text('name').notNull(),
    /** The name per language (km, en, zh, th, vi), as the operator gave it. */
    names: jsonb('names')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    bank: jsonb('bank').$type<{ bankName: string; accountName: string; accountNumber: string }>(),
    /** The bank's static QR payload (EMVCo, e.g. KHQR), checked when the operator sets it. */
    qrPayload: text('qr_payload'),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.code] })],
)

export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    methodCode: text('method_code').notNull(),
    kind: text('kind', { enum: depositMethodKinds }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: depositStatuses }).notNull(),
    reference: text('reference'),
    /** The server's reference for the transfer's note (src/contract/funds.ts); one per deposit of the brand. */
    referenceCode: text('reference_code'),
    receiptId: integer('receipt_id').references(() => uploads.id),
    /** The online gateway's order number. */
    gatewayOrder: text('gateway_order'),
    creditTransactionId: bigint('credit_transaction_id', { mode: 'number' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('deposits_member').on(t.memberId, t.createdAt),
    index('deposits_status').on(t.merchantCode, t.status),
    uniqueIndex('deposits_gateway_order').on(t.gatewayOrder),
    uniqueIndex('deposits_reference_code').on(t.merchantCode, t.referenceCode),
  ],
)

export const banks = pgTable(
  'banks',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    /**
     * The operator's picture of the bank's logo, as the server re-encoded it: a square WebP
     * (server/money/bank-logos.ts); null: the server draws a monogram.
     */
    logo: bytea('logo'),
    /** The SHA-256 (hex) of `logo`: the logo's address carries its first 12 digits. */
    logoSha256: text('logo_sha256'),
  },
  (t) => [
    primaryKey({ columns: [t.merchantCode, t.code] }),
    check('banks_logo_with_hash', sql`(${t.logo} is null) = (${t.logoSha256} is null)`),
  ],
)

export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('bank_cards_member').on(t.memberId),
    uniqueIndex('bank_cards_live')
      .on(t.memberId, t.bankCode, t.accountNumber)
      .where(sql`${t.deletedAt} is null`),
  ],
)

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    cardId: integer('card_id')
      .notNull()
      .references(() => bankCards.id),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: withdrawalStatuses }).notNull(),
    amountReceived: bigint('amount_received', { mode: 'bigint' }),
    proofId: integer('proof_id').references(() => uploads.id),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawals_member').on(t.memberId, t.createdAt),
    index('withdrawals_status').on(t.merchantCode, t.status),
  ],
)

/** Deposit and withdrawal outcomes for the member (a later capability pushes them). */
export const fundNotices = pgTable(
  'fund_notices',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: fundNoticeKinds }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reference: text('reference').notNull(),
    /** Why, when the operator gave a reason (a rejected withdrawal's). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When its push was handed to the job queue; null until then. */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
  },
  (t) => [
    index('fund_notices_member').on(t.memberId, t.id),
    index('fund_notices_unpushed')
      .on(t.id)
      .where(sql`pushed_at is null`),
  ],
)
