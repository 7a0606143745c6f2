/**
 * The member's inbox: the notices the platform sent them (fund notices today; contract
 * notices join later), each written in the caller's language, with the unread count the
 * header badge and the app badge show.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { PageQueryShape, RowIdSchema, pageOf } from './paging'
import { pushNoticeTypes } from './push-payload'

export const InboxMessageSchema = z.object({
  id: z.int(),
  type: z.enum(pushNoticeTypes),
  title: z.string(),
  body: z.string(),
  /** Epoch ms. */
  time: z.number(),
  read: z.boolean(),
  /** The page the message is about (an app path). */
  url: z.string(),
})
export type InboxMessage = z.infer<typeof InboxMessageSchema>

const UnreadSchema = z.object({ unread: z.int().check(z.nonnegative()) })

/** Message ids of the caller's own inbox (others' ids are ignored). */
const Ids = z.array(RowIdSchema).check(z.minLength(1), z.maxLength(100))

export const inboxEndpoints = {
  list: defineEndpoint({
    name: 'inbox.list',
    method: 'GET',
    path: '/wps/relay/CSP_getInbox',
    auth: 'member',
    encrypted: false,
    modId: 'INBOX3',
    query: z.object({ ...PageQueryShape }),
    response: z.object({ ...pageOf(InboxMessageSchema).shape, unread: z.int() }),
    errors: ['feature_disabled'],
  }),
  unreadCount: defineEndpoint({
    name: 'inbox.unreadCount',
    method: 'GET',
    path: '/wps/relay/CSP_unreadCount',
    auth: 'member',
    encrypted: false,
    modId: 'INBOX3',
    response: UnreadSchema,
    errors: ['feature_disabled'],
  }),
  read: defineEndpoint({
    name: 'inbox.read',
    method: 'POST',
    path: '/wps/relay/CSP_readInbox',
    auth: 'member',
    encrypted: false,
    modId: 'INBOX3',
    /** These messages, or every message when ids is absent. */
    body: z.object({ ids: z.optional(Ids) }),
    response: UnreadSchema,
    errors: ['feature_disabled'],
  }),
  remove: defineEndpoint({
    name: 'inbox.remove',
    method: 'DELETE',
    path: '/wps/relay/CSP_deleteInbox',
    auth: 'member',
    encrypted: false,
    modId: 'INBOX3',
    body: z.object({ ids: Ids }),
    response: UnreadSchema,
    errors: ['feature_disabled'],
  }),
} as const
