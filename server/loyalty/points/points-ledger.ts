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
  // An earn's facts: its bet, the valid bet it was worked from, the rate and the settings' version.
  extraColumns: [
    { name: 'bet_record_id', type: 'int' },
    { name: 'basis', type: 'bigint' },
    { name: 'rate', type: 'int' },
    { name: 'config_id', type: 'int' },
  ],
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

/** An earn's facts, in the order of `pointsBook.extraColumns`. */
export function earnFacts(betRecordId: number, basis: bigint, rate: number, configId: number) {
  return [betRecordId, basis, rate, configId] as const
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

    /** Many movements against one counter account, each its own transaction (`bookEngine`). */
    postBatchIds: (tx: Tx, b: PointBatch) => engine.postBatchIds(tx, b),

    balance: (ex: Executor, accountId: number) => engine.balance(ex, accountId),

    lockAccounts: engine.lockAccounts,
  }
}

export type PointsLedger = ReturnType<typeof createPointsLedger>
