/**
 * Web push of fund notices.
 *
 * - Keys: the VAPID pair is made at first start and kept in `install_secrets`, so every
 *   instance signs with the same one (two first starts race on the row; both read the
 *   winner's).
 * - Subscriptions: one row per push endpoint; the member's language at subscribe time is
 *   the language the pushes are written in. Only https endpoints are taken, and in
 *   production only those of the known push services (the server posts to whatever address
 *   is stored, so it must not be a way to reach the server's own network).
 * - Queuing: `record` writes the notice and, once the server's job queue is attached
 *   (`useQueue`), queues its `push.deliver` jobs in the same transaction and marks it pushed
 *   (`pushed_at`), so the push goes out the moment the settlement commits, or never if it
 *   rolls back. Without a queue (the operator CLI on its own), or if queuing fails (it runs in
 *   a savepoint, so the settlement still commits), `pushed_at` stays empty and the
 *   `push.sweep` job's `claimUnpushed` hands the notice over later: the safety net.
 * - Delivery: one job sends a notice to up to `subscriptionsPerJob` of the member's
 *   subscriptions, at most `sendConcurrency` pushes in flight per instance, over keep-alive
 *   connections, with the VAPID signature made once per push service every few hours (it
 *   costs more than the encryption): urgency high, a TTL, a topic per notice so repeats
 *   collapse. 404/410 remove the subscription; 429, 5xx or no answer leave it to be tried
 *   again with backoff; other refusals are logged and dropped.
 */
import { Agent } from 'node:https'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type webpush from 'web-push'
import { parseLocale, defaultLocale } from '#contract/locales'
import type { PushSubscriptionInput } from '#contract/push'
import type { PushPayload } from '#contract/push-payload'
import { fundNotices, installSecrets, members, merchants, pushSubscriptions } from '../db/schema'
import { AppError } from '../http/errors'
import { lazyModule } from '../lazy-module'
import { currencyOf } from '../money/common'
import type { Db, Tx } from '../plugins/external/db'
import { noticeText, raffleWinOf } from './notice-text'
import { insertNotice, insertNotices, type NoticeWriter } from './notices'

/** web-push loads with the first push or the first key pair, not at start. */
const webPushLib = lazyModule('web-push', async () => (await import('web-push')).default)

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

/** Push services browsers use; subdomains included. */
export const knownPushHosts = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
]

const vapidNames = { publicKey: 'vapid_public_key', privateKey: 'vapid_private_key' } as const

/** The install's VAPID keys, made on first use and kept in the database. */
export async function ensureVapidKeys(db: Db): Promise<VapidKeys> {
  const read = async () => {
    const rows = await db.select().from(installSecrets)
    const pub = rows.find((r) => r.name === vapidNames.publicKey)?.value
    const priv = rows.find((r) => r.name === vapidNames.privateKey)?.value
    return pub && priv ? { publicKey: pub, privateKey: priv } : undefined
  }
  const found = await read()
  if (found) return found
  const made = (await webPushLib()).generateVAPIDKeys()
  await db.transaction(async (tx) => {
    const [first] = await tx
      .insert(installSecrets)
      .values({ name: vapidNames.publicKey, value: made.publicKey })
      .onConflictDoNothing()
      .returning()
    // Another instance made the pair first: keep its private key too.
    if (first) await tx.insert(installSecrets).values({ name: vapidNames.privateKey, value: made.privateKey })
  })
  const kept = await read()
  if (!kept) throw new Error('VAPID keys could not be kept')
  return kept
}

/**
 * One job's work: a notice to its member's subscriptions, every one they have when it is
 * sent, or only those listed (the ones still to try after some of a send went out).
 */
export interface Delivery {
  noticeId: number
  subscriptionIds?: number[]
}

/** Queues deliveries inside the notice's transaction (the server's job queue). */
export type DeliveryQueue = (tx: Tx, deliveries: Delivery[]) => Promise<void>

/**
 * Subscriptions by what became of the push. `retry`: throttled (429), the push service's
 * failure (5xx) or no answer; to be tried again later. `gone`: removed (404/410) or no
 * longer the member's; `refused`: any other refusal, logged and dropped.
 */
export interface DeliveryOutcome {
  sent: number[]
  gone: number[]
  refused: number[]
  retry: number[]
}

export class PushRetryLater extends Error {}

/** Pushes an instance has in flight at once, across its delivery jobs. */
export const sendConcurrency = 16
/** A VAPID signature's life; it is made again when less than an hour is left. */
const vapidLifeSeconds = 12 * 60 * 60

