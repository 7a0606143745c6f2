/**
 * A member's lottery bets as their pages read them: the games they played latest, and a
 * page of their bets (newest first) filtered by game, status and time.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { withPage, type PageRequest } from '../db/paging'
import { lotteryBets } from '../db/schema'
import { timeRange } from '../money/common'
import type { Db } from '../plugins/external/db'

export type LotteryBetRow = typeof lotteryBets.$inferSelect

/** The ids of the games the member bet on, the latest played first. */
export async function recentlyPlayedGameIds(db: Db, memberId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ gameId: lotteryBets.gameId, last: sql<Date>`max(${lotteryBets.betTime})` })
    .from(lotteryBets)
    .where(eq(lotteryBets.memberId, memberId))
    .groupBy(lotteryBets.gameId)
    .orderBy(desc(sql`max(${lotteryBets.betTime})`))
    .limit(limit)
  return rows.map((r) => r.gameId)
}

export interface BetFilter extends PageRequest {
  memberId: number
  merchantCode: string
  gameId?: number | undefined
  status?: LotteryBetRow['status'] | undefined
  startTime?: number | undefined
  endTime?: number | undefined
}

/** A page of the member's bets, newest first, and how many match. */
export async function betPage(db: Db, f: BetFilter): Promise<{ rows: LotteryBetRow[]; total: number }> {
  const where = and(
    eq(lotteryBets.memberId, f.memberId),
    eq(lotteryBets.merchantCode, f.merchantCode),
    f.gameId === undefined ? undefined : eq(lotteryBets.gameId, f.gameId),
    f.status ? eq(lotteryBets.status, f.status) : undefined,
    ...timeRange(lotteryBets.betTime, f),
  )
  const rows = await withPage(
    db
      .select()
      .from(lotteryBets)
      .where(where)
      .orderBy(desc(lotteryBets.betTime), desc(lotteryBets.id))
      .$dynamic(),
    f,
  )
  const [total] = await db.select({ n: count() }).from(lotteryBets).where(where)
  return { rows, total: Number(total?.n ?? 0) }
}
