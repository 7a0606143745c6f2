/**
 * Where this instance hears of events: NOTIFY on `portal_live` (LIVE_FEED=listen), or a
 * read of the log every LIVE_POLL_MS (LIVE_FEED=poll, for PgBouncer in transaction mode).
 * After a listener's connection came back, the log is read once for what was missed.
 * Also the timers every open stream needs: the heartbeat, the check that its session still
 * stands (a missed NOTIFY, an idle or expired session), and the log's pruning is a job.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../plugins/external/db'
import type { LiveHub } from './live-hub'
import { NotifyPayload } from './live-hub'
import type { LiveRepository } from './live-repository'

export const liveChannel = 'portal_live'

export interface LiveFeedOptions {
  database: Database
  repo: LiveRepository
  hub: LiveHub
  mode: 'listen' | 'poll'
  pollMs: number
  heartbeatMs: number
  /** How often the open streams' sessions are checked. */
  sessionCheckMs: number
  idleMs: number
  now: () => Date
  log: FastifyBaseLogger
}

/** A transaction that took its event id earlier may commit later: reads look back this far. */
const lookbackMs = 5_000

export function createLiveFeed(opts: LiveFeedOptions) {
  const { repo, hub, log } = opts
  const timers: NodeJS.Timeout[] = []
  let stopListening: (() => Promise<void>) | null = null
  let reading: Promise<void> | null = null

  /** Reads the log past the cursor (one read at a time; a call meanwhile joins it). */
  function catchUp(): Promise<void> {
    reading ??= (async () => {
      try {
        let from = hub.cursor
        let look = lookbackMs
        for (;;) {
          const rows = await repo.after(from, look, 1000)
          for (const e of rows) hub.deliver(e)
          const last = rows.at(-1)
          if (rows.length < 1000 || !last) break
          from = last.id
          look = 0
        }
      } catch (err) {
        log.warn({ err }, 'live events not read; trying again at the next turn')
      } finally {
        reading = null
      }
    })()
    return reading
  }

  function onPayload(payload: string) {
    let parsed: unknown
    try {
      parsed = JSON.parse(payload)
    } catch {
      log.warn('a live notification that is not JSON was ignored')
      return
    }
    const n = NotifyPayload.safeParse(parsed)
    if (!n.success) {
      log.warn('a live notification of an unknown shape was ignored')
      return
    }
    if ('end' in n.data) hub.endSession(n.data.end)
    else
      hub.deliver({
        id: n.data.id,
        merchantCode: n.data.b,
        memberId: n.data.m,
        kind: n.data.k,
        data: n.data.d,
      })
  }

  async function checkSessions() {
    const ids = hub.sessionIds()
    if (ids.length === 0) return
    try {
      for (const id of await repo.endedSessions(ids, opts.now(), opts.idleMs)) hub.endSession(id)
    } catch (err) {
      log.warn({ err }, 'live sessions not checked; trying again at the next turn')
    }
  }

  function every(ms: number, work: () => unknown) {
    const t = setInterval(work, ms)
    t.unref()
    timers.push(t)
  }

  return {
    catchUp,
    checkSessions,

    async start(): Promise<void> {
      // Events written before this start are no news to a stream opened after it.
      hub.advance(await repo.newestId())
      if (opts.mode === 'listen') {
        stopListening = await opts.database.listen(liveChannel, {
          onPayload,
          onGap: () => void catchUp(),
        })
      } else {
        every(opts.pollMs, () => {
          if (hub.size > 0) void catchUp()
        })
      }
      every(opts.heartbeatMs, () => hub.heartbeat())
      every(opts.sessionCheckMs, () => void checkSessions())
    },

    async stop(): Promise<void> {
      for (const t of timers.splice(0)) clearInterval(t)
      hub.closeAll()
      await stopListening?.()
      stopListening = null
      await reading
    },
  }
}

export type LiveFeed = ReturnType<typeof createLiveFeed>
