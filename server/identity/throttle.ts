/**
 * Counters in fixed windows, kept in the database so all instances share them: login
 * failures per username and per address, captcha refreshes, registrations, SMS sends.
 */
import { eq, sql } from 'drizzle-orm'
import { throttles } from '../db/schema'
import type { Db } from '../plugins/external/db'

export interface ThrottleState {
  count: number
  blockedUntil: Date | null
  /** When the current window ends and the count starts again. */
  resetsAt: Date
}

export function createThrottle(db: Db, now: () => Date) {
  return {
    /** The current count (0 when the window has passed) and any block. */
    async peek(key: string, windowMs: number): Promise<ThrottleState> {
      const [row] = await db.select().from(throttles).where(eq(throttles.key, key))
      const t = now()
      if (!row) return { count: 0, blockedUntil: null, resetsAt: new Date(t.getTime() + windowMs) }
      const blockedUntil = row.blockedUntil && row.blockedUntil > t ? row.blockedUntil : null
      const fresh = t.getTime() - row.windowStartedAt.getTime() < windowMs
      return {
        count: fresh ? row.count : 0,
        blockedUntil,
        resetsAt: new Date((fresh ? row.windowStartedAt.getTime() : t.getTime()) + windowMs),
      }
    },

    /**
     * Counts one event; when the count reaches `limit`, blocks the key for `blockMs`.
     * One statement, so concurrent requests never lose a count.
     */
    async hit(key: string, windowMs: number, limit?: number, blockMs?: number): Promise<ThrottleState> {
      const t = now()
      const at = t.toISOString()
      const windowStart = new Date(t.getTime() - windowMs).toISOString()
      const res = await db.execute(sql`
        insert into throttles (key, count, window_started_at) values (${key}, 1, ${at}::timestamptz)
        on conflict (key) do update set
          count = case when throttles.window_started_at <= ${windowStart}::timestamptz
            then 1 else throttles.count + 1 end,
          window_started_at = case when throttles.window_started_at <= ${windowStart}::timestamptz
            then excluded.window_started_at else throttles.window_started_at end
        returning count, blocked_until, window_started_at`)
      type Row = { count: number; blocked_until: string | Date | null; window_started_at: string | Date }
      const row = (res as unknown as { rows: Row[] }).rows[0]
      const count = Number(row?.count ?? 1)
      let blocked = row?.blocked_until ? new Date(row.blocked_until) : null
      if (limit !== undefined && blockMs !== undefined && count >= limit) {
        blocked = new Date(t.getTime() + blockMs)
        await db.update(throttles).set({ blockedUntil: blocked }).where(eq(throttles.key, key))
      }
      const started = row?.window_started_at ? new Date(row.window_started_at) : t
      // Now and then, rows long past their window go, so the table does not grow forever.
      if (Math.random() < 0.01) {
        await db.execute(
          sql`delete from throttles where window_started_at < ${new Date(t.getTime() - 86_400_000).toISOString()}::timestamptz
              and (blocked_until is null or blocked_until < ${at}::timestamptz)`,
        )
      }
      return {
        count,
        blockedUntil: blocked && blocked > t ? blocked : null,
        resetsAt: new Date(started.getTime() + windowMs),
      }
    },

    async clear(key: string): Promise<void> {
      await db.delete(throttles).where(eq(throttles.key, key))
    },
  }
}

export type Throttle = ReturnType<typeof createThrottle>
