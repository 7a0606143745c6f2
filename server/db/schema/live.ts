/** The live channel's event log (server/live). */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * What an open app hears of: a member's balance moved, a notice arrived, the inbox count
 * changed, lottery bets settled; or, with no member, every member of a brand (a new
 * announcement). Rows are written by triggers in the transaction that made the change
 * (migration 0045), so an event exists if and only if its change committed, whichever
 * process made it; each also goes out as a NOTIFY on `portal_live` at commit. Kept for
 * LIVE_KEEP_MINUTES so a reconnecting tab can be sent what it missed (Last-Event-ID).
 */
export const memberEvents = pgTable(
  'member_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    /** Null: every member of the brand. */
    memberId: integer('member_id'),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_events_member').on(t.memberId, t.id), index('member_events_created').on(t.createdAt)],
)
