/**
 * Reads of the points book for the member: the points details (every earning and spending
 * on their points account, newest first). Bounded to one member; centipoints as bigint.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { PointMovementType } from '#contract/points-values'
import { withPage, type PageRequest } from '../../db/paging'
import { pointAccounts, pointPostings, pointTransactions } from '../../db/schema'
import { timeRange } from '../../money/common'
import type { Db } from '../../plugins/external/db'

export interface PointMovementFilter extends PageRequest {
  memberId: number
  merchantCode: string
  type?: PointMovementType | undefined
  startTime?: number | undefined
  endTime?: number | undefined
}

export function createPointsRepository(db: Db) {
  return {
    /** A page of the member's points postings, newest first; an earn names its game. */
    async movementPage(f: PointMovementFilter) {
      const where = and(
        eq(pointAccounts.memberId, f.memberId),
        eq(pointAccounts.merchantCode, f.merchantCode),
        f.type ? eq(pointTransactions.type, f.type) : undefined,
        ...timeRange(pointPostings.createdAt, f),
      )
      const rows = await withPage(
        db
          .select({
            id: pointPostings.id,
            at: pointPostings.createdAt,
            type: pointTransactions.type,
            amount: pointPostings.amount,
            balanceAfter: pointPostings.balanceAfter,
            memo: pointTransactions.memo,
            // A round's earn names its game (a draw's carries its game and issue as memo).
            gameName: sql<string | null>`(
              select b.game_name from point_earn_bets f join bet_records b on b.id = f.bet_record_id
              where f.transaction_id = ${pointTransactions.id} limit 1)`,
          })
          .from(pointPostings)
          .innerJoin(pointAccounts, eq(pointAccounts.id, pointPostings.accountId))
          .innerJoin(pointTransactions, eq(pointTransactions.id, pointPostings.transactionId))
          .where(where)
          .orderBy(desc(pointPostings.id))
          .$dynamic(),
        f,
      )
      const [total] = await db
        .select({ n: count() })
        .from(pointPostings)
        .innerJoin(pointAccounts, eq(pointAccounts.id, pointPostings.accountId))
        .innerJoin(pointTransactions, eq(pointTransactions.id, pointPostings.transactionId))
        .where(where)
      return {
        rows: rows.map((r) => ({
          ...r,
          type: r.type as PointMovementType,
          amount: BigInt(r.amount),
          balanceAfter: BigInt(r.balanceAfter),
          memo: r.memo ?? r.gameName,
        })),
        total: Number(total?.n ?? 0),
      }
    },
  }
}