/**
 * Gathers the keys asked for within one turn of the event loop into one `load` (the
 * deliveries a job batch runs side by side read their notices in one statement).
 */
function gathered<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let pending: { keys: K[]; result: Promise<Map<K, V>> } | undefined
  return async (key) => {
    if (!pending) {
      const keys: K[] = []
      const result = new Promise<Map<K, V>>((resolve, reject) => {
        setImmediate(() => {
          pending = undefined
          load(keys).then(resolve, reject)
        })
      })
      pending = { keys, result }
    }
    pending.keys.push(key)
    return (await pending.result).get(key)
  }
}

/** Runs at most `max` tasks at once; the rest wait their turn, in order. */
function limiter(max: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active++
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      // The slot passes straight to the next in line, or is given back.
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }
}

export interface PushServiceOptions {
  db: Db
  keys: VapidKeys
  /** The VAPID subject: the portal's address or a mailto:. */
  subject: string
  /** Development and tests: any https endpoint; otherwise those of the known push services only. */
  anyEndpoint: boolean
  now: () => Date
  log: { warn(obj: object, msg: string): void }
  /** How a push is posted (tests pass their own). */
  send?: typeof webpush.sendNotification
}

/** The agent centre's page of each contract kind (a contract notice's reason holds the kind). */
const contractPages: Record<string, string> = {
  dividend: 'agentDividendRecordCopy',
  dailySalary: 'agentDailyWages2',
  hourlySalary: 'agentHourSalary',
  realTimeSalary: 'agentRealTimeSalary',
}

/** The page a notice opens: the member centre's record of what it is about. */
export function noticeUrl(kind: PushPayload['type'], reason: string | null = null): string {
  if (kind === 'raffle_won') {
    const win = raffleWinOf(reason)
    return win ? `/promoDetail?id=${win.promotionId}` : '/promotions'
  }
  if (kind === 'vip_level_up' || kind === 'vip_birthday') return '/index?popup=memberCentre&centre=playerRank'
  if (kind.startsWith('redemption')) return '/pointMall?tab=history'
  if (kind === 'feedback_replied') return '/index?popup=memberCentre&centre=feedback'
  if (kind.startsWith('contract')) {
    const page = contractPages[reason ?? '']
    return page ? `/index?popup=agentCentre&agentPage=${page}` : '/index?popup=agentCentre'
  }
  if (kind.startsWith('promotion')) return '/index?popup=memberCentre&centre=rewardCenter'
  return kind.startsWith('deposit')
    ? '/index?popup=memberCentre&centre=depositv2'
    : '/index?popup=memberCentre&centre=withdraw'
}

