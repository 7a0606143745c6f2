/**
 * Web push: the server's VAPID public key, a member's push subscriptions, and the payload
 * every push carries (the service worker checks it against PushPayloadSchema before
 * showing anything).
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { text } from './text'
import { fundNoticeKinds } from './wallet'

/** base64url without padding. */
const b64url = (min: number, max: number) =>
  text(max).check(z.minLength(min), z.regex(/^[A-Za-z0-9_-]+$/, 'base64url'))

/** A browser's PushSubscription, as `subscription.toJSON()` gives it. */
export const PushSubscriptionSchema = z.object({
  endpoint: text(1000).check(z.regex(/^https?:\/\/[^\s]+$/, 'a push service address')),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes uncompressed, 87 base64url characters. */
    p256dh: b64url(80, 100),
    /** The 16-byte auth secret: 22 base64url characters. */
    auth: b64url(16, 32),
  }),
})
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>

/** What a push notice is about: the fund notices (contract notices join them later). */
export const pushNoticeTypes = fundNoticeKinds
export type PushNoticeType = (typeof pushNoticeTypes)[number]

/** The push message body (JSON), in the member's language. */
export const PushPayloadSchema = z.object({
  type: z.enum(pushNoticeTypes),
  title: z.string().check(z.maxLength(200)),
  body: z.string().check(z.maxLength(1000)),
  /** The page a click opens (an app path). */
  url: z.string().check(z.regex(/^\/[^\s]*$/)),
  unreadCount: z.int().check(z.nonnegative()),
  /** Notifications with one tag replace each other. */
  tag: z.string().check(z.maxLength(64)),
})
export type PushPayload = z.infer<typeof PushPayloadSchema>

export const pushEndpoints = {
  publicKey: defineEndpoint({
    name: 'push.publicKey',
    method: 'GET',
    path: '/wps/push/publicKey',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    response: z.object({ publicKey: z.string() }),
    errors: [],
  }),
  subscribe: defineEndpoint({
    name: 'push.subscribe',
    method: 'POST',
    path: '/wps/push/subscription',
    auth: 'member',
    encrypted: false,
    body: PushSubscriptionSchema,
    response: z.object({ subscribed: z.literal(true) }),
    errors: ['push_endpoint_refused'],
  }),
  unsubscribe: defineEndpoint({
    name: 'push.unsubscribe',
    method: 'DELETE',
    path: '/wps/push/subscription',
    auth: 'member',
    encrypted: false,
    body: z.object({ endpoint: text(1000) }),
    response: z.object({ removed: z.boolean() }),
    errors: [],
  }),
} as const
