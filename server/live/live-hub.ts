/**
 * The open streams of this instance and what they are sent. Events come from the feed
 * (live-feed.ts) as the log keeps them; each goes to the streams of its member (or of its
 * brand, for a brand-wide event), written in each stream's language. An event is handled
 * once however it arrives (NOTIFY and a catch-up read may both bring it).
 */
import { z } from 'zod'
import type { LiveEvent } from '#contract/live'
import type { Locale } from '#contract/locales'
import { minorToMoney, type Currency } from '#contract/money'
import { fundNoticeKinds } from '#contract/wallet-values'
import { noticeText } from '../notify/notice-text'
import { noticeUrl } from '../notify/push-service'
import type { StoredEvent } from './live-repository'

/** One open stream, as the hub sees it. */
export interface LiveConn {
  readonly memberId: number
  readonly merchantCode: string
  readonly sessionId: number
  readonly locale: Locale
  /** Writes a whole SSE frame; false when the client is too far behind (it is then closed). */
  write(frame: string): boolean
  /** Ends the response; `closed` is then called by the route. */
  end(): void
}

const Digits = z.string().regex(/^-?\d{1,20}$/)
const NoticeData = z.object({
  id: z.number().int(),
  kind: z.enum(fundNoticeKinds),
  amount: Digits,
  reason: z.string().nullable(),
  unread: z.number().int().nonnegative(),
})
const InboxData = z.object({ unread: z.number().int().nonnegative() })
const LotteryData = z.object({
  settled: z.number().int().positive(),
  won: z.number().int().nonnegative(),
  payout: Digits,
})

/** A NOTIFY payload: an event as the log keeps it, or a session that ended. */
export const NotifyPayload = z.union([
  z.object({
    id: z.number().int().positive(),
    b: z.string(),
    m: z.number().int().nullable(),
    k: z.string(),
    d: z.unknown(),
  }),
  z.object({ end: z.number().int().positive() }),
])

