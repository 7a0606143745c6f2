/**
 * Agent contracts (decision 024): each offer and contract of a kind between an upline (or
 * the house) and a direct downline agent, with the history of what happened to it. Terms
 * are the contract's tier table, checked against ContractTermsSchema whenever read.
 */
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { contractKinds, contractStatuses } from '#contract/contracts'
import { members } from './identity'
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
