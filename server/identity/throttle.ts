/**
 * Counters in fixed windows, kept in the database so all instances share them: login
 * failures per username and per address, captcha refreshes, registrations, SMS sends.
 */
import { and, eq, or, sql } from 'drizzle-orm'
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
  /** `count`: the failures in the window with this attempt, were it to fail. */
  | { granted: true; count: number; resetsAt: Date }
  /**
   * `blocked`: the key is stopped; `full`: `limit` failures stand in the window; `busy`:
   * checks still running held the budget past the wait.
   */
  | { granted: false; count: number; until: Date; reason: 'blocked' | 'full' | 'busy' }

/** How long a request waits for checks in flight to free a budget, and how often it looks. */
const busyWaitMs = 5000
const busyPollMs = 40

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** What a guarded secret check found. */
export type Guarded =
  | { outcome: 'right' }
  | { outcome: 'wrong'; count: number; blockedUntil: Date | null; resetsAt: Date }
  | { outcome: 'refused'; until: Date }

export function createThrottle(db: Db, now: () => Date) {
  /** The tail of each key's queue of checks in this process. */
  const queues = new Map<string, Promise<void>>()
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
     * One statement refuses it while the key is blocked or `limit` failures stand in the
     * window, and holds it as pending while failures and pending checks together fill the
     * budget, so parallel guesses never get more than `limit` checks. A request that finds
     * the budget held only by checks still running waits for them (they take milliseconds)
     * instead of being told the key is locked: right secrets sent in parallel all pass.
     * The attempt ends with `release` (right, or never checked) or `fail` (wrong).
     */
    async reserve(key: string, windowMs: number, limit: number): Promise<Reservation> {
      const deadline = performance.now() + busyWaitMs
      for (;;) {
        const t = now()
        const at = t.toISOString()
        const windowStart = new Date(t.getTime() - windowMs).toISOString()
        const expired = sql`throttles.window_started_at <= ${windowStart}::timestamptz`
        const res = await db.execute(sql`
          insert into throttles (key, count, pending, window_started_at)
          values (${key}, 0, 1, ${at}::timestamptz)
          on conflict (key) do update set
            count = case when ${expired} then 0 else throttles.count end,
            pending = case when ${expired} then 1 else throttles.pending + 1 end,
            window_started_at = case when ${expired}
              then excluded.window_started_at else throttles.window_started_at end
          where (throttles.blocked_until is null or throttles.blocked_until <= ${at}::timestamptz)
            and (${expired} or throttles.count + throttles.pending < ${limit})
          returning count, window_started_at`)
        type Row = { count: number; window_started_at: string | Date }
        const row = (res as unknown as { rows: Row[] }).rows[0]
        if (row) {
          return {
            granted: true,
            count: Number(row.count) + 1,
            resetsAt: new Date(new Date(row.window_started_at).getTime() + windowMs),
          }
        }
        const state = await api.peek(key, windowMs)
        if (state.blockedUntil) {
          return { granted: false, count: state.count, until: state.blockedUntil, reason: 'blocked' }
        }
        if (state.count >= limit)
          return { granted: false, count: state.count, until: state.resetsAt, reason: 'full' }
        // Only checks still running hold the budget: wait for them to end.
        if (performance.now() > deadline) {
          return { granted: false, count: state.count, until: new Date(t.getTime() + 1000), reason: 'busy' }
        }
        await sleep(busyPollMs + Math.random() * busyPollMs)
      }
    },

    /** Takes back one event counted by `hit` (it turned out not to count). */
    async unhit(key: string): Promise<void> {
      await db.execute(sql`update throttles set count = greatest(count - 1, 0) where key = ${key}`)
    },

    /** Ends an attempt taken by `reserve` whose secret was right or never checked. */
    async release(key: string): Promise<void> {
      await db.execute(sql`update throttles set pending = greatest(pending - 1, 0) where key = ${key}`)
    },

    /**
     * Ends an attempt taken by `reserve` whose secret was wrong: it counts as a failure, and
     * the failure that reaches `limit` blocks the key for `blockMs`.
     */
    async fail(key: string, windowMs: number, limit: number, blockMs?: number): Promise<ThrottleState> {
      const t = now()
      const until = blockMs === undefined ? null : new Date(t.getTime() + blockMs).toISOString()
      const res = await db.execute(sql`
        update throttles set pending = greatest(pending - 1, 0), count = count + 1,
          blocked_until = case when count + 1 >= ${limit} and ${until}::timestamptz is not null
            then ${until}::timestamptz else blocked_until end
        where key = ${key}
        returning count, blocked_until, window_started_at`)
      type Row = { count: number; blocked_until: string | Date | null; window_started_at: string | Date }
      const row = (res as unknown as { rows: Row[] }).rows[0]
      const blocked = row?.blocked_until ? new Date(row.blocked_until) : null
      return {
        count: Number(row?.count ?? 1),
        blockedUntil: blocked && blocked > t ? blocked : null,
        resetsAt: new Date((row ? new Date(row.window_started_at) : t).getTime() + windowMs),
      }
    },

    /**
     * Checks a secret on one attempt reserved from `key`'s budget. Right: the attempt is
     * given back. Wrong: it counts as a failure. A check that fails (throws) gives it back.
     */
    async guard(
      p: { key: string; windowMs: number; limit: number; blockMs?: number },
      check: () => Promise<boolean>,
    ): Promise<Guarded> {
      return api.oneAtATime(p.key, async (): Promise<Guarded> => {
        const r = await api.reserve(p.key, p.windowMs, p.limit)
        if (!r.granted) return { outcome: 'refused', until: r.until }
        let right: boolean
        try {
          right = await check()
        } catch (err) {
          await api.release(p.key)
          throw err
        }
        if (right) {
          await api.release(p.key)
          return { outcome: 'right' }
        }
        const failed = await api.fail(p.key, p.windowMs, p.limit, p.blockMs)
        return { outcome: 'wrong', ...failed }
      })
    },

    /**
     * Runs the checks of one key one after another in this process. The database's budget is
     * what holds across instances; this only keeps parallel requests of one process from
     * polling it while a check of theirs is running (each check takes milliseconds).
     */
    async oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
      const before = queues.get(key) ?? Promise.resolve()
      let done = () => {}
      const mine = new Promise<void>((resolve) => (done = resolve))
      const tail = before.then(() => mine)
      queues.set(key, tail)
      await before
      try {
        return await work()
      } finally {
        done()
        if (queues.get(key) === tail) queues.delete(key)
      }
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

/** The key of one address's registration budget (ten an hour). */
export function registrationKey(ip: string): string {
  return `register:${ip}`
}

/**
 * Lifts an account's login stops (its captcha requirement and its locks from every address)
 * or an address's (its login and registration budgets, and its locks on accounts: an
 * internet café's members register from one address). The keys it removed.
 */
export async function clearLoginStops(
  db: Db,
  merchantCode: string,
  of: { account: string } | { address: string },
): Promise<string[]> {
  let where
  if ('account' in of) {
    const username = of.account.toLowerCase()
    where = or(
      eq(throttles.key, loginKeys.user(merchantCode, username)),
      sql`starts_with(${throttles.key}, ${loginKeys.pairsOf(merchantCode, username)})`,
    )
  } else {
    const suffix = loginKeys.pairsFrom(of.address)
    where = or(
      eq(throttles.key, loginKeys.address(of.address)),
      eq(throttles.key, registrationKey(of.address)),
      and(
        sql`starts_with(${throttles.key}, ${`login:pair:${merchantCode}:`})`,
        sql`right(${throttles.key}, ${suffix.length}) = ${suffix}`,
      ),
    )
  }
  const removed = await db.delete(throttles).where(where).returning({ key: throttles.key })
  return removed.map((r) => r.key)
}
