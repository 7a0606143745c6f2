/**
 * The double-entry ledger. Every movement of money is one `ledger_transactions` row with
 * postings that sum to zero; each posting changes its account's balance in the same
 * database transaction. Member wallets cannot go below zero: the database's check
 * constraint refuses it, and the refusal becomes InsufficientFunds here.
 *
 * Accounts are updated in ascending id order so two movements over the same accounts
 * always lock them in the same order (no deadlocks).
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { MovementType } from '#contract/records'
import { mainAccountTypeId } from '#contract/wallet'
import { ledgerAccounts } from '../db/schema'
import type { Db, Tx } from '../plugins/external/db'
import {
  bookEngine,
  type BatchItem,
  type Book,
  type BookBatch,
  type BookMovement,
  type Executor,
} from './ledger-book'

export type { Actor, BatchItem, Executor, Posting } from './ledger-book'

/** The money book's tables (decision 030 made the engine a book's). */
export const moneyBook: Book = {
  accounts: 'ledger_accounts',
  transactions: 'ledger_transactions',
  postings: 'ledger_postings',
  nonNegative: 'ledger_accounts_non_negative',
  extraColumns: [],
}

/** House accounts: where money comes from and goes to outside the members' wallets. */
export const houseKinds = [
  /** Money received into the brand's bank or gateway (goes negative as deposits are credited). */
  'deposits',
  /** Requested withdrawals waiting for the operator: never negative. */
  'withdrawals_in_flight',
  /** Withdrawals paid out of the brand's bank. */
  'withdrawals_paid',
  'bonuses',
  'adjustments',
  /** Play money given to trial (guest) accounts. */
  'trial',
  /**
   * Stakes and winnings of trial (guest) accounts in free-play games: play money, kept apart
   * from `games` so the brand's game takings are real money only. The games' reconcile
   * counts both (server/vendors/reconcile.ts).
   */
  'trial_games',
  /** Stakes and winnings of trial accounts in the lottery, apart from `lottery` likewise. */
  'trial_lottery',
  /** Stakes and winnings with game vendors. */
  'games',
  /** Stakes and winnings of the in-house lottery (server/lottery). */
  'lottery',
  /**
   * Stakes and winnings of bets played before the brand came to this platform, brought in
   * with their records (the demo brand's team history): no vendor or draw of ours ran them,
   * so the games' and lottery's reconciles leave them out.
   */
  'history',
  /** Agent contracts' salaries and dividends (server/contracts), paid by the house. */
  'contracts',
  /** Money members pay with points for a point-mall reward (decision 030), back on a rejection. */
  'mall',
] as const
export type HouseKind = (typeof houseKinds)[number]

/** Ledger transaction types; the member-facing ones are the record's movement types. */
export type LedgerType = MovementType | 'WITHDRAWAL_PAID'

export class InsufficientFunds extends Error {
  constructor(readonly accountId: number) {
    super(`account ${accountId} would go below zero`)
  }
}

export interface Movement extends BookMovement {
  type: LedgerType
}

export interface Posted {
  transactionId: number
  /** Each touched account's balance after the movement. */
  balances: Map<number, bigint>
  /** With `walletsOf`: every wallet of that member after the movement, main first. */
  wallets?: MemberWallet[]
}

/** One wallet of a member as it stands. */
export interface MemberWallet {
  id: number
  accountTypeId: number
  balance: bigint
}

/** Many two-account movements against one counter account (e.g. a draw's winners). */
export interface Batch extends BookBatch {
  type: LedgerType
  items: BatchItem[]
}

export interface PostOptions {
  /**
   * Also answer every wallet of this member (of the movement's brand) after the movement,
   * from the same statement: what a caller would otherwise read with memberWallets.
   */
  walletsOf?: number
}

export function memberAccountCode(memberId: number, accountTypeId: number): string {
  return `member:${memberId}:${accountTypeId}`
}

/**
 * How many accounts the house's bonuses are spread over. Every claim of a promotion locks the
 * bonus account it is paid from until its transaction commits; with one account, 50 members
 * claiming at once waited for each other in a line (decision 027). Each member is paid from
 * the account of their id's remainder, so claims by different members mostly lock different
 * rows. The house's bonuses are the sum of its accounts.
 */
export const bonusAccountShards = 8

/** A house account's code: `house:<kind>`, or `house:<kind>:<n>` for the n-th (1 up) of a spread kind. */
export function houseAccountCode(kind: HouseKind, shard = 0): string {
  return shard === 0 ? `house:${kind}` : `house:${kind}:${shard}`
}

/** The bonus account a member's rewards are paid from (`bonusAccountShards`). */
export function bonusShardOf(memberId: number): number {
  return memberId % bonusAccountShards
}

