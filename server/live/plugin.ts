/**
 * The live area: one server-sent-events stream per signed-in tab (GET /wps/live/stream),
 * carrying its member's events (balance, notices, unread count, lottery settlements) and
 * the brand's (announcements) as they commit on any instance; see docs/decisions/033.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { liveStreamPath, type LiveEvent } from '#contract/live'
import type { Currency } from '#contract/money'
import { refusal } from '../http/contract-routes'
import { AppError } from '../http/errors'
import { callerContext } from '../http/request-context'
import { defineJob } from '../jobs/define-job'
import { currencyOf } from '../money/common'
import { createLiveFeed, type LiveFeed } from './live-feed'
import { createLiveHub, frameOf, type LiveConn, type LiveHub } from './live-hub'
import { createLiveRepository, type LiveRepository } from './live-repository'

declare module 'fastify' {
  interface FastifyInstance {
    live: { hub: LiveHub; feed: LiveFeed; repo: LiveRepository }
  }
}

/** Last-Event-ID: an event id, as sent in a frame. */
const LastEventId = z.string().regex(/^\d{1,15}$/)
/** Events replayed to a reconnecting stream at most; past that it is told to refetch. */
const maxReplay = 500

export interface LiveAreaOptions {
  /** Shorter timers for tests. */
  heartbeatMs?: number
  sessionCheckMs?: number
}

async function liveArea(app: FastifyInstance, opts: LiveAreaOptions) {
  const { db, database, config, now, sessions, access, repo: system } = app.platform
  const repo = createLiveRepository(db)
  const currencies = new Map<string, Currency>()
  app.platform.onSettingsChanged(() => currencies.clear())
  const hub = createLiveHub({
    perSession: config.LIVE_STREAMS_PER_SESSION ?? 4,
    currencyOf: (code) => currencies.get(code),
  })
  const feed = createLiveFeed({
    database,
    repo,
    hub,
    mode: config.LIVE_FEED ?? 'listen',
    pollMs: config.LIVE_POLL_MS ?? 500,
    heartbeatMs: opts.heartbeatMs ?? 25_000,
    sessionCheckMs: opts.sessionCheckMs ?? 30_000,
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    now,
    log: app.log,
  })
  app.decorate('live', { hub, feed, repo })
  app.addHook('onReady', () => feed.start())
  app.addHook('preClose', () => feed.stop())

  async function ensureCurrency(merchantCode: string) {
    if (currencies.has(merchantCode)) return
    const m = await system.merchant(merchantCode)
    if (m) currencies.set(merchantCode, currencyOf(m))
  }

  app.get(liveStreamPath, { compress: false, decompress: false }, async (req, reply) => {
    const caller = callerContext(req, {
      defaultMerchant: config.MERCHANT_CODE,
      knownMerchants: app.platform.routes.knownMerchants(),
      countryHeader: config.COUNTRY_HEADER.toLowerCase(),
    })
    void reply.header('cache-control', 'no-store')
    const refused = refusal(await access.verdict(caller.merchantCode, caller.ip, caller.country))
    if (refused) throw refused
    const raw = req.headers.authorization
    const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() || undefined
    const session = await sessions.authenticate(token, caller.merchantCode)
    // A trial account hears of its play money too (its balance, its lottery bets settling).
    if (session.mustChangePassword)
      throw new AppError('password_change_required', 'change the password first')
    const sent = headerOf(req, 'last-event-id')
    let from: number | null = null
    if (sent !== undefined && sent !== '') {
      const parsed = LastEventId.safeParse(sent)
      if (!parsed.success) throw new AppError('validation_failed', 'Last-Event-ID is an event id')
      from = Number(parsed.data)
    }
    if (!hub.hasRoom(session.sessionId)) {
      throw new AppError('live_streams_full', 'this session has as many live streams open as it may')
    }
    await ensureCurrency(caller.merchantCode)

    const res = reply.raw
    let closed = false
    const conn: LiveConn = {
      memberId: session.memberId,
      merchantCode: caller.merchantCode,
      sessionId: session.sessionId,
      locale: caller.locale,
      write(frame) {
        if (closed) return true
        res.write(frame)
        // A client that reads nothing: past 1 MiB waiting it is closed, not kept in memory.
        return res.writableLength < 1 << 20
      },
      end() {
        if (closed) return
        closed = true
        hub.close(conn)
        res.end()
      },
    }
    hub.open(conn)
    req.raw.on('close', () => conn.end())
    reply.hijack()
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    })
    // A reconnect waits 2 s by default (the client's own backoff may wait longer).
    res.write('retry: 2000\n\n')
    try {
      let replay: Awaited<ReturnType<LiveRepository['since']>> = []
      let start = from
      if (from !== null) {
        replay = await repo.since(caller.merchantCode, session.memberId, from, maxReplay + 1)
        if (replay.length > maxReplay || (await repo.missedSince(from))) {
          // Too much or too old to replay: the tab refetches what it shows.
          replay = []
          start = await repo.newestId()
          conn.write(frameOf({ type: 'reset' } satisfies LiveEvent))
        }
      } else {
        start = await repo.newestId()
      }
      const last = hub.ready(conn, replay, start ?? 0)
      conn.write(frameOf({ type: 'ready' }, last))
    } catch (err) {
      req.log.warn({ err }, 'live stream not started')
      conn.end()
    }
  })

  app.platform.addJobs(() => [
    defineJob({
      name: 'live.events.prune',
      payload: z.object({}),
      schedule: { everySeconds: 60 },
      retry: { limit: 3, delaySeconds: 10, backoff: true, maxDelaySeconds: 120 },
      timeoutSeconds: 120,
      async handler(_payload, { log }) {
        const keepMs = (config.LIVE_KEEP_MINUTES ?? 15) * 60_000
        const pruned = await repo.prune(new Date(now().getTime() - keepMs))
        if (pruned > 0) log.debug({ events: pruned }, 'live events pruned')
      },
    }),
  ])
}

function headerOf(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name]
  return Array.isArray(v) ? v[0] : v
}

export const live = fp(liveArea, { name: 'live', dependencies: ['platform'] })
