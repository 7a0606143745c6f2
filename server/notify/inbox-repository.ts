/**
 * A member's fund notices as their inbox reads them: a page newest first, the unread count,
 * marking read and removing. Every function is scoped to the member's own rows.
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import { withPage, type PageRequest } from '../db/paging'
import { fundNotices } from '../db/schema'
import type { Db } from '../plugins/external/db'

export type FundNoticeRow = typeof fundNotices.$inferSelect

export async function unreadNotices(db: Db, memberId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(fundNotices)
    .where(and(eq(fundNotices.memberId, memberId), isNull(fundNotices.readAt)))
  return Number(r?.n ?? 0)
}

/** One page of the member's notices, newest first, and how many they have. */
export async function noticePage(
  db: Db,
  memberId: number,
  page: PageRequest,
): Promise<{ rows: FundNoticeRow[]; total: number }> {
  const mine = eq(fundNotices.memberId, memberId)
  const rows = await withPage(
    db.select().from(fundNotices).where(mine).orderBy(desc(fundNotices.id)).$dynamic(),
    page,
  )
  const [total] = await db.select({ n: count() }).from(fundNotices).where(mine)
  return { rows, total: Number(total?.n ?? 0) }
}

/** Marks the member's unread notices read: those of `ids`, or all of them. */
export async function markNoticesRead(db: Db, memberId: number, at: Date, ids?: number[]): Promise<void> {
  await db
    .update(fundNotices)
    .set({ readAt: at })
    .where(
      and(
        eq(fundNotices.memberId, memberId),
        isNull(fundNotices.readAt),
        ids ? inArray(fundNotices.id, ids) : undefined,
      ),
    )
}

export async function removeNotices(db: Db, memberId: number, ids: number[]): Promise<void> {
  await db.delete(fundNotices).where(and(eq(fundNotices.memberId, memberId), inArray(fundNotices.id, ids)))
}
