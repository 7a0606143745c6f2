/**
 * The feedback tables (server/db/schema/feedback.ts). Each call takes the transaction it
 * belongs to, or the database for a read on its own. A member's reads name the member in
 * the same statement, so another member's row is simply not found.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { FeedbackStatus, FeedbackType } from '#contract/feedback'
import { feedback, feedbackImages, feedbackSettings, members } from '../db/schema'
import type { CleanImage } from '../money/clean-image'
import type { Db, Tx } from '../plugins/external/db'

export type FeedbackRow = typeof feedback.$inferSelect
export interface ImageRef {
  id: number
  feedbackId: number
  width: number
  height: number
}

type Ex = Db | Tx

export function createFeedbackRepository(db: Db) {
  return {
    async settings(merchantCode: string, ex: Ex = db) {
      const [row] = await ex
        .select()
        .from(feedbackSettings)
        .where(eq(feedbackSettings.merchantCode, merchantCode))
      return row
    },

    async saveSettings(
      merchantCode: string,
      v: { minWords: number; maxWords: number; perDay: number },
      at: Date,
      ex: Ex = db,
    ) {
      await ex
        .insert(feedbackSettings)
        .values({ merchantCode, ...v, updatedAt: at })
        .onConflictDoUpdate({ target: feedbackSettings.merchantCode, set: { ...v, updatedAt: at } })
    },

    /** Locks the member's row until the transaction ends: a day's count under it holds. */
    async lockMember(memberId: number, tx: Tx): Promise<void> {
      await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update')
    },

    async sentBetween(memberId: number, start: Date, end: Date, ex: Ex = db): Promise<number> {
      const [row] = await ex
        .select({ n: count() })
        .from(feedback)
        .where(
          and(eq(feedback.memberId, memberId), gte(feedback.createdAt, start), lt(feedback.createdAt, end)),
        )
      return row?.n ?? 0
    },

    async insert(
      values: {
        merchantCode: string
        memberId: number
        type: FeedbackType
        content: string
        createdAt: Date
      },
      tx: Tx,
    ): Promise<FeedbackRow> {
      const [row] = await tx
        .insert(feedback)
        .values({ ...values, status: 'pending' })
        .returning()
      if (!row) throw new Error('feedback not written')
      return row
    },

    async insertImages(
      feedbackId: number,
      memberId: number,
      images: readonly CleanImage[],
      at: Date,
      tx: Tx,
    ): Promise<ImageRef[]> {
      if (images.length === 0) return []
      return tx
        .insert(feedbackImages)
        .values(
          images.map((i, position) => ({
            feedbackId,
            memberId,
            position,
            contentType: i.contentType,
            width: i.width,
            height: i.height,
            size: i.size,
            sha256: i.sha256,
            data: i.data,
            createdAt: at,
          })),
        )
        .returning({
          id: feedbackImages.id,
          feedbackId: feedbackImages.feedbackId,
          width: feedbackImages.width,
          height: feedbackImages.height,
        })
    },

    /** The member's own feedback, newest first. */
    async page(
      memberId: number,
      q: { pageNo: number; pageSize: number; id?: number | undefined },
      ex: Ex = db,
    ): Promise<{ rows: FeedbackRow[]; total: number }> {
      const where = and(
        eq(feedback.memberId, memberId),
        q.id === undefined ? undefined : eq(feedback.id, q.id),
      )
      const [rows, [total]] = await Promise.all([
        ex
          .select()
          .from(feedback)
          .where(where)
          .orderBy(desc(feedback.createdAt), desc(feedback.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        ex.select({ n: count() }).from(feedback).where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    async imagesOf(feedbackIds: readonly number[], ex: Ex = db): Promise<ImageRef[]> {
      if (feedbackIds.length === 0) return []
      return ex
        .select({
          id: feedbackImages.id,
          feedbackId: feedbackImages.feedbackId,
          width: feedbackImages.width,
          height: feedbackImages.height,
        })
        .from(feedbackImages)
        .where(inArray(feedbackImages.feedbackId, [...feedbackIds]))
        .orderBy(asc(feedbackImages.feedbackId), asc(feedbackImages.position))
    },

    /** An image's bytes, when `memberId` owns it (null: the operator, who may read any of the brand's). */
    async image(id: number, memberId: number | null, merchantCode: string, ex: Ex = db) {
      const [row] = await ex
        .select({ contentType: feedbackImages.contentType, data: feedbackImages.data })
        .from(feedbackImages)
        .innerJoin(feedback, eq(feedback.id, feedbackImages.feedbackId))
        .where(
          and(
            eq(feedbackImages.id, id),
            eq(feedback.merchantCode, merchantCode),
            memberId === null ? undefined : eq(feedbackImages.memberId, memberId),
          ),
        )
      return row
    },

    /** The brand's feedback for the operator, oldest waiting first; of one status or member. */
    async forOperator(
      merchantCode: string,
      filter: { status?: FeedbackStatus | undefined; memberId?: number | undefined },
      limit: number,
      ex: Ex = db,
    ) {
      return ex
        .select({ f: feedback, username: members.username })
        .from(feedback)
        .innerJoin(members, eq(members.id, feedback.memberId))
        .where(
          and(
            eq(feedback.merchantCode, merchantCode),
            filter.status === undefined ? undefined : eq(feedback.status, filter.status),
            filter.memberId === undefined ? undefined : eq(feedback.memberId, filter.memberId),
          ),
        )
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(limit)
    },

    /** The row locked for a change, in the brand. */
    async lockOne(merchantCode: string, id: number, tx: Tx): Promise<FeedbackRow | undefined> {
      const [row] = await tx
        .select()
        .from(feedback)
        .where(and(eq(feedback.id, id), eq(feedback.merchantCode, merchantCode)))
        .for('update')
      return row
    },

    async setReply(id: number, reply: string, by: string, at: Date, tx: Tx): Promise<FeedbackRow> {
      const [row] = await tx
        .update(feedback)
        .set({ reply, repliedAt: at, repliedBy: by, status: 'replied' })
        .where(eq(feedback.id, id))
        .returning()
      if (!row) throw new Error('feedback reply not written')
      return row
    },

    async close(id: number, at: Date, tx: Tx): Promise<FeedbackRow> {
      const [row] = await tx
        .update(feedback)
        .set({
          status: 'closed',
          closedAt: sql`coalesce(${feedback.closedAt}, ${at.toISOString()}::timestamptz)`,
        })
        .where(eq(feedback.id, id))
        .returning()
      if (!row) throw new Error('feedback not closed')
      return row
    },
  }
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>