export function createPushService(opts: PushServiceOptions) {
  const { db } = opts
  const send: typeof webpush.sendNotification =
    opts.send ?? (async (...args) => (await webPushLib()).sendNotification(...args))
  /** Connections to the push services are kept open between pushes. */
  const agent = new Agent({ keepAlive: true, maxSockets: sendConcurrency })
  const inFlight = limiter(sendConcurrency)
  const vapid = new Map<string, { authorization: string; renewAt: number }>()
  let queue: DeliveryQueue | undefined

  /** The VAPID Authorization header for a push service, signed once per `vapidLifeSeconds`. */
  function vapidFor(lib: typeof webpush, endpoint: string): string {
    const audience = new URL(endpoint).origin
    // The push service checks the expiry against real time, whatever clock the server runs on.
    const at = Date.now()
    const kept = vapid.get(audience)
    if (kept && kept.renewAt > at) return kept.authorization
    const expires = Math.floor(at / 1000) + vapidLifeSeconds
    const headers = lib.getVapidHeaders(
      audience,
      opts.subject,
      opts.keys.publicKey,
      opts.keys.privateKey,
      'aes128gcm',
      expires,
    )
    vapid.set(audience, { authorization: headers.Authorization, renewAt: (expires - 3600) * 1000 })
    return headers.Authorization
  }

  function endpointAllowed(endpoint: string): boolean {
    let url: URL
    try {
      url = new URL(endpoint)
    } catch {
      return false
    }
    // Push is always sent over https.
    if (url.protocol !== 'https:') return false
    if (opts.anyEndpoint) return true
    if (url.port !== '') return false
    const host = url.hostname.toLowerCase()
    return knownPushHosts.some((h) => host === h || host.endsWith(`.${h}`))
  }

  type NoticeRow = typeof fundNotices.$inferSelect & {
    currency: ReturnType<typeof currencyOf>
    unreadCount: number
    subscriptions: (typeof pushSubscriptions.$inferSelect)[]
  }

  /** Notices with their member's unread count and subscriptions, two statements per batch. */
  const noticeOf = gathered(async (ids: number[]): Promise<Map<number, NoticeRow>> => {
    const rows = await db
      .select({
        notice: fundNotices,
        merchant: merchants,
        unread: sql<number>`(select count(*) from ${fundNotices} u
          where u.member_id = ${fundNotices.memberId} and u.read_at is null)`.mapWith(Number),
      })
      .from(fundNotices)
      .innerJoin(members, eq(members.id, fundNotices.memberId))
      .innerJoin(merchants, eq(merchants.code, members.merchantCode))
      .where(inArray(fundNotices.id, [...new Set(ids)]))
    const out = new Map<number, NoticeRow>()
    if (rows.length === 0) return out
    const subs = await db
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.memberId, [...new Set(rows.map((r) => r.notice.memberId))]))
      .orderBy(asc(pushSubscriptions.id))
    for (const r of rows) {
      out.set(r.notice.id, {
        ...r.notice,
        currency: currencyOf(r.merchant),
        unreadCount: r.unread,
        subscriptions: subs.filter((x) => x.memberId === r.notice.memberId),
      })
    }
    return out
  })

  /** When pushes went out, one statement per batch. */
  const markSent = gathered(async (ids: number[]): Promise<Map<number, true>> => {
    await db
      .update(pushSubscriptions)
      .set({ lastSentAt: opts.now() })
      .where(inArray(pushSubscriptions.id, ids))
    return new Map()
  })

  /** One push; what the push service said. */
  async function sendOne(
    sub: typeof pushSubscriptions.$inferSelect,
    payload: PushPayload,
    noticeId: number,
  ): Promise<keyof DeliveryOutcome> {
    const lib = await webPushLib()
    try {
      await inFlight(() =>
        send(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify(payload),
          {
            headers: { Authorization: vapidFor(lib, sub.endpoint) },
            TTL: 24 * 60 * 60,
            urgency: 'high',
            topic: `fund${noticeId}`,
            timeout: 10_000,
            agent,
          },
        ),
      )
      return 'sent'
    } catch (err) {
      const status = err instanceof lib.WebPushError ? err.statusCode : undefined
      if (status === 404 || status === 410) return 'gone'
      // Network trouble, throttling or the push service's own failure: tried again later.
      if (status === undefined || status === 429 || status >= 500) return 'retry'
      opts.log.warn({ status, subscriptionId: sub.id }, 'push refused by the push service')
      return 'refused'
    }
  }

  const writer: NoticeWriter = {
    async record(tx, notice) {
      if (!queue) {
        await insertNotice(tx, notice)
        return
      }
      // Marked handed over from the start; put back for the sweep if the queue fails.
      const id = await insertNotice(tx, notice, notice.at)
      const enqueue = queue
      try {
        // A savepoint: a queue that cannot take the job never undoes the settlement.
        await tx.transaction((sp) => enqueue(sp, [{ noticeId: id }]))
      } catch (err) {
        await tx.update(fundNotices).set({ pushedAt: null }).where(eq(fundNotices.id, id))
        opts.log.warn(
          { noticeId: id, error: err instanceof Error ? err.message : String(err) },
          'push not queued; the sweep sends it',
        )
      }
    },
    async recordMany(tx, notices) {
      if (!queue) {
        await insertNotices(tx, notices)
        return
      }
      const ids = await insertNotices(tx, notices, true)
      if (ids.length === 0) return
      const enqueue = queue
      try {
        await tx.transaction((sp) =>
          enqueue(
            sp,
            ids.map((noticeId) => ({ noticeId })),
          ),
        )
      } catch (err) {
        await tx.update(fundNotices).set({ pushedAt: null }).where(inArray(fundNotices.id, ids))
        opts.log.warn(
          { noticeIds: ids, error: err instanceof Error ? err.message : String(err) },
          'pushes not queued; the sweep sends them',
        )
      }
    },
  }

  return {
    publicKey: opts.keys.publicKey,
    /** The keep-alive connections pushes go over (tests trust their local push service on it). */
    agent,

    /** Writes a fund notice and queues its push in the caller's transaction. */
    record: writer.record,
    /** Writes several fund notices and queues their pushes in the caller's transaction. */
    recordMany: writer.recordMany,

    /** The server's job queue, once it runs (undefined again when it stops). */
    useQueue(next: DeliveryQueue | undefined) {
      queue = next
    },

    async subscribe(merchantCode: string, memberId: number, language: string, sub: PushSubscriptionInput) {
      if (!endpointAllowed(sub.endpoint)) {
        throw new AppError('push_endpoint_refused', 'this push service address is not accepted')
      }
      const values = {
        merchantCode,
        memberId,
        endpoint: sub.endpoint,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
        language,
        createdAt: opts.now(),
      }
      // An endpoint belongs to the member who registered it until they remove it or the push
      // service says it is gone: the same member's post renews its keys and language, another
      // member's post changes nothing (the browser then makes a new subscription of its own).
      const kept = await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { p256dh: values.p256dh, auth: values.auth, language, lastSentAt: null },
          setWhere: and(
            eq(pushSubscriptions.memberId, memberId),
            eq(pushSubscriptions.merchantCode, merchantCode),
          ),
        })
        .returning({ id: pushSubscriptions.id })
      if (kept.length === 0) {
        throw new AppError('push_endpoint_taken', 'this push subscription is registered to another account')
      }
    },

    /** Removes the caller's own subscription at this endpoint; false when they have none there. */
    async unsubscribe(memberId: number, endpoint: string): Promise<boolean> {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.memberId, memberId)))
        .returning({ id: pushSubscriptions.id })
      return gone.length > 0
    },

    /**
     * The safety net: takes up to `limit` notices not yet handed to the queue and marks them
     * handed, in one statement (two instances never take one notice twice); returns their
     * deliveries.
     */
    async claimUnpushed(limit = 100): Promise<Delivery[]> {
      const at = opts.now()
      const next = db
        .select({ id: fundNotices.id })
        .from(fundNotices)
        .where(isNull(fundNotices.pushedAt))
        .orderBy(asc(fundNotices.id))
        .limit(limit)
        .for('update', { skipLocked: true })
      const rows = await db
        .update(fundNotices)
        .set({ pushedAt: at })
        .where(inArray(fundNotices.id, next))
        .returning({ id: fundNotices.id })
      return rows.sort((a, b) => a.id - b.id).map((r) => ({ noticeId: r.id }))
    },

    /**
     * Sends one notice to its member's subscriptions, all of them or those listed (the push
     * job's work).
     */
    async deliver(noticeId: number, subscriptionIds?: number[]): Promise<DeliveryOutcome> {
      const outcome: DeliveryOutcome = { sent: [], gone: [], refused: [], retry: [] }
      const notice = await noticeOf(noticeId)
      // The member deleted the notice since: nothing to send.
      if (!notice) return { ...outcome, gone: [...(subscriptionIds ?? [])] }
      const wanted = subscriptionIds ? new Set(subscriptionIds) : undefined
      const subs = wanted ? notice.subscriptions.filter((x) => wanted.has(x.id)) : notice.subscriptions
      // A listed subscription that went (or changed hands) since: nothing to send there.
      const found = new Set(subs.map((x) => x.id))
      outcome.gone.push(...(subscriptionIds ?? []).filter((id) => !found.has(id)))
      const payloads = new Map<string, PushPayload>()
      const payloadIn = (language: string): PushPayload => {
        const locale = parseLocale(language) ?? defaultLocale
        let p = payloads.get(locale)
        if (!p) {
          const text = noticeText(notice.kind, locale, notice.amount, notice.currency, notice.reason)
          p = {
            type: notice.kind,
            ...text,
            url: noticeUrl(notice.kind, notice.reason),
            unreadCount: notice.unreadCount,
            tag: `fund-${notice.id}`,
          }
          payloads.set(locale, p)
        }
        return p
      }
      const results = await Promise.all(subs.map((sub) => sendOne(sub, payloadIn(sub.language), notice.id)))
      subs.forEach((sub, i) => outcome[results[i] ?? 'retry'].push(sub.id))
      if (outcome.gone.length > 0) {
        await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, outcome.gone))
      }
      await Promise.all(outcome.sent.map((id) => markSent(id)))
      return outcome
    },

    /** The member's subscriptions still taking pushes (operators and tests). */
    async subscriptionsOf(memberId: number) {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId))
    },

    /** Closes the kept connections (the server stopping). */
    close() {
      agent.destroy()
    },
  }
}

export type PushService = ReturnType<typeof createPushService>
