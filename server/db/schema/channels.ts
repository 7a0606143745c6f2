/** Messages to members (SMS and e-mail). */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { codeChannels } from '#contract/identity'
import { members } from './identity'

/**
 * Messages to members (SMS and e-mail). The default channel delivers into this table,
 * which the developer page shows when DEV_TOOLS is on; real providers are configuration.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    channel: text('channel', { enum: codeChannels }).notNull(),
    destination: text('destination').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('outbox_destination').on(t.destination)],
)

/**
 * Where a member's browsers take web push: one row per push service endpoint (the
 * endpoint is the browser's; a second member subscribing it takes it over). The language
 * is the one the member used when subscribing: pushes are written in it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_member').on(t.memberId),
  ],
)
