/**
 * Rows of deposits, withdrawals, banks, bank cards and the payment password's rule. Every
 * method takes an optional transaction; the caller opens one when its writes belong
 * together (a deposit with its idempotency key, a withdrawal with its ledger entry).
 */
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { DepositMethodKind, depositStatuses, WithdrawalStatus } from '#contract/funds'
import { withPage, type PageRequest } from '../db/paging'
import {
  bankCards,
  banks,
  depositMethods,
  deposits,
  members,
  registerFieldRules,
  withdrawals,
} from '../db/schema'
import type { Db, Tx } from '../plugins/external/db'
import { timeRange } from './common'

export type DepositRow = typeof deposits.$inferSelect
export type WithdrawalRow = typeof withdrawals.$inferSelect
export type BankCardRow = typeof bankCards.$inferSelect

type DepositStatus = (typeof depositStatuses)[number]

export interface ListFilter<S> extends PageRequest {
  memberId: number
  status?: S | undefined
  startTime?: number | undefined
  endTime?: number | undefined
}

export function createFundsRepository(db: Db) {
  return {
    async depositMethods(merchantCode: string, tx?: Tx) {
      return (tx ?? db)
        .select()
        .from(depositMethods)
        .where(and(eq(depositMethods.merchantCode, merchantCode), eq(depositMethods.enabled, true)))
        .orderBy(asc(depositMethods.sort))
    },

    /** An enabled deposit method of this kind, or undefined. */
    async depositMethod(merchantCode: string, code: string, kind: DepositMethodKind, tx?: Tx) {
      const [row] = await (tx ?? db)
        .select()
        .from(depositMethods)
        .where(
          and(
            eq(depositMethods.merchantCode, merchantCode),
            eq(depositMethods.code, code),
            eq(depositMethods.enabled, true),
            eq(depositMethods.kind, kind),
          ),
        )
      return row
    },

    async addDeposit(values: typeof deposits.$inferInsert, tx?: Tx): Promise<DepositRow> {
      const [d] = await (tx ?? db).insert(deposits).values(values).returning()
      if (!d) throw new Error('deposit not written')
      return d
    },

    /**
     * The deposit with its reference code, or undefined when another deposit of the brand
     * carries that code already (one sent at the same moment waits for the other to finish).
     */
    async addDepositWithReference(
      values: typeof deposits.$inferInsert & { referenceCode: string },
      tx?: Tx,
    ): Promise<DepositRow | undefined> {
      const [d] = await (tx ?? db)
        .insert(deposits)
        .values(values)
        .onConflictDoNothing({ target: [deposits.merchantCode, deposits.referenceCode] })
        .returning()
      return d
    },

    /** Whether a deposit of the brand carries this reference code. */
    async referenceUsed(merchantCode: string, referenceCode: string, tx?: Tx): Promise<boolean> {
      const [row] = await (tx ?? db)
        .select({ id: deposits.id })
        .from(deposits)
        .where(and(eq(deposits.merchantCode, merchantCode), eq(deposits.referenceCode, referenceCode)))
        .limit(1)
      return row !== undefined
    },

    /** The member's own deposit with this gateway order, or undefined (another member's too). */
    async memberDepositByOrder(merchantCode: string, memberId: number, order: string, tx?: Tx) {
      const [row] = await (tx ?? db)
        .select()
        .from(deposits)
        .where(
          and(
            eq(deposits.merchantCode, merchantCode),
            eq(deposits.memberId, memberId),
            eq(deposits.gatewayOrder, order),
          ),
        )
      return row
    },

    /** A page of the member's deposits, newest first, and how many match. */
    async depositPage(f: ListFilter<DepositStatus>, tx?: Tx) {
      const where = and(
        eq(deposits.memberId, f.memberId),
        f.status ? eq(deposits.status, f.status) : undefined,
        ...timeRange(deposits.createdAt, f),
      )
      const rows = await withPage(
        (tx ?? db).select().from(deposits).where(where).orderBy(desc(deposits.id)).$dynamic(),
        f,
      )
      const [total] = await (tx ?? db).select({ n: count() }).from(deposits).where(where)
      return { rows, total: Number(total?.n ?? 0) }
    },

    /** The brand's banks in their order; the logo's hash says whether the operator gave it a picture. */
    async banks(merchantCode: string, tx?: Tx) {
      return (tx ?? db)
        .select({ code: banks.code, name: banks.name, logoSha256: banks.logoSha256 })
        .from(banks)
        .where(eq(banks.merchantCode, merchantCode))
        .orderBy(asc(banks.sort))
    },

    async bank(merchantCode: string, code: string, tx?: Tx) {
      const [bank] = await (tx ?? db)
        .select({ code: banks.code, name: banks.name, logoSha256: banks.logoSha256 })
        .from(banks)
        .where(and(eq(banks.merchantCode, merchantCode), eq(banks.code, code)))
      return bank
    },

    async liveCards(memberId: number, tx?: Tx): Promise<BankCardRow[]> {
      return (tx ?? db)
        .select()
        .from(bankCards)
        .where(and(eq(bankCards.memberId, memberId), isNull(bankCards.deletedAt)))
        .orderBy(asc(bankCards.id))
    },

    async liveCardCount(memberId: number, tx?: Tx): Promise<number> {
      const [live] = await (tx ?? db)
        .select({ n: count() })
        .from(bankCards)
        .where(and(eq(bankCards.memberId, memberId), isNull(bankCards.deletedAt)))
      return Number(live?.n ?? 0)
    },

    /** The member's own card that is not deleted, or undefined. */
    async ownCard(memberId: number, cardId: number, tx?: Tx): Promise<BankCardRow | undefined> {
      const [card] = await (tx ?? db)
        .select()
        .from(bankCards)
        .where(and(eq(bankCards.id, cardId), eq(bankCards.memberId, memberId), isNull(bankCards.deletedAt)))
      return card
    },

    async addCard(values: typeof bankCards.$inferInsert, tx?: Tx): Promise<BankCardRow> {
      const [row] = await (tx ?? db).insert(bankCards).values(values).returning()
      if (!row) throw new Error('card not written')
      return row
    },

    /**
     * Holds the card against deletion until the transaction ends (a share lock, so
     * withdrawals to one card do not wait for each other); false when it is deleted.
     */
    async holdLiveCard(cardId: number, tx: Tx): Promise<boolean> {
      const rows = await tx
        .select({ id: bankCards.id })
        .from(bankCards)
        .where(and(eq(bankCards.id, cardId), isNull(bankCards.deletedAt)))
        .for('share')
      return rows.length > 0
    },

    /** Locks the card's row until the transaction ends. */
    async lockCard(cardId: number, tx: Tx): Promise<void> {
      await tx.select({ id: bankCards.id }).from(bankCards).where(eq(bankCards.id, cardId)).for('update')
    },

    /** Deletes the card unless it already is; false when it was. */
    async deleteCard(cardId: number, at: Date, tx?: Tx): Promise<boolean> {
      const [gone] = await (tx ?? db)
        .update(bankCards)
        .set({ deletedAt: at })
        .where(and(eq(bankCards.id, cardId), isNull(bankCards.deletedAt)))
        .returning({ id: bankCards.id })
      return gone !== undefined
    },

    async pendingWithdrawalsToCard(cardId: number, tx?: Tx): Promise<number> {
      const [busy] = await (tx ?? db)
        .select({ n: count() })
        .from(withdrawals)
        .where(and(eq(withdrawals.cardId, cardId), eq(withdrawals.status, 'PENDING')))
      return Number(busy?.n ?? 0)
    },

    /** The member's withdrawals created in [from, to) and not rejected: how many, and their sum. */
    async withdrawnBetween(memberId: number, from: Date, to: Date, tx?: Db | Tx) {
      const [r] = await (tx ?? db)
        .select({ n: count(), sum: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.memberId, memberId),
            sql`${withdrawals.status} <> 'REJECTED'`,
            sql`${withdrawals.createdAt} >= ${from}`,
            sql`${withdrawals.createdAt} < ${to}`,
          ),
        )
      return { count: Number(r?.n ?? 0), amount: BigInt(r?.sum ?? '0') }
    },

    async addWithdrawal(values: typeof withdrawals.$inferInsert, tx?: Tx): Promise<WithdrawalRow> {
      const [w] = await (tx ?? db).insert(withdrawals).values(values).returning()
      if (!w) throw new Error('withdrawal not written')
      return w
    },

    /** A page of the member's withdrawals, newest first, and how many match. */
    async withdrawalPage(f: ListFilter<WithdrawalStatus>, tx?: Tx) {
      const where = and(
        eq(withdrawals.memberId, f.memberId),
        f.status ? eq(withdrawals.status, f.status) : undefined,
        ...timeRange(withdrawals.createdAt, f),
      )
      const rows = await withPage(
        (tx ?? db).select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).$dynamic(),
        f,
      )
      const [total] = await (tx ?? db).select({ n: count() }).from(withdrawals).where(where)
      return { rows, total: Number(total?.n ?? 0) }
    },

    /** The member's paid withdrawals that wait for a confirmation, oldest first. */
    async paidWithdrawals(memberId: number, tx?: Tx): Promise<WithdrawalRow[]> {
      return (tx ?? db)
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.status, 'PAID')))
        .orderBy(asc(withdrawals.id))
    },

    async ownWithdrawal(memberId: number, withdrawalId: number, tx?: Tx): Promise<WithdrawalRow | undefined> {
      const [w] = await (tx ?? db)
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.memberId, memberId)))
      return w
    },

    /** Records the member's answer on a paid withdrawal; undefined when it is no longer paid. */
    async confirmWithdrawal(
      withdrawalId: number,
      answer: Pick<WithdrawalRow, 'status' | 'amountReceived' | 'proofId' | 'confirmedAt'>,
      tx?: Tx,
    ): Promise<WithdrawalRow | undefined> {
      const [done] = await (tx ?? db)
        .update(withdrawals)
        .set(answer)
        .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, 'PAID')))
        .returning()
      return done
    },

    /** The brand's deposits in one status, oldest first, with the member's account: the operator's queue. */
    async brandDeposits(merchantCode: string, status: DepositStatus, limit: number, tx?: Tx) {
      return (tx ?? db)
        .select({ d: deposits, account: members.account })
        .from(deposits)
        .innerJoin(members, eq(members.id, deposits.memberId))
        .where(and(eq(deposits.merchantCode, merchantCode), eq(deposits.status, status)))
        .orderBy(asc(deposits.id))
        .limit(limit)
    },

    async brandDeposit(merchantCode: string, id: number, tx?: Tx): Promise<DepositRow | undefined> {
      const [row] = await (tx ?? db)
        .select()
        .from(deposits)
        .where(and(eq(deposits.merchantCode, merchantCode), eq(deposits.id, id)))
      return row
    },

    async brandWithdrawal(merchantCode: string, id: number, tx?: Tx): Promise<WithdrawalRow | undefined> {
      const [row] = await (tx ?? db)
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.merchantCode, merchantCode), eq(withdrawals.id, id)))
      return row
    },

    /** The brand's withdrawals in one status, oldest first, with the member's account. */
    async brandWithdrawals(merchantCode: string, status: WithdrawalStatus, limit: number, tx?: Tx) {
      return (tx ?? db)
        .select({ w: withdrawals, account: members.account })
        .from(withdrawals)
        .innerJoin(members, eq(members.id, withdrawals.memberId))
        .where(and(eq(withdrawals.merchantCode, merchantCode), eq(withdrawals.status, status)))
        .orderBy(asc(withdrawals.id))
        .limit(limit)
    },

    /**
     * The member's money in and out, in minor units: deposits credited and pending, and
     * withdrawals in flight, paid out, pending and paid but not yet confirmed received.
     */
    async fundsSummary(memberId: number, tx?: Tx) {
      const [d] = await (tx ?? db)
        .select({
          credited: sql<string>`coalesce(sum(${deposits.amount}) filter (where ${deposits.status} = 'CREDITED'), 0)::text`,
          pending: sql<number>`(count(*) filter (where ${deposits.status} = 'PENDING'))::int`,
        })
        .from(deposits)
        .where(eq(deposits.memberId, memberId))
      const [w] = await (tx ?? db)
        .select({
          inFlight: sql<string>`coalesce(sum(${withdrawals.amount}) filter (where ${withdrawals.status} = 'PENDING'), 0)::text`,
          paidOut: sql<string>`coalesce(sum(${withdrawals.amount}) filter (where ${withdrawals.status} not in ('PENDING', 'REJECTED')), 0)::text`,
          pending: sql<number>`(count(*) filter (where ${withdrawals.status} = 'PENDING'))::int`,
          unconfirmed: sql<number>`(count(*) filter (where ${withdrawals.status} = 'PAID'))::int`,
        })
        .from(withdrawals)
        .where(eq(withdrawals.memberId, memberId))
      return {
        deposited: BigInt(d?.credited ?? '0'),
        pendingDeposits: Number(d?.pending ?? 0),
        inFlight: BigInt(w?.inFlight ?? '0'),
        paidOut: BigInt(w?.paidOut ?? '0'),
        pendingWithdrawals: Number(w?.pending ?? 0),
        unconfirmedWithdrawals: Number(w?.unconfirmed ?? 0),
      }
    },

    /** The brand's own rule for the payment password, or undefined for the default one. */
    async paymentPasswordRule(merchantCode: string, tx?: Tx) {
      const [row] = await (tx ?? db)
        .select()
        .from(registerFieldRules)
        .where(
          and(
            eq(registerFieldRules.merchantCode, merchantCode),
            eq(registerFieldRules.field, 'paymentPassword'),
          ),
        )
      return row
    },
  }
}

export type FundsRepository = ReturnType<typeof createFundsRepository>
