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
 * - Delivery: settlement writes the notice in its own transaction; `claimUnpushed` hands
 *   each new notice to the job queue once (`pushed_at`), and one job per subscription sends
 *   it: urgency high, a TTL, a topic per notice so repeats collapse. 404/410 remove the
 *   subscription, 429/5xx throw so the job retries with backoff, other refusals are
 *   logged and dropped.
 */
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm'
import webpush, { WebPushError } from 'web-push'
import { parseLocale, defaultLocale } from '#contract/locales'
import type { PushPayload, PushSubscriptionInput } from '#contract/push'
import { fundNotices, installSecrets, members, merchants, pushSubscriptions } from '../db/schema'
import { AppError } from '../http/errors'
import { currencyOf } from '../money/common'
import type { Db } from '../plugins/external/db'
import { noticeText } from './notice-text'

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
  const made = webpush.generateVAPIDKeys()
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

export type SendOutcome = 'sent' | 'gone' | 'refused'

export class PushRetryLater extends Error {}

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

/** The page a notice opens: the member centre's record of what it is about. */
export function noticeUrl(kind: PushPayload['type']): string {
  return kind.startsWith('deposit')
    ? '/index?popup=memberCentre&centre=depositv2'
    : '/index?popup=memberCentre&centre=withdraw'
}

export function createPushService(opts: PushServiceOptions) {
  const { db } = opts
  const send = opts.send ?? webpush.sendNotification.bind(webpush)

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

  async function unreadOf(memberId: number): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(fundNotices)
      .where(and(eq(fundNotices.memberId, memberId), isNull(fundNotices.readAt)))
    return Number(r?.n ?? 0)
  }

  return {
    publicKey: opts.keys.publicKey,

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
      await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            merchantCode,
            memberId,
            p256dh: values.p256dh,
            auth: values.auth,
            language,
            lastSentAt: null,
          },
        })
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
     * Takes up to `limit` notices not yet handed to the queue and marks them handed, in one
     * statement (two instances never take one notice twice); returns each with the
     * subscriptions of its member.
     */
    async claimUnpushed(limit = 100): Promise<{ noticeId: number; subscriptionId: number }[]> {
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
        .returning({ id: fundNotices.id, memberId: fundNotices.memberId })
      if (rows.length === 0) return []
      const out: { noticeId: number; subscriptionId: number }[] = []
      for (const r of rows) {
        const subs = await db
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.memberId, r.memberId))
          .orderBy(asc(pushSubscriptions.id))
        for (const s of subs) out.push({ noticeId: r.id, subscriptionId: s.id })
      }
      return out
    },

    /** Sends one notice to one subscription (the push job's work). */
    async deliver(noticeId: number, subscriptionId: number): Promise<SendOutcome> {
      const [row] = await db
        .select({ notice: fundNotices, sub: pushSubscriptions, merchant: merchants })
        .from(fundNotices)
        .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, subscriptionId))
        .innerJoin(members, eq(members.id, fundNotices.memberId))
        .innerJoin(merchants, eq(merchants.code, members.merchantCode))
        .where(and(eq(fundNotices.id, noticeId), eq(pushSubscriptions.memberId, fundNotices.memberId)))
      // The subscription went (or changed hands) since: nothing to send.
      if (!row) return 'gone'
      const { notice, sub, merchant } = row
      const locale = parseLocale(sub.language) ?? defaultLocale
      const text = noticeText(notice.kind, locale, notice.amount, currencyOf(merchant), notice.reason)
      const payload: PushPayload = {
        type: notice.kind,
        ...text,
        url: noticeUrl(notice.kind),
        unreadCount: await unreadOf(notice.memberId),
        tag: `fund-${notice.id}`,
      }
      try {
        await send(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: {
              subject: opts.subject,
              publicKey: opts.keys.publicKey,
              privateKey: opts.keys.privateKey,
            },
            TTL: 24 * 60 * 60,
            urgency: 'high',
            topic: `fund${notice.id}`,
            timeout: 10_000,
          },
        )
      } catch (err) {
        const status = err instanceof WebPushError ? err.statusCode : undefined
        if (status === 404 || status === 410) {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id))
          return 'gone'
        }
        if (status === undefined || status === 429 || status >= 500) {
          // Network trouble, throttling or the push service's own failure: the job retries.
          throw new PushRetryLater(`push service answered ${status ?? 'no response'}`)
        }
        opts.log.warn({ status, subscriptionId }, 'push refused by the push service')
        return 'refused'
      }
      await db
        .update(pushSubscriptions)
        .set({ lastSentAt: opts.now() })
        .where(eq(pushSubscriptions.id, sub.id))
      return 'sent'
    },

    /** The member's subscriptions still taking pushes (operators and tests). */
    async subscriptionsOf(memberId: number) {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId))
    },
  }
}

export type PushService = ReturnType<typeof createPushService>
