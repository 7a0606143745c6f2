/**
 * The contracts area's reads and writes over agent_contracts and agent_contract_events.
 * Every method takes the executor (the database or the caller's transaction); terms are
 * parsed with ContractTermsSchema on every read, so a row the contract no longer accepts
 * fails loudly instead of reaching a page or a settlement.
 */
import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  ContractTermsSchema,
  type ContractKind,
  type ContractStatus,
  type ContractTerms,
} from '#contract/contracts'
import { memberTypes } from '#contract/identity-values'
import { memberTree } from '../db/schema/agent'
import { agentContractEvents, agentContracts } from '../db/schema/contracts'
import { members } from '../db/schema/identity'
import type { Db, Tx } from '../plugins/external/db'

type Executor = Db | Tx

/** A contract row with its terms parsed and both sides' accounts. */
export interface ContractRow {
  id: number
  merchantCode: string
  kind: ContractKind
  uplineId: number | null
  uplineAccount: string | null
  downlineId: number
  downlineAccount: string
  terms: ContractTerms
  status: ContractStatus
  offeredAt: Date
  answeredAt: Date | null
  expiresAt: Date | null
  endsAt: Date | null
  createdBy: string
}

export interface NewContract {
  merchantCode: string
  kind: ContractKind
  uplineId: number | null
  downlineId: number
  terms: ContractTerms
  status: 'offered' | 'accepted'
  offeredAt: Date
  answeredAt: Date | null
  expiresAt: Date | null
  createdBy: string
}

export interface ContractEvent {
  contractId: number
  action: string
  actor: string
  at: Date
  detail?: unknown
}

/** A member as a contract target: who it is, its type and its upline. */
export interface ContractParty {
  id: number
  account: string
  nickname: string
  type: number
  parentId: number | null
  status: string
}

const agentTypes = [...memberTypes.agentTypes]
const up = alias(members, 'contract_upline')
const down = alias(members, 'contract_downline')

const columns = {
  id: agentContracts.id,
  merchantCode: agentContracts.merchantCode,
  kind: agentContracts.kind,
  uplineId: agentContracts.uplineId,
  uplineAccount: up.account,
  downlineId: agentContracts.downlineId,
  downlineAccount: down.account,
  terms: agentContracts.terms,
  status: agentContracts.status,
  offeredAt: agentContracts.offeredAt,
  answeredAt: agentContracts.answeredAt,
  expiresAt: agentContracts.expiresAt,
  endsAt: agentContracts.endsAt,
  createdBy: agentContracts.createdBy,
}

type RawRow = Omit<ContractRow, 'terms' | 'downlineAccount'> & {
  terms: unknown
  downlineAccount: string | null
}

function parsed(r: RawRow): ContractRow {
  return { ...r, downlineAccount: r.downlineAccount ?? '', terms: ContractTermsSchema.parse(r.terms) }
}

/** Accepted and not past its end (a terminated contract runs to the end of its period). */
const inForceAt = (now: Date) =>
  and(
    eq(agentContracts.status, 'accepted'),
    or(isNull(agentContracts.endsAt), gt(agentContracts.endsAt, now)),
  )

/** Offered and not past its expiry. */
const openAt = (now: Date) =>
  and(
    eq(agentContracts.status, 'offered'),
    or(isNull(agentContracts.expiresAt), gt(agentContracts.expiresAt, now)),
  )

