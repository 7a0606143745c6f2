/**
 * Reads behind the member's records: ledger movements on their wallets, bets, the sums of
 * profit and loss, and bonuses. Every read is bounded to one member and returns minor
 * units as bigint; the handlers turn them into the wire's money.
 */
import { and, count, desc, eq, ne, sql } from 'drizzle-orm'
import type { MovementType } from '#contract/records'
import { withPage, type PageRequest } from '../db/paging'
import {
  betRecords,
  deposits,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  withdrawals,
} from '../db/schema'
import type { Db } from '../plugins/external/db'
import { timeRange } from './common'

export type BetRow = typeof betRecords.$inferSelect

export interface TimeRange {
  startTime?: number | undefined
  endTime?: number | undefined
}

export interface RecordFilter extends PageRequest, TimeRange {
  memberId: number
}

const big = (v: string | number | bigint | null | undefined) => BigInt(v ?? 0)

export function createRecordsRepository(db: Db) {
  return {
    /** A page of the member's postings on this brand's wallets, newest first. */
    async movementPage(f: RecordFilter & { merchantCode: string; type?: MovementType | undefined }) {
      const where = and(
        eq(ledgerAccounts.memberId, f.memberId),
        eq(ledgerAccounts.merchantCode, f.merchantCode),
        f.type ? eq(ledgerTransactions.type, f.type) : undefined,
        ...timeRange(ledgerPostings.createdAt, f),
      )
      const rows = await withPage(
        db
          .select({
            id: ledgerPostings.id,
            at: ledgerPostings.createdAt,
            type: ledgerTransactions.type,
            amount: ledgerPostings.amount,
            balanceAfter: ledgerPostings.balanceAfter,
            accountTypeId: ledgerAccounts.accountTypeId,
            memo: ledgerTransactions.memo,
          })
          .from(ledgerPostings)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
          .where(where)
          .orderBy(desc(ledgerPostings.id))
          .$dynamic(),
        f,
      )
      const [total] = await db
        .select({ n: count() })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(where)
      return {
        rows: rows.map((r) => ({ ...r, amount: big(r.amount), balanceAfter: big(r.balanceAfter) })),
        total: Number(total?.n ?? 0),
      }
    },

    /**
     * A page of the member's bets, newest first, with the sums over every match: stakes of
     * bets not cancelled, and valid bets, payouts and stakes of settled bets.
     */
    async betPage(f: RecordFilter & { productType?: string | undefined }) {
      const where = and(
        eq(betRecords.memberId, f.memberId),
        f.productType ? eq(betRecords.productType, f.productType) : undefined,
        ...timeRange(betRecords.betTime, f),
      )
      const rows = await withPage(
        db
          .select()
          .from(betRecords)
          .where(where)
          .orderBy(desc(betRecords.betTime), desc(betRecords.id))
          .$dynamic(),
        f,
      )
      const [t] = await db
        .select({
          n: count(),
          bet: sql<string>`coalesce(sum(${betRecords.betAmount}) filter (where ${betRecords.status} <> 'CANCELLED'), 0)::text`,
          valid: sql<string>`coalesce(sum(${betRecords.validBet}) filter (where ${betRecords.status} = 'SETTLED'), 0)::text`,
          payout: sql<string>`coalesce(sum(${betRecords.payout}) filter (where ${betRecords.status} = 'SETTLED'), 0)::text`,
          settledBet: sql<string>`coalesce(sum(${betRecords.betAmount}) filter (where ${betRecords.status} = 'SETTLED'), 0)::text`,
        })
        .from(betRecords)
        .where(where)
      return {
        rows,
        total: Number(t?.n ?? 0),
        sums: {
          bet: big(t?.bet),
          valid: big(t?.valid),
          payout: big(t?.payout),
          settledBet: big(t?.settledBet),
        },
      }
    },

    /** Settled bets summed per product type, in product-type order. */
    async settledByProduct(memberId: number, range: TimeRange) {
      const rows = await db
        .select({
          productType: betRecords.productType,
          bet: sql<string>`sum(${betRecords.betAmount})::text`,
          valid: sql<string>`sum(${betRecords.validBet})::text`,
          payout: sql<string>`sum(${betRecords.payout})::text`,
        })
        .from(betRecords)
        .where(
          and(
            eq(betRecords.memberId, memberId),
            eq(betRecords.status, 'SETTLED'),
            ...timeRange(betRecords.betTime, range),
          ),
        )
        .groupBy(betRecords.productType)
        .orderBy(betRecords.productType)
      return rows.map((r) => ({
        productType: r.productType,
        bet: big(r.bet),
        valid: big(r.valid),
        payout: big(r.payout),
      }))
    },

    /** Credited deposits in the range (by when they were credited). */
    async creditedDeposits(memberId: number, range: TimeRange): Promise<bigint> {
      const [r] = await db
        .select({ v: sql<string>`coalesce(sum(${deposits.amount}), 0)::text` })
        .from(deposits)
        .where(
          and(
            eq(deposits.memberId, memberId),
            eq(deposits.status, 'CREDITED'),
            ...timeRange(deposits.settledAt, range),
          ),
        )
      return big(r?.v)
    },

    /** Withdrawals paid out in the range (neither pending nor rejected). */
    async paidWithdrawals(memberId: number, range: TimeRange): Promise<bigint> {
      const [r] = await db
        .select({ v: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.memberId, memberId),
            ne(withdrawals.status, 'REJECTED'),
            ne(withdrawals.status, 'PENDING'),
            ...timeRange(withdrawals.paidAt, range),
          ),
        )
      return big(r?.v)
    },

    /** A page of the member's bonus postings, newest first, with the sum over every match. */
    async bonusPage(f: RecordFilter) {
      const where = and(
        eq(ledgerAccounts.memberId, f.memberId),
        eq(ledgerTransactions.type, 'BONUS'),
        ...timeRange(ledgerPostings.createdAt, f),
      )
      const rows = await withPage(
        db
          .select({
            id: ledgerPostings.id,
            at: ledgerPostings.createdAt,
            amount: ledgerPostings.amount,
            memo: ledgerTransactions.memo,
          })
          .from(ledgerPostings)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
          .where(where)
          .orderBy(desc(ledgerPostings.id))
          .$dynamic(),
        f,
      )
      const [t] = await db
        .select({ n: count(), v: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(where)
      return {
        rows: rows.map((r) => ({ ...r, amount: big(r.amount) })),
        total: Number(t?.n ?? 0),
        sum: big(t?.v),
      }
    },

    /** The member's bonuses in the range. */
    async bonusSum(memberId: number, range: TimeRange): Promise<bigint> {
      const [r] = await db
        .select({ v: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(
          and(
            eq(ledgerAccounts.memberId, memberId),
            eq(ledgerTransactions.type, 'BONUS'),
            ...timeRange(ledgerPostings.createdAt, range),
          ),
        )
      return big(r?.v)
    },
  }
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>