export function createLedger(db: Db) {
  const engine = bookEngine(db, moneyBook, (accountId) => new InsufficientFunds(accountId))

  return {
    memberAccount(
      merchantCode: string,
      memberId: number,
      accountTypeId: number = mainAccountTypeId,
      tx?: Tx,
    ) {
      return engine.ensure(
        merchantCode,
        memberAccountCode(memberId, accountTypeId),
        { memberId, accountTypeId, allowNegative: false },
        tx,
      )
    },

    /**
     * The main (or given) wallet of each member, made on first use as `memberAccount` makes
     * one, in two statements for all of them: member id -> account id. Like `memberAccount`,
     * committed on its own unless the caller gives its transaction (then not remembered).
     */
    async memberAccounts(
      merchantCode: string,
      memberIds: readonly number[],
      accountTypeId: number = mainAccountTypeId,
      tx?: Tx,
    ): Promise<Map<number, number>> {
      const members = [...new Set(memberIds)]
      const byCode = await engine.ensureMany(
        merchantCode,
        members.map((memberId) => ({
          code: memberAccountCode(memberId, accountTypeId),
          fields: { memberId, accountTypeId, allowNegative: false },
        })),
        tx,
      )
      const found = new Map<number, number>()
      for (const memberId of members) {
        const id = byCode.get(memberAccountCode(memberId, accountTypeId))
        if (id === undefined) throw new Error('a ledger account is missing')
        found.set(memberId, id)
      }
      return found
    },

    /** A house account, made on first use; `shard` picks one of a spread kind's accounts. */
    houseAccount(merchantCode: string, kind: HouseKind, tx?: Tx, shard = 0) {
      // Money waiting to be paid out is a real amount held: it can never be negative.
      return engine.ensure(
        merchantCode,
        houseAccountCode(kind, shard),
        { allowNegative: kind !== 'withdrawals_in_flight' },
        tx,
      )
    },

    /**
     * Writes one movement inside the caller's transaction. Throws InsufficientFunds when a
     * member wallet would go below zero; the caller's transaction then rolls back whole.
     */
    async post(tx: Tx, m: Movement, opts: PostOptions = {}): Promise<Posted> {
      // The member's wallets after the movement: the statement's own snapshot for those it
      // did not touch (as a read after it would see them), the new balance for those it did.
      const wallets =
        opts.walletsOf === undefined
          ? undefined
          : sql`
          union all
          select null, a.id, coalesce(c.balance, a.balance)::text, coalesce(a.account_type_id, ${mainAccountTypeId})
          from ledger_accounts a left join changed c on c.id = a.id
          where a.merchant_code = ${m.merchantCode} and a.member_id = ${opts.walletsOf}`
      const { transactionId, balances, extraRows } = await engine.post(tx, m, wallets)
      if (opts.walletsOf === undefined) return { transactionId, balances }
      const list: MemberWallet[] = extraRows.map((r) => ({
        id: Number(r.account_id),
        accountTypeId: Number(r.wallet_type),
        balance: BigInt(r.balance_after),
      }))
      list.sort((a, b) => a.accountTypeId - b.accountTypeId)
      return { transactionId, balances, wallets: list }
    },

    /**
     * Writes many movements in a few statements, inside the caller's transaction: each item
     * is its own ledger transaction of two postings, the item's account and the counter
     * account (`bookEngine`'s postBatchIds). A member wallet that would go below zero throws
     * InsufficientFunds and the caller's transaction rolls back whole.
     * Returns the number of transactions written.
     */
    async postBatch(tx: Tx, b: Batch): Promise<number> {
      return (await engine.postBatchIds(tx, b)).length
    },

    /** postBatch, answering each written transaction's id in the order of the (non-zero) items. */
    postBatchIds: (tx: Tx, b: Batch) => engine.postBatchIds(tx, b),

    balance: engine.balance,

    /**
     * Locks the given accounts for the caller's transaction, in id order (the order every
     * movement locks them in), before it reads what decides a movement over them: a
     * withdrawal takes its wallet first, so a bonus credited to that wallet at the same time
     * is wholly before it (its turnover requirement is seen) or wholly after.
     */
    lockAccounts: engine.lockAccounts,

    /**
     * Every wallet of a member that exists, locked for the caller's transaction in id order
     * (the order every movement locks them in).
     */
    async lockMemberWallets(tx: Tx, merchantCode: string, memberId: number): Promise<MemberWallet[]> {
      const rows = await tx
        .select({
          id: ledgerAccounts.id,
          accountTypeId: ledgerAccounts.accountTypeId,
          balance: ledgerAccounts.balance,
        })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.merchantCode, merchantCode), eq(ledgerAccounts.memberId, memberId)))
        .orderBy(asc(ledgerAccounts.id))
        .for('update')
      return rows.map((r) => ({
        id: r.id,
        accountTypeId: r.accountTypeId ?? mainAccountTypeId,
        balance: BigInt(r.balance),
      }))
    },

    /** Every wallet of a member that exists, main first. */
    async memberWallets(ex: Executor, merchantCode: string, memberId: number): Promise<MemberWallet[]> {
      const rows = await ex
        .select({
          id: ledgerAccounts.id,
          accountTypeId: ledgerAccounts.accountTypeId,
          balance: ledgerAccounts.balance,
        })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.merchantCode, merchantCode), eq(ledgerAccounts.memberId, memberId)))
        .orderBy(asc(ledgerAccounts.accountTypeId))
      return rows.map((r) => ({
        id: r.id,
        accountTypeId: r.accountTypeId ?? mainAccountTypeId,
        balance: BigInt(r.balance),
      }))
    },
  }
}

export type Ledger = ReturnType<typeof createLedger>