export function createContractRepository(db: Db) {
  function select(ex: Executor) {
    return ex
      .select(columns)
      .from(agentContracts)
      .leftJoin(up, eq(up.id, agentContracts.uplineId))
      .leftJoin(down, eq(down.id, agentContracts.downlineId))
  }

  return {
    /** One contract of the brand, or undefined. */
    async byId(merchantCode: string, id: number, ex: Executor = db): Promise<ContractRow | undefined> {
      const [row] = await select(ex).where(
        and(eq(agentContracts.id, id), eq(agentContracts.merchantCode, merchantCode)),
      )
      return row ? parsed(row) : undefined
    },

    /** Locks one contract row for the rest of the transaction (its answer or its end). */
    async lock(tx: Tx, merchantCode: string, id: number): Promise<ContractRow | undefined> {
      const [row] = await select(tx)
        .where(and(eq(agentContracts.id, id), eq(agentContracts.merchantCode, merchantCode)))
        .for('update', { of: agentContracts })
      return row ? parsed(row) : undefined
    },

    /** The member's contract of the kind in force (as the downline), if any. */
    async inForce(memberId: number, kind: ContractKind, now: Date, ex: Executor = db) {
      const [row] = await select(ex).where(
        and(eq(agentContracts.downlineId, memberId), eq(agentContracts.kind, kind), inForceAt(now)),
      )
      return row ? parsed(row) : undefined
    },

    /** Offers of the kind waiting for the member's answer. */
    async openOffersTo(memberId: number, kind: ContractKind, now: Date, ex: Executor = db) {
      const rows = await select(ex)
        .where(and(eq(agentContracts.downlineId, memberId), eq(agentContracts.kind, kind), openAt(now)))
        .orderBy(desc(agentContracts.id))
      return rows.map(parsed)
    },

    /** The contracts of the kind in force that the agent pays (its downline agents'). */
    async paidBy(uplineId: number, kind: ContractKind, now: Date, ex: Executor = db) {
      const rows = await select(ex)
        .where(and(eq(agentContracts.uplineId, uplineId), eq(agentContracts.kind, kind), inForceAt(now)))
        .orderBy(agentContracts.id)
      return rows.map(parsed)
    },

    /** The contracts in force and the open offers of the kind the agent made to these members. */
    async ofDownline(
      uplineId: number,
      kind: ContractKind,
      ids: readonly number[],
      now: Date,
      ex: Executor = db,
    ) {
      if (ids.length === 0) return []
      const rows = await select(ex).where(
        and(
          eq(agentContracts.uplineId, uplineId),
          eq(agentContracts.kind, kind),
          inArray(agentContracts.downlineId, [...ids]),
          or(inForceAt(now), openAt(now)),
        ),
      )
      return rows.map(parsed)
    },

    /** A page of the agent's direct downline agents, newest first, with their count. */
    async downlineAgents(agentId: number, page: { limit: number; offset: number }, ex: Executor = db) {
      const where = and(eq(members.parentId, agentId), inArray(members.type, agentTypes))
      const rows = await ex
        .select({ id: members.id, account: members.account, nickname: members.nickname, type: members.type })
        .from(members)
        .where(where)
        .orderBy(desc(members.id))
        .limit(page.limit)
        .offset(page.offset)
      const [total] = await ex.select({ n: count() }).from(members).where(where)
      return { rows, total: total?.n ?? 0 }
    },

    /** A member of the brand, as a contract's party. */
    async party(merchantCode: string, id: number, ex: Executor = db): Promise<ContractParty | undefined> {
      const [row] = await ex
        .select({
          id: members.id,
          account: members.account,
          nickname: members.nickname,
          type: members.type,
          parentId: members.parentId,
          status: members.status,
        })
        .from(members)
        .where(and(eq(members.id, id), eq(members.merchantCode, merchantCode)))
      return row
    },

    /** The member's depth under the agent (1: its direct downline), or null outside its team. */
    async depthUnder(agentId: number, memberId: number, ex: Executor = db): Promise<number | null> {
      const [row] = await ex
        .select({ depth: memberTree.depth })
        .from(memberTree)
        .where(and(eq(memberTree.ancestorId, agentId), eq(memberTree.descendantId, memberId)))
      return row ? row.depth : null
    },

    /** A member of the brand by username (the operator's commands name accounts). */
    async partyNamed(merchantCode: string, username: string, ex: Executor = db) {
      const [row] = await ex
        .select({ id: members.id })
        .from(members)
        .where(
          and(eq(members.username, username.trim().toLowerCase()), eq(members.merchantCode, merchantCode)),
        )
      return row ? this.party(merchantCode, row.id, ex) : undefined
    },

    async insert(tx: Tx, c: NewContract): Promise<number> {
      const [row] = await tx
        .insert(agentContracts)
        .values({ ...c, terms: c.terms as unknown })
        .returning({ id: agentContracts.id })
      if (!row) throw new Error('contract not written')
      return row.id
    },

    /** Sets a contract's status (and its answer or end time); true when the row was in `from`. */
    async setStatus(
      tx: Tx,
      id: number,
      from: ContractStatus,
      to: { status: ContractStatus; answeredAt?: Date; endsAt?: Date },
    ): Promise<boolean> {
      const rows = await tx
        .update(agentContracts)
        .set(to)
        .where(and(eq(agentContracts.id, id), eq(agentContracts.status, from)))
        .returning({ id: agentContracts.id })
      return rows.length > 0
    },

    /**
     * Closes the downline's open offers of the kind before a new one: an offer past its
     * expiry becomes expired, a live one replaced. Returns the ids each became.
     */
    async closeOffers(tx: Tx, kind: ContractKind, downlineId: number, now: Date) {
      const mine = and(
        eq(agentContracts.kind, kind),
        eq(agentContracts.downlineId, downlineId),
        eq(agentContracts.status, 'offered'),
      )
      const expired = await tx
        .update(agentContracts)
        .set({ status: 'expired' })
        .where(and(mine, lte(agentContracts.expiresAt, now)))
        .returning({ id: agentContracts.id })
      const replaced = await tx
        .update(agentContracts)
        .set({ status: 'replaced' })
        .where(mine)
        .returning({ id: agentContracts.id })
      return { expired: expired.map((r) => r.id), replaced: replaced.map((r) => r.id) }
    },

    /**
     * Retires the downline's accepted contract of the kind before another is accepted: one
     * past its end becomes terminated, one still in force replaced.
     */
    async retireAccepted(tx: Tx, kind: ContractKind, downlineId: number, now: Date) {
      const rows = await tx
        .update(agentContracts)
        .set({
          status: sql`case when ${agentContracts.endsAt} is not null and ${agentContracts.endsAt} <= ${now}
            then 'terminated' else 'replaced' end`,
          // A replaced contract ends now: the new one is the one in force from here on.
          endsAt: sql`case when ${agentContracts.endsAt} is not null and ${agentContracts.endsAt} <= ${now}
            then ${agentContracts.endsAt} else ${now}::timestamptz end`,
        })
        .where(
          and(
            eq(agentContracts.kind, kind),
            eq(agentContracts.downlineId, downlineId),
            eq(agentContracts.status, 'accepted'),
          ),
        )
        .returning({ id: agentContracts.id, status: agentContracts.status })
      return rows
    },

    /** Ends a contract in force at `endsAt` (the end of its period, or now). */
    async end(tx: Tx, id: number, endsAt: Date, status: 'accepted' | 'terminated'): Promise<boolean> {
      const rows = await tx
        .update(agentContracts)
        .set({ endsAt, status })
        .where(and(eq(agentContracts.id, id), eq(agentContracts.status, 'accepted')))
        .returning({ id: agentContracts.id })
      return rows.length > 0
    },

    /**
     * Marks what time has closed: offers past their expiry become expired, contracts past
     * their end terminated, each with its history row. Answers how many of each.
     */
    async sweep(tx: Tx, now: Date): Promise<{ expired: number; ended: number }> {
      const expired = await tx
        .update(agentContracts)
        .set({ status: 'expired' })
        .where(and(eq(agentContracts.status, 'offered'), lte(agentContracts.expiresAt, now)))
        .returning({ id: agentContracts.id, at: agentContracts.expiresAt })
      const ended = await tx
        .update(agentContracts)
        .set({ status: 'terminated' })
        .where(and(eq(agentContracts.status, 'accepted'), lte(agentContracts.endsAt, now)))
        .returning({ id: agentContracts.id, at: agentContracts.endsAt })
      const events = [
        ...expired.map((r) => ({ contractId: r.id, action: 'expired', actor: 'system', at: r.at ?? now })),
        ...ended.map((r) => ({ contractId: r.id, action: 'ended', actor: 'system', at: r.at ?? now })),
      ]
      if (events.length > 0) await tx.insert(agentContractEvents).values(events)
      return { expired: expired.length, ended: ended.length }
    },

    async event(tx: Tx, e: ContractEvent): Promise<void> {
      await tx.insert(agentContractEvents).values({ ...e, detail: e.detail ?? null })
    },

    async events(contractId: number, ex: Executor = db) {
      return ex
        .select()
        .from(agentContractEvents)
        .where(eq(agentContractEvents.contractId, contractId))
        .orderBy(agentContractEvents.id)
    },

    /** Per kind: whether an offer waits for the member's answer, and whether one is in force. */
    async summary(memberId: number, now: Date, ex: Executor = db) {
      const rows = await ex
        .select({ kind: agentContracts.kind, status: agentContracts.status })
        .from(agentContracts)
        .where(and(eq(agentContracts.downlineId, memberId), or(inForceAt(now), openAt(now))))
      const out = new Map<ContractKind, { offered: boolean; accepted: boolean }>()
      for (const r of rows) {
        const s = out.get(r.kind) ?? { offered: false, accepted: false }
        if (r.status === 'offered') s.offered = true
        else s.accepted = true
        out.set(r.kind, s)
      }
      return out
    },
  }
}

export type ContractRepository = ReturnType<typeof createContractRepository>
