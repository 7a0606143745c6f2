/**
 * Web push: the server's VAPID public key and a member's push subscriptions. The payload
 * every push carries is in push-payload.ts.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { text } from './text'

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
    errors: ['push_endpoint_refused', 'push_endpoint_taken'],
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
