/**
 * The live channel's reads and writes of the event log (member_events, written by the
 * triggers of migration 0045) and of the sessions its streams stand on.
 */
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { memberEvents, sessions } from '../db/schema'
import { rowsOf, type Db } from '../plugins/external/db'

/** An event as the log keeps it. */
export interface StoredEvent {
  id: number
  merchantCode: string
  /** Null: every member of the brand. */
  memberId: number | null
  kind: string
  data: unknown
}

const columns = {
  id: memberEvents.id,
  merchantCode: memberEvents.merchantCode,
  memberId: memberEvents.memberId,
  kind: memberEvents.kind,
  data: memberEvents.data,
}

export function createLiveRepository(db: Db) {
  return {
    /** The member's and the brand's events after `afterId`, oldest first. */
    async since(
      merchantCode: string,
      memberId: number,
      afterId: number,
      limit: number,
    ): Promise<StoredEvent[]> {
      return db
        .select(columns)
        .from(memberEvents)
        .where(
          and(
            gt(memberEvents.id, afterId),
            or(
              eq(memberEvents.memberId, memberId),
              and(isNull(memberEvents.memberId), eq(memberEvents.merchantCode, merchantCode)),
            ),
          ),
        )
        .orderBy(asc(memberEvents.id))
        .limit(limit)
    },

    /**
     * Every event after `afterId`, and those written in the last `lookbackMs` (a transaction
     * that took its id earlier may commit later), oldest first: what a poll or a reconnected
     * listener reads. The caller drops the ids it already handled.
     */
    async after(afterId: number, lookbackMs: number, limit: number): Promise<StoredEvent[]> {
      return db
        .select(columns)
        .from(memberEvents)
        .where(
          or(
            gt(memberEvents.id, afterId),
            sql`${memberEvents.createdAt} > now() - make_interval(secs => ${lookbackMs / 1000})`,
          ),
        )
        .orderBy(asc(memberEvents.id))
        .limit(limit)
    },

    /** The newest event's id (0 when none was ever written). */
    async newestId(): Promise<number> {
      const [row] = rowsOf<{ n: string | number | null }>(
        await db.execute(sql`select max(id) as n from member_events`),
      )
      if (row?.n !== null && row?.n !== undefined) return Number(row.n)
      // All pruned: where the sequence stands.
      const [seq] = rowsOf<{ last_value: string | number; is_called: boolean }>(
        await db.execute(sql`select last_value, is_called from member_events_id_seq`),
      )
      return seq?.is_called ? Number(seq.last_value) : 0
    },

    /**
     * Whether events after `afterId` may have been pruned: the oldest kept event is past the
     * next one, or none is kept and some were written since. (A brand's events share one
     * sequence, so this may say yes when the pruned ones were another member's; the tab
     * then refetches once, which is harmless.)
     */
    async missedSince(afterId: number): Promise<boolean> {
      const [row] = rowsOf<{ oldest: string | number | null }>(
        await db.execute(sql`select min(id) as oldest from member_events`),
      )
      if (row?.oldest !== null && row?.oldest !== undefined) return Number(row.oldest) > afterId + 1
      return (await this.newestId()) > afterId
    },

    /** Removes events written before `before`; how many went. */
    async prune(before: Date): Promise<number> {
      const gone = await db
        .delete(memberEvents)
        .where(lt(memberEvents.createdAt, before))
        .returning({ id: memberEvents.id })
      return gone.length
    },

    /** Of these sessions, those that ended (revoked, expired, idle past `idleMs`) or are gone. */
    async endedSessions(ids: readonly number[], now: Date, idleMs: number): Promise<number[]> {
      if (ids.length === 0) return []
      const live = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            inArray(sessions.id, [...ids]),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
          ),
        )
      const alive = new Set(live.map((r) => r.id))
      return ids.filter((id) => !alive.has(id))
    },
  }
}

export type LiveRepository = ReturnType<typeof createLiveRepository>
