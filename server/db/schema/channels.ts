/** Messages to members (SMS and e-mail). */
import { codeChannels } from '#contract/identity'
import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

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
