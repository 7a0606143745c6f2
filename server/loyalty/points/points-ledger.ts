/**
 * The points book (decision 030): the ledger engine (server/money/ledger-book.ts) over the
 * `point_*` tables. Every earn, reward, redemption, return, conversion and adjustment is one
 * transaction whose postings sum to zero; a member's points are their account's balance,
 * changed only by the statement that writes its postings and kept at zero or above by the
 * database. Amounts are centipoints. Points never expire: there is no other way down.
 *
 * The house's counters are spread over eight accounts by member, as the bonuses are
 * (`bonusShardOf`), so members earning at once mostly lock different rows. In one database
 * transaction money accounts are locked before points accounts: every flow posts money first.
 */
import { sql } from 'drizzle-orm'
import type { PointMovementType } from '#contract/points-values'
import { bonusAccountShards } from '../../money/ledger'
import {
  bookEngine,
  type BatchItem,
  type Book,
  type BookBatch,
  type BookMovement,
  type Executor,
} from '../../money/ledger-book'
import type { Db, Tx } from '../../plugins/external/db'

export const pointsBook: Book = {
  accounts: 'point_accounts',
  transactions: 'point_transactions',
  postings: 'point_postings',
  nonNegative: 'point_accounts_non_negative',
  // An earn's settings version (its bets are `point_earn_bets` rows, written with it).
  extraColumns: [{ name: 'config_id', type: 'int' }],
}

/** The house's points accounts: counters of what was issued, redeemed and adjusted by hand. */
export const pointHouseKinds = ['points_issued', 'points_redeemed', 'points_adjustments'] as const
export type PointHouseKind = (typeof pointHouseKinds)[number]

export class InsufficientPoints extends Error {
  constructor(readonly accountId: number) {
    super(`points account ${accountId} would go below zero`)
  }
}

export interface PointMovement extends BookMovement {
  type: PointMovementType
}

export interface PointBatch extends BookBatch {
  type: PointMovementType
  items: BatchItem[]
}

/** One settled bet an earn was worked from: its valid bet, the rate and the centipoints it gave. */
export interface EarnedBet {
  betRecordId: number
  basis: bigint
  rate: number
  amount: bigint
}

/** The earned bets as the columns of an `unnest`: bet, its earn's item (from 1), basis, rate, amount. */
function earnedBetArrays(bets: readonly (EarnedBet & { item: number })[]) {
  const list = (xs: readonly (string | number | bigint)[]) => `{${xs.map(String).join(',')}}`
  return {
    bets: list(bets.map((b) => b.betRecordId)),
    items: list(bets.map((b) => b.item)),
    bases: list(bets.map((b) => b.basis)),
    rates: list(bets.map((b) => b.rate)),
    amounts: list(bets.map((b) => b.amount)),
  }
}

/** The bets' rows, written by a CTE of the earn's own statement that reads `source` (tid, ord). */
function earnedBetsCte(bets: readonly (EarnedBet & { item: number })[], source: 'numbered' | 't') {
  const a = earnedBetArrays(bets)
  const from = source === 't' ? sql`t` : sql`numbered n`
  const pick = source === 't' ? sql`t.id` : sql`n.tid`
  const match = source === 't' ? sql`true` : sql`n.ord = e.item`
  return sql`earned as (
    insert into point_earn_bets (bet_record_id, transaction_id, basis, rate, amount)
    select e.bet, ${pick}, e.basis, e.rate, e.amount
    from unnest(${a.bets}::int[], ${a.items}::int[], ${a.bases}::bigint[], ${a.rates}::int[], ${a.amounts}::bigint[])
      as e(bet, item, basis, rate, amount)
    join ${from} on ${match}
  )`
}

export function memberPointsCode(memberId: number): string {
  return `member:${memberId}:points`
}

