/**
 * The turnover requirement (decision 026). Each credited bonus writes a row with the
 * member's total valid bets of settled bets at that moment (the sum of its
 * member_daily_stats, which the bets' triggers keep and take back on a cancellation); how
 * much of each requirement is done is computed when read (server/promotions/
 * turnover-progress.ts), never stored.
 */
import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { turnoverClosedReasons } from '#contract/turnover'
import { members } from './identity'

export const turnoverRequirements = pgTable(
  'turnover_requirements',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** Valid bets asked for, in minor units: the bonus (or deposit plus bonus) times the multiple. */
    required: bigint('required', { mode: 'bigint' }).notNull(),
    bonus: bigint('bonus', { mode: 'bigint' }).notNull(),
    /** The member's total valid bets when the bonus was credited: bets before it never count. */
    turnoverAtStart: bigint('turnover_at_start', { mode: 'bigint' }).notNull(),
    /** What gave the bonus: `operator`, `promotion:<id>`. */
    source: text('source').notNull(),
    /** The bonus's own reference (its ledger transaction, the claim). */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedReason: text('closed_reason', { enum: turnoverClosedReasons }),
    /** operator:<name>, or member:<id> for a forfeit. */
    closedBy: text('closed_by'),
  },
  (t) => [
    index('turnover_requirements_open')
      .on(t.memberId)
      .where(sql`${t.closedAt} is null`),
    check('turnover_requirements_amounts', sql`${t.required} > 0 and ${t.bonus} >= 0`),
    check(
      'turnover_requirements_closed',
      sql`(${t.closedAt} is null) = (${t.closedReason} is null) and (${t.closedAt} is null) = (${t.closedBy} is null)`,
    ),
  ],
)
