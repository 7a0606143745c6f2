/**
 * The brand's announcements: what members read (published and unexpired, in their language
 * or English) and what the operator lists, adds and expires. Each function takes the
 * database or the caller's transaction.
 */
import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm'
import { announcements } from '../db/schema'
import type { Db } from '../plugins/external/db'

export type AnnouncementRow = typeof announcements.$inferSelect
export type NewAnnouncement = typeof announcements.$inferInsert

/** Published by `at` and not expired, of these types and execution, in `language` or English. */
export function publishedAnnouncements(
  db: Db,
  q: {
    merchantCode: string
    types: AnnouncementRow['type'][]
    execution: AnnouncementRow['execution']
    language: string
    at: Date
  },
): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.merchantCode, q.merchantCode),
        inArray(announcements.type, q.types),
        eq(announcements.execution, q.execution),
        inArray(announcements.language, [q.language, 'en']),
        lte(announcements.publishedAt, q.at),
        or(isNull(announcements.expiresAt), gt(announcements.expiresAt, q.at)),
      ),
    )
    .orderBy(asc(announcements.sort), asc(announcements.id))
}

/** Every announcement not expired by `at`, published or not, in every language. */
export function liveAnnouncements(db: Db, merchantCode: string, at: Date): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.merchantCode, merchantCode),
        or(isNull(announcements.expiresAt), gt(announcements.expiresAt, at)),
      ),
    )
    .orderBy(asc(announcements.type), asc(announcements.sort), asc(announcements.id))
}

export async function announcementById(
  db: Db,
  merchantCode: string,
  id: number,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.merchantCode, merchantCode), eq(announcements.id, id)))
  return row
}

export async function insertAnnouncement(db: Db, row: NewAnnouncement): Promise<AnnouncementRow> {
  const [added] = await db.insert(announcements).values(row).returning()
  if (!added) throw new Error('the announcement was not inserted')
  return added
}

export async function expireAnnouncement(db: Db, merchantCode: string, id: number, at: Date): Promise<void> {
  await db
    .update(announcements)
    .set({ expiresAt: at })
    .where(and(eq(announcements.merchantCode, merchantCode), eq(announcements.id, id)))
}
