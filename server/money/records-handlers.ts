/**
 * The member's records: ledger movements on their wallets, bets, profit and loss, bonuses.
 * Every query is bounded to the caller's own member id.
 */
import { and, count, desc, eq, ne, sql } from 'drizzle-orm'
import type { Endpoints } from '#contract/endpoints'
import type { GameType } from '#contract/games'
import { minorToMoney } from '#contract/money'
import type { MovementType } from '#contract/records'
import {
  betRecords,
  deposits,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  withdrawals,
} from '../db/schema'
import { pageOf, withPage } from '../db/paging'
import type { HandlerGroup } from '../http/contract-routes'
import { currencyOf, ms, timeRange } from './common'
import { memberOf, type MoneyDeps } from './wallet-handlers'

const big = (v: string | number | bigint | null | undefined) => BigInt(v ?? 0)

export function recordHandlers({ db, settings }: MoneyDeps): HandlerGroup<Endpoints['records']> {
  return {
    async movements({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const names = new Map((await settings.wallets(m)).map((d) => [d.accountTypeId, d.name] as const))
      const where = and(
        eq(ledgerAccounts.memberId, memberId),
        eq(ledgerAccounts.merchantCode, m.code),
        input.type ? eq(ledgerTransactions.type, input.type) : undefined,
        ...timeRange(ledgerPostings.createdAt, input),
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
        input,
      )
      const [total] = await db
        .select({ n: count() })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(where)
      return pageOf(
        rows.map((r) => ({
          id: r.id,
          time: r.at.getTime(),
          type: r.type as MovementType,
          amount: minorToMoney(big(r.amount), currencyOf(m)),
          balanceAfter: minorToMoney(big(r.balanceAfter), currencyOf(m)),
          accountTypeId: r.accountTypeId ?? 0,
          accountTypeName: names.get(r.accountTypeId ?? 0) ?? String(r.accountTypeId),
          memo: r.memo,
        })),
        total?.n,
        input,
      )
    },

    async bets({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const where = and(
        eq(betRecords.memberId, memberId),
        input.productType ? eq(betRecords.productType, input.productType) : undefined,
        ...timeRange(betRecords.betTime, input),
      )
      const rows = await withPage(
        db
          .select()
          .from(betRecords)
          .where(where)
          .orderBy(desc(betRecords.betTime), desc(betRecords.id))
          .$dynamic(),
        input,
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
      const money = (v: bigint) => minorToMoney(v, currencyOf(m))
      return {
        ...pageOf(
          rows.map((r) => ({
            id: r.id,
            betNo: r.betNo,
            productType: r.productType as GameType,
            vendorName: r.vendorName,
            gameName: r.gameName,
            betAmount: money(r.betAmount),
            validBet: money(r.validBet),
            payout: money(r.payout),
            winLoss: money(r.status === 'SETTLED' ? r.payout - r.betAmount : 0n),
            status: r.status,
            betTime: r.betTime.getTime(),
            settledTime: ms(r.settledTime),
          })),
          t?.n,
          input,
        ),
        totals: {
          betAmount: money(big(t?.bet)),
          validBet: money(big(t?.valid)),
          payout: money(big(t?.payout)),
          winLoss: money(big(t?.payout) - big(t?.settledBet)),
        },
      }
    },

    async profit({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const money = (v: bigint) => minorToMoney(v, currencyOf(m))
      const products = await db
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
            ...timeRange(betRecords.betTime, input),
          ),
        )
        .groupBy(betRecords.productType)
        .orderBy(betRecords.productType)
      const [dep] = await db
        .select({ v: sql<string>`coalesce(sum(${deposits.amount}), 0)::text` })
        .from(deposits)
        .where(
          and(
            eq(deposits.memberId, memberId),
            eq(deposits.status, 'CREDITED'),
            ...timeRange(deposits.settledAt, input),
          ),
        )
      const [wd] = await db
        .select({ v: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.memberId, memberId),
            ne(withdrawals.status, 'REJECTED'),
            ne(withdrawals.status, 'PENDING'),
            ...timeRange(withdrawals.paidAt, input),
          ),
        )
      const [bonus] = await db
        .select({ v: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(
          and(
            eq(ledgerAccounts.memberId, memberId),
            eq(ledgerTransactions.type, 'BONUS'),
            ...timeRange(ledgerPostings.createdAt, input),
          ),
        )
      const rows = products.map((p) => {
        const bet = big(p.bet)
        const payout = big(p.payout)
        return {
          productType: p.productType as GameType,
          bet,
          valid: big(p.valid),
          payout,
          winLoss: payout - bet,
        }
      })
      const sum = (f: (r: (typeof rows)[number]) => bigint) => rows.reduce((s, r) => s + f(r), 0n)
      const winLoss = sum((r) => r.winLoss)
      const bonuses = big(bonus?.v)
      return {
        products: rows.map((r) => ({
          productType: r.productType,
          betAmount: money(r.bet),
          validBet: money(r.valid),
          payout: money(r.payout),
          winLoss: money(r.winLoss),
        })),
        totals: {
          betAmount: money(sum((r) => r.bet)),
          validBet: money(sum((r) => r.valid)),
          payout: money(sum((r) => r.payout)),
          winLoss: money(winLoss),
        },
        deposits: money(big(dep?.v)),
        withdrawals: money(big(wd?.v)),
        bonuses: money(bonuses),
        profit: money(winLoss + bonuses),
      }
    },

    async bonuses({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const where = and(
        eq(ledgerAccounts.memberId, memberId),
        eq(ledgerTransactions.type, 'BONUS'),
        ...timeRange(ledgerPostings.createdAt, input),
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
        input,
      )
      const [t] = await db
        .select({ n: count(), v: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(where)
      return {
        ...pageOf(
          rows.map((r) => ({
            id: r.id,
            time: r.at.getTime(),
            amount: minorToMoney(big(r.amount), currencyOf(m)),
            memo: r.memo,
          })),
          t?.n,
          input,
        ),
        totalAmount: minorToMoney(big(t?.v), currencyOf(m)),
      }
    },
  }
}
