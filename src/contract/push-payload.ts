/**
 * The payload every web push carries: the service worker checks it against
 * PushPayloadSchema before showing anything, and hands it to the page. Apart from the push
 * rows (push.ts), so the page's service-worker messages carry no more schemas than this.
 */
import { z } from 'zod/mini'
import { fundNoticeKinds } from './wallet-values'

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
