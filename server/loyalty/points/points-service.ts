/**
 * Points (decision 030): a member's balance, and the operator's adjustments. Every change is a
 * movement of the points book (points-ledger.ts) in one database transaction; a deduction
 * the balance cannot cover moves nothing.
 */
import { and, eq } from 'drizzle-orm'
import { pointsOf } from '#contract/points-values'
import { members, pointAccounts } from '../../db/schema'
import type { Db, Tx } from '../../plugins/external/db'
import { InsufficientPoints, memberPointsCode, type PointsLedger } from './points-ledger'

/** A refusal the operator (or the member) can act on. */
export class PointsError extends Error {
  constructor(
    readonly code: 'member_unknown' | 'points_insufficient',
    message: string,
  ) {
    super(message)
  }
}

export interface PointsServiceDeps {
  points: PointsLedger
  now: () => Date
}

export function createPointsService({ points, now }: PointsServiceDeps) {
  async function memberByUsername(ex: Db | Tx, merchantCode: string, username: string) {
    const [m] = await ex
      .select({ id: members.id, username: members.username, type: members.type })
      .from(members)
      .where(and(eq(members.merchantCode, merchantCode), eq(members.username, username.trim().toLowerCase())))
    if (!m) throw new PointsError('member_unknown', `no member ${username}`)
    return m
  }

  return {
    memberByUsername,

    /**
     * The member's points (centipoints); 0 before their first movement. A read: it makes no
     * account (the first movement does).
     */
    async balanceOf(ex: Db | Tx, merchantCode: string, memberId: number): Promise<bigint> {
      const [a] = await ex
        .select({ balance: pointAccounts.balance })
        .from(pointAccounts)
        .where(
          and(
            eq(pointAccounts.merchantCode, merchantCode),
            eq(pointAccounts.code, memberPointsCode(memberId)),
          ),
        )
      return a?.balance ?? 0n
    },

    /**
     * The operator adds (`centipoints` above zero) or takes away points, with a reason, in one
     * transaction against the house's adjustments account. Answers the balance after.
     */
    async adjust(
      ex: Db | Tx,
      merchantCode: string,
      username: string,
      centipoints: bigint,
      reason: string,
    ): Promise<{ memberId: number; username: string; before: bigint; after: bigint }> {
      if (centipoints === 0n) throw new Error('an adjustment moves some points')
      const m = await memberByUsername(ex, merchantCode, username)
      const account = await points.memberAccount(merchantCode, m.id)
      const house = await points.houseAccount(merchantCode, 'points_adjustments', m.id)
      try {
        return await ex.transaction(async (tx) => {
          const posted = await points.post(tx, {
            merchantCode,
            type: 'ADJUSTMENT',
            memberId: m.id,
            memo: reason,
            actor: 'operator',
            at: now(),
            postings: [
              { accountId: house, amount: -centipoints },
              { accountId: account, amount: centipoints },
            ],
          })
          const after = posted.balances.get(account) ?? 0n
          return { memberId: m.id, username: m.username, before: after - centipoints, after }
        })
      } catch (err) {
        if (err instanceof InsufficientPoints) {
          const has = await points.balance(ex, account)
          throw new PointsError('points_insufficient', `${m.username} has ${pointsOf(has)} points`)
        }
        throw err
      }
    },
  }
}

export type PointsService = ReturnType<typeof createPointsService>
