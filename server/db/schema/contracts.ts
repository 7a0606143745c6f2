/**
 * Agent contracts (decision 024): each offer and contract of a kind between an upline (or
 * the house) and a direct downline agent, with the history of what happened to it. Terms
 * are the contract's tier table, checked against ContractTermsSchema whenever read.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
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
import { contractKinds, contractPeriodUnits, contractStatuses } from '#contract/contracts'
import { members } from './identity'
import { ledgerTransactions } from './money'
import { merchants } from './system'

export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    kind: text('kind', { enum: contractKinds }).notNull(),
    /** Who pays it; null is the house (the operator's contract with a top agent). */
    uplineId: integer('upline_id').references(() => members.id),
    downlineId: integer('downline_id')
      .notNull()
      .references(() => members.id),
    /** The tier table (ContractTermsSchema), parsed on every read. */
    terms: jsonb('terms').$type<unknown>().notNull(),
    status: text('status', { enum: contractStatuses }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
    /** When the offer was accepted or rejected. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** An offer's last moment to be answered. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A terminated contract's end: the end of the period it was terminated in. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** member:<id> or operator:<name>. */
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    // The downline has one upline, so one per kind and downline is one per kind and pair.
    uniqueIndex('agent_contracts_one_accepted')
      .on(t.kind, t.downlineId)
      .where(sql`status = 'accepted'`),
    uniqueIndex('agent_contracts_one_offer')
      .on(t.kind, t.downlineId)
      .where(sql`status = 'offered'`),
    index('agent_contracts_upline').on(t.uplineId, t.kind, t.status),
    index('agent_contracts_downline').on(t.downlineId, t.kind, t.status),
  ],
)

/** What happened to a contract, one row per step: offered, accepted, rejected, ... */
export const agentContractEvents = pgTable(
  'agent_contract_events',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    /** offered, accepted, rejected, terminated, replaced, expired, ended_by_lower_rate. */
    action: text('action').notNull(),
    /** member:<id>, operator:<name> or system. */
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    detail: jsonb('detail').$type<unknown>(),
  },
  (t) => [index('agent_contract_events_contract').on(t.contractId, t.id)],
)

/**
 * One contract's payment for one period (decision 024): what the team measured, the tier and
 * rate it reached, what the contract gives on the team, what the downline agents' contracts
 * take of it, and what was paid, with the ledger transaction that paid it. The unique key on
 * the contract and the period is what pays each period once: a rerun, a second instance or a
 * crash midway leaves either no row and no money or both.
 */
export const contractPayments = pgTable(
  'contract_payments',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    contractId: integer('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    kind: text('kind', { enum: contractKinds }).notNull(),
    /** The paid agent (the contract's downline). */
    agentId: integer('agent_id')
      .notNull()
      .references(() => members.id),
    unit: text('unit', { enum: contractPeriodUnits }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** Valid bets, loss or stakes of the team in the period, minor units. */
    measure: bigint('measure', { mode: 'bigint' }).notNull(),
    activeMembers: integer('active_members').notNull().default(0),
    /** The reached tier's rate in parts per million; null for a real-time salary. */
    rate: integer('rate'),
    wonStakes: bigint('won_stakes', { mode: 'bigint' }),
    lostStakes: bigint('lost_stakes', { mode: 'bigint' }),
    pay: bigint('pay', { mode: 'bigint' }).notNull(),
    downlinePay: bigint('downline_pay', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    shortfall: bigint('shortfall', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The ledger transaction that paid `amount` (null when it is 0). */
    transactionId: integer('transaction_id').references(() => ledgerTransactions.id),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('contract_payments_once').on(t.contractId, t.periodStart),
    index('contract_payments_agent').on(t.agentId, t.kind, t.periodStart),
  ],
)

/**
 * A period of one kind (and unit) settled for a brand: every contract in force at its end has
 * its payment. The next run starts after the latest; a period without its row is paid (again,
 * harmlessly: the payments' key) by the next run.
 */
export const contractSettlements = pgTable(
  'contract_settlements',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    kind: text('kind', { enum: contractKinds }).notNull(),
    unit: text('unit', { enum: contractPeriodUnits }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    payments: integer('payments').notNull(),
    paid: bigint('paid', { mode: 'bigint' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.kind, t.unit, t.periodStart] })],
)

/**
 * A member's settled bets for one hour (its first instant; hours of the brand's time zone,
 * so a half-hour zone's hours start at :30), in minor units: the hourly salary's measure.
 * Kept by statement triggers on bet_records exactly as member_daily_stats is (decision 023).
 */
export const memberHourlyStats = pgTable(
  'member_hourly_stats',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    merchantCode: text('merchant_code').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
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
    primaryKey({ columns: [t.memberId, t.hour] }),
    index('member_hourly_stats_hour').on(t.merchantCode, t.hour),
  ],
)
