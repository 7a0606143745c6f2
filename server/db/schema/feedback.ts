/**
 * Feedback (issue 37): what a member sent, the operator's reply, and the images, kept as the
 * server re-encoded them (never the uploaded bytes). The brand's limits are a row of their
 * own; a brand without one uses the contract's defaults.
 */
import { sql } from 'drizzle-orm'
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { feedbackStatuses, feedbackTypes } from '#contract/feedback'
import { imageTypes } from '#contract/funds'
import { members } from './identity'
import { merchants } from './system'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
})

/** The brand's word limits and daily allowance (`feedback limits`). */
export const feedbackSettings = pgTable(
  'feedback_settings',
  {
    merchantCode: text('merchant_code')
      .primaryKey()
      .references(() => merchants.code),
    minWords: integer('min_words').notNull(),
    maxWords: integer('max_words').notNull(),
    perDay: integer('per_day').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('feedback_settings_words', sql`${t.minWords} >= 1 and ${t.maxWords} >= ${t.minWords}`),
    check('feedback_settings_per_day', sql`${t.perDay} >= 1`),
  ],
)

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    type: text('type', { enum: feedbackTypes }).notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: feedbackStatuses }).notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: text('replied_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('feedback_member').on(t.memberId, t.createdAt),
    index('feedback_open').on(t.merchantCode, t.status, t.createdAt),
    check('feedback_reply', sql`(${t.reply} is null) = (${t.repliedAt} is null)`),
  ],
)

export const feedbackImages = pgTable(
  'feedback_images',
  {
    id: serial('id').primaryKey(),
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedback.id),
    /** The owner, kept on the image so a read checks it in one statement. */
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The order the member gave them in (0, 1, 2). */
    position: smallint('position').notNull(),
    contentType: text('content_type', { enum: imageTypes }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('feedback_images_feedback').on(t.feedbackId, t.position)],
)