/** An SSE frame: the event as one data line, with its id when it has one. */
export function frameOf(event: LiveEvent, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`
}

/** A stream that takes no heed of its data: what a blocked client may hold before it is closed. */
const maxBufferedFrames = 256

export interface LiveHubOptions {
  /** Open streams one session may hold here. */
  perSession: number
  /** The brand's currency (cached by the caller; asked when a stream opens). */
  currencyOf(merchantCode: string): Currency | undefined
}

export function createLiveHub(opts: LiveHubOptions) {
  const byMember = new Map<number, Set<LiveConn>>()
  const byBrand = new Map<string, Set<LiveConn>>()
  const bySession = new Map<number, Set<LiveConn>>()
  const pending = new Map<LiveConn, StoredEvent[]>()
  // The ids handled lately (NOTIFY and a catch-up read may bring one twice), oldest first.
  const handled = new Set<number>()
  const keepHandled = 20_000
  let cursor = 0

  function add<K>(map: Map<K, Set<LiveConn>>, key: K, conn: LiveConn) {
    let set = map.get(key)
    if (!set) map.set(key, (set = new Set()))
    set.add(conn)
  }
  function remove<K>(map: Map<K, Set<LiveConn>>, key: K, conn: LiveConn) {
    const set = map.get(key)
    if (!set) return
    set.delete(conn)
    if (set.size === 0) map.delete(key)
  }

  /** What the event says to a stream in `locale`; undefined for an event it does not show. */
  function render(e: StoredEvent, locale: Locale): LiveEvent | undefined {
    switch (e.kind) {
      case 'balance':
        return { type: 'balance' }
      case 'announcement':
        return { type: 'announcement' }
      case 'inbox': {
        const d = InboxData.safeParse(e.data)
        return d.success ? { type: 'inbox', unread: d.data.unread } : undefined
      }
      case 'notice': {
        const d = NoticeData.safeParse(e.data)
        const currency = opts.currencyOf(e.merchantCode)
        if (!d.success || !currency) return undefined
        const text = noticeText(d.data.kind, locale, BigInt(d.data.amount), currency, d.data.reason)
        return {
          type: 'notice',
          id: d.data.id,
          notice: {
            type: d.data.kind,
            ...text,
            url: noticeUrl(d.data.kind, d.data.reason),
            unreadCount: d.data.unread,
          },
        }
      }
      case 'lottery': {
        const d = LotteryData.safeParse(e.data)
        const currency = opts.currencyOf(e.merchantCode)
        if (!d.success || !currency) return undefined
        return {
          type: 'lottery',
          settled: d.data.settled,
          won: d.data.won,
          payout: minorToMoney(BigInt(d.data.payout), currency),
        }
      }
      default:
        // A kind this server does not know yet (a newer instance wrote it): not shown.
        return undefined
    }
  }

  function send(conn: LiveConn, frame: string) {
    if (!conn.write(frame)) conn.end()
  }

  /** Sends one event to the streams it is for, a frame per language. */
  function fanOut(e: StoredEvent, conns: Iterable<LiveConn>) {
    const frames = new Map<Locale, string | null>()
    for (const conn of conns) {
      const buffer = pending.get(conn)
      if (buffer) {
        buffer.push(e)
        if (buffer.length > maxBufferedFrames) conn.end()
        continue
      }
      let frame = frames.get(conn.locale)
      if (frame === undefined) {
        const event = render(e, conn.locale)
        frame = event ? frameOf(event, e.id) : null
        frames.set(conn.locale, frame)
      }
      if (frame) send(conn, frame)
    }
  }

  return {
    /** Where the log stands as far as this instance has heard. */
    get cursor() {
      return cursor
    },

    /** The log stands at least at `id` (read at start): a catch-up reads from there. */
    advance(id: number): void {
      cursor = Math.max(cursor, id)
    },

    /** Open streams here. */
    get size() {
      let n = 0
      for (const set of bySession.values()) n += set.size
      return n
    },

    /** The sessions with streams here. */
    sessionIds(): number[] {
      return [...bySession.keys()]
    },

    /** Whether one more stream of the session may open here. */
    hasRoom(sessionId: number): boolean {
      return (bySession.get(sessionId)?.size ?? 0) < opts.perSession
    },

    /**
     * Registers a stream. Until `ready` is called its events are held, so nothing heard
     * while its missed events are read is lost or sent out of order.
     */
    open(conn: LiveConn): void {
      add(byMember, conn.memberId, conn)
      add(byBrand, conn.merchantCode, conn)
      add(bySession, conn.sessionId, conn)
      pending.set(conn, [])
    },

    /**
     * Sends the replayed events, then those held since `open` that the replay did not carry;
     * answers the id of the last event sent (or `from` when none).
     */
    ready(conn: LiveConn, replay: readonly StoredEvent[], from: number): number {
      const held = pending.get(conn) ?? []
      pending.delete(conn)
      let last = from
      const sent = new Set<number>()
      for (const e of [...replay, ...held]) {
        if (sent.has(e.id) || e.id <= from) continue
        sent.add(e.id)
        fanOut(e, [conn])
        last = Math.max(last, e.id)
      }
      return last
    },

    close(conn: LiveConn): void {
      pending.delete(conn)
      remove(byMember, conn.memberId, conn)
      remove(byBrand, conn.merchantCode, conn)
      remove(bySession, conn.sessionId, conn)
    },

    /** Hands one event from the log to its streams (once, however often it arrives). */
    deliver(e: StoredEvent): void {
      if (handled.has(e.id)) return
      handled.add(e.id)
      if (handled.size > keepHandled) {
        const oldest = handled.values().next().value
        if (oldest !== undefined) handled.delete(oldest)
      }
      cursor = Math.max(cursor, e.id)
      const conns = e.memberId === null ? byBrand.get(e.merchantCode) : byMember.get(e.memberId)
      if (!conns || conns.size === 0) return
      const targets =
        e.memberId === null ? conns : [...conns].filter((c) => c.merchantCode === e.merchantCode)
      fanOut(e, targets)
    },

    /** The session ended: its streams are told and closed. */
    endSession(sessionId: number): void {
      const conns = bySession.get(sessionId)
      if (!conns) return
      const frame = frameOf({ type: 'end' })
      for (const conn of [...conns]) {
        conn.write(frame)
        conn.end()
      }
    },

    /** A comment line to every stream: keeps proxies from closing an idle one, finds dead ones. */
    heartbeat(): void {
      for (const set of bySession.values()) for (const conn of [...set]) send(conn, ': ping\n\n')
    },

    /** Closes every stream (the server is stopping). */
    closeAll(): void {
      for (const set of [...bySession.values()]) for (const conn of [...set]) conn.end()
    },
  }
}

export type LiveHub = ReturnType<typeof createLiveHub>
