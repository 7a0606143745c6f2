/**
 * The member's profile beyond the account row (spec section 3): the address, origin and
 * work fields, which fields an operator reopened for one correction, and when the profile
 * was first complete (the newbie task "complete your profile" reads it). Nickname, real name
 * (payee name), birthday, e-mail and mobile stay on the member row; Telegram, Zalo and LINE
 * in its contacts. The brand's rule per profile field (the registration rule's shape plus
 * `locked`) is a row here; a field without a row follows the default rule.
 */
import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { members } from './identity'
import { merchants } from './system'

export const memberProfiles = pgTable('member_profiles', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  permanentAddress: text('permanent_address'),
  currentAddress: text('current_address'),
  placeOfBirth: text('place_of_birth'),
  nationality: text('nationality'),
  occupation: text('occupation'),
  sourceOfIncome: text('source_of_income'),
  /** Locked fields an operator reopened: the member may set each once more. */
  reopened: text('reopened').array().notNull().default([]),
  /** When every enabled field first had a value; never cleared after. */
  completedAt: timestamp('completed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})

export const profileFieldRules = pgTable(
  'profile_field_rules',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    field: text('field').notNull(),
    enabled: boolean('enabled').notNull(),
    required: boolean('required').notNull(),
    minLength: integer('min_length').notNull(),
    maxLength: integer('max_length').notNull(),
    acceptedPattern: text('accepted_pattern').notNull(),
    patternId: text('pattern_id').notNull(),
    locked: boolean('locked').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.field] })],
)