/** `house:points_issued:3`: the spread kinds carry the member's shard; adjustments are one account. */
export function pointHouseCode(kind: PointHouseKind, memberId: number | null): string {
  return kind === 'points_adjustments' || memberId === null
    ? `house:${kind}`
    : `house:${kind}:${memberId % bonusAccountShards}`
}

export function createPointsLedger(db: Db) {
  const engine = bookEngine(db, pointsBook, (accountId) => new InsufficientPoints(accountId))

  return {
    /** The member's points account, made on first use (see `bookEngine`'s ensure). */
    memberAccount(merchantCode: string, memberId: number, tx?: Tx) {
      return engine.ensure(merchantCode, memberPointsCode(memberId), { memberId, allowNegative: false }, tx)
    },

    /** Each member's points account, made on first use, in two statements: member id -> account id. */
    async memberAccounts(merchantCode: string, memberIds: readonly number[], tx?: Tx) {
      const members = [...new Set(memberIds)]
      const byCode = await engine.ensureMany(
        merchantCode,
        members.map((memberId) => ({
          code: memberPointsCode(memberId),
          fields: { memberId, allowNegative: false },
        })),
        tx,
      )
      const found = new Map<number, number>()
      for (const memberId of members) {
        const id = byCode.get(memberPointsCode(memberId))
        if (id === undefined) throw new Error('a points account is missing')
        found.set(memberId, id)
      }
      return found
    },

    /** The house account of `kind` that `memberId`'s movements use. */
    houseAccount(merchantCode: string, kind: PointHouseKind, memberId: number | null, tx?: Tx) {
      return engine.ensure(merchantCode, pointHouseCode(kind, memberId), { allowNegative: true }, tx)
    },

    /** Every shard of a spread house kind, in shard order: shard n is `result[n]`. */
    async houseShards(merchantCode: string, kind: PointHouseKind, tx?: Tx): Promise<number[]> {
      const codes = Array.from({ length: bonusAccountShards }, (_, n) => pointHouseCode(kind, n))
      const byCode = await engine.ensureMany(
        merchantCode,
        codes.map((code) => ({ code, fields: { allowNegative: true } })),
        tx,
      )
      return codes.map((code) => {
        const id = byCode.get(code)
        if (id === undefined) throw new Error(`points account ${code} missing`)
        return id
      })
    },

    /**
     * Writes one movement inside the caller's transaction. Throws InsufficientPoints when a
     * member's points would go below zero; the caller's transaction then rolls back whole.
     */
    async post(tx: Tx, m: PointMovement) {
      const { transactionId, balances } = await engine.post(tx, m)
      return { transactionId, balances }
    },

    /**
     * One member's earn and the bets it was worked from, in one statement: the bets' rows
     * name the movement's transaction. A bet earned before fails the statement (and the
     * caller's settlement) whole.
     */
    async postEarn(tx: Tx, m: PointMovement, bets: readonly EarnedBet[]) {
      const rows = bets.map((b) => ({ ...b, item: 1 }))
      const { transactionId, balances } = await engine.post(tx, m, undefined, earnedBetsCte(rows, 't'))
      return { transactionId, balances }
    },

    /**
     * Many members' earns of one settlement (each item its own transaction, out of its own
     * house shard) with the bets each was worked from (`bets[i]` for `b.items[i]`), in the
     * batch's three statements. Answers the earns' transaction ids in item order.
     */
    async postEarnBatch(tx: Tx, b: PointBatch, bets: readonly (readonly EarnedBet[])[]) {
      if (bets.length !== b.items.length || b.items.some((i) => i.amount <= 0n)) {
        throw new Error('each earn needs its bets and points above zero')
      }
      const rows = bets.flatMap((list, i) => list.map((bet) => ({ ...bet, item: i + 1 })))
      return engine.postBatchIds(tx, b, earnedBetsCte(rows, 'numbered'))
    },

    balance: (ex: Executor, accountId: number) => engine.balance(ex, accountId),

    lockAccounts: engine.lockAccounts,
  }
}

export type PointsLedger = ReturnType<typeof createPointsLedger>
