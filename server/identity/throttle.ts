/**
 * Counters in fixed windows, kept in the database so all instances share them: login
 * failures per username and per address, captcha refreshes, registrations, SMS sends.
 */
import { eq, sql } from 'drizzle-orm'
import { throttles } from '../db/schema'
import type { Db, Tx } from '../plugins/external/db'

export interface ThrottleState {
  count: number
  blockedUntil: Date | null
  /** When the current window ends and the count starts again. */
  resetsAt: Date
}

/** An attempt taken from a budget, or refused with when the budget comes back. */
export type Reservation =
  | { granted: true; count: number; resetsAt: Date; blockedUntil: Date | null }
  | { granted: false; count: number; until: Date }

/** What a guarded secret check found. */
export type Guarded =
  | { outcome: 'right' }
  | { outcome: 'wrong'; count: number; blockedUntil: Date | null; resetsAt: Date }
  | { outcome: 'refused'; until: Date }

export function createThrottle(db: Db, now: () => Date) {
  const api = {
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

    async clear(key: string, tx?: Tx): Promise<void> {
      await (tx ?? db).delete(throttles).where(eq(throttles.key, key))
    },

    /**
     * Takes one attempt from a key's budget before the costly or secret check it guards.
     * One statement counts it and refuses it while the key is blocked or `limit` attempts
     * already stand in the window, so parallel guesses never get more than `limit` checks.
     * The attempt that takes the last of the budget blocks the key for `blockMs` at once, so
     * no attempt after it is checked while it is; when its secret proves right, `release`
     * lifts the block again.
     */
    async reserve(key: string, windowMs: number, limit: number, blockMs?: number): Promise<Reservation> {
      const t = now()
      const at = t.toISOString()
      const windowStart = new Date(t.getTime() - windowMs).toISOString()
      const until = blockMs === undefined ? null : new Date(t.getTime() + blockMs).toISOString()
      const counted = sql`case when throttles.window_started_at <= ${windowStart}::timestamptz
            then 1 else throttles.count + 1 end`
      const res = await db.execute(sql`
        insert into throttles (key, count, window_started_at, blocked_until)
        values (${key}, 1, ${at}::timestamptz,
                case when 1 >= ${limit} then ${until}::timestamptz end)
        on conflict (key) do update set
          count = ${counted},
          window_started_at = case when throttles.window_started_at <= ${windowStart}::timestamptz
            then excluded.window_started_at else throttles.window_started_at end,
          blocked_until = case when ${counted} >= ${limit} then ${until}::timestamptz end
        where (throttles.blocked_until is null or throttles.blocked_until <= ${at}::timestamptz)
          and (throttles.window_started_at <= ${windowStart}::timestamptz or throttles.count < ${limit})
        returning count, window_started_at, blocked_until`)
      type Row = { count: number; window_started_at: string | Date; blocked_until: string | Date | null }
      const row = (res as unknown as { rows: Row[] }).rows[0]
      if (row) {
        return {
          granted: true,
          count: Number(row.count),
          resetsAt: new Date(new Date(row.window_started_at).getTime() + windowMs),
          blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null,
        }
      }
      const state = await api.peek(key, windowMs)
      return { granted: false, count: state.count, until: state.blockedUntil ?? state.resetsAt }
    },

    /**
     * Gives back an attempt taken by `reserve` whose secret was right or never checked.
     * With `lift` (the attempt took the last of the budget and so set the block) the block
     * goes too: only a wrong secret on the last attempt leaves the key blocked.
     */
    async release(key: string, lift = false): Promise<void> {
      await db.execute(sql`update throttles set count = greatest(count - 1, 0),
        blocked_until = case when ${lift} then null else blocked_until end
        where key = ${key}`)
    },

    /**
     * Checks a secret on one attempt reserved from `key`'s budget. Right: the attempt is
     * given back. Wrong: it is kept. A check that fails (throws) gives the attempt back.
     */
    async guard(
      p: { key: string; windowMs: number; limit: number; blockMs?: number },
      check: () => Promise<boolean>,
    ): Promise<Guarded> {
      const r = await api.reserve(p.key, p.windowMs, p.limit, p.blockMs)
      if (!r.granted) return { outcome: 'refused', until: r.until }
      let right: boolean
      try {
        right = await check()
      } catch (err) {
        await api.release(p.key, r.blockedUntil !== null)
        throw err
      }
      if (right) {
        await api.release(p.key, r.blockedUntil !== null)
        return { outcome: 'right' }
      }
      return { outcome: 'wrong', count: r.count, blockedUntil: r.blockedUntil, resetsAt: r.resetsAt }
    },
  }
  return api
}

export type Throttle = ReturnType<typeof createThrottle>

/**
 * The keys of the login limits (docs/decisions/001-login-attempt-limits.md): failures per
 * account across addresses (the captcha), per account from one address (the lock), and per
 * address across accounts (the spraying budget).
 */
export const loginKeys = {
  user: (merchantCode: string, username: string) => `login:user:${merchantCode}:${username}`,
  pair: (merchantCode: string, username: string, ip: string) =>
    `${loginKeys.pairsOf(merchantCode, username)}${ip}`,
  /** The prefix of every per-address lock of one account. */
  pairsOf: (merchantCode: string, username: string) => `login:pair:${merchantCode}:${username}@`,
  /** The suffix of every per-account lock from one address ('@' is in no address). */
  pairsFrom: (ip: string) => `@${ip}`,
  address: (ip: string) => `login:ip:${ip}`,
}
