/**
 * The authenticator app (decision 031): a member's TOTP secret, sealed at rest, the last
 * time step a code was accepted for (replays of a step are refused by one conditional
 * update), and the recovery codes, stored as keyed hashes and used once each.
 */
import { bigint, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { members } from './identity'

export const memberAuthenticators = pgTable('member_authenticators', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  /** The base32 secret, sealed with AES-256-GCM (server/identity/authenticator-seal.ts). */
  secretSealed: text('secret_sealed').notNull(),
  /** Null while set-up waits for its first code; the authenticator counts only once set. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The time step of the last accepted code: a code of this step or an earlier one is refused. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

export const authenticatorRecoveryCodes = pgTable(
  'authenticator_recovery_codes',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** HMAC-SHA-256 of the normalized code under the install's key, hex. */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('authenticator_recovery_codes_member_hash').on(t.memberId, t.codeHash)],
)
