/**
 * Promotions (server/promotions): the brand's promotions and each member's claims of them.
 * A member's state for a promotion is derived from these rows and the clock, never stored
 * (src/contract/promotions.ts); the limit of one reward per member and period is the claims'
 * unique key.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { claimModes, claimStatuses, promotionCategories, promotionFrequencies } from '#contract/promotions'
import { members } from './identity'
import { deposits } from './money'
import { merchants } from './system'

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    /** The operator template it was made from (server/promotions/templates.ts). */
    template: text('template').notNull(),
    category: text('category', { enum: promotionCategories }).notNull(),
    claimMode: text('claim_mode', { enum: claimModes }).notNull(),
    frequency: text('frequency', { enum: promotionFrequencies }).notNull(),
    /** RewardRuleSchema, parsed on every read. */
    rule: jsonb('rule').$type<unknown>().notNull(),
    /** EligibilitySchema. */
    eligibility: jsonb('eligibility').$type<unknown>().notNull(),
    /** TurnoverSchema. */
    turnover: jsonb('turnover').$type<unknown>().notNull(),
    /** The promo code, in capitals, for claim mode promoCode. */
    code: text('code'),
    /** How many members in all may use the code; null is no limit. */
    codeUses: integer('code_uses'),
    /** Title and content (HTML, sanitized when served) per language: { en: "...", km: "..." }. */
    titles: jsonb('titles').$type<unknown>().notNull(),
    contents: jsonb('contents').$type<unknown>().notNull(),
    imageUrl: text('image_url'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Smaller first on the page. */
    sort: integer('sort').notNull().default(100),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** operator:<name> or seed. */
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('promotions_merchant').on(t.merchantCode, t.sort, t.id),
    uniqueIndex('promotions_code')
      .on(t.merchantCode, t.code)
      .where(sql`code IS NOT NULL`),
  ],
)

export const promotionClaims = pgTable(
  'promotion_claims',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    merchantCode: text('merchant_code').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The brand's day, week or month (its first day, YYYY-MM-DD) it is for; '' for once. */
    period: text('period').notNull(),
    status: text('status', { enum: claimStatuses }).notNull(),
    /** The reward issued or credited, in minor units; null while there is none. */
    amount: bigint('amount', { mode: 'bigint' }),
    /** What the rule was applied to: the deposit, the loss, the valid bets (minor units). */
    base: bigint('base', { mode: 'bigint' }),
    /** The deposit it came with (deposit bonuses). */
    depositId: integer('deposit_id').references(() => deposits.id),
    remark: text('remark'),
    /** Upload ids of the apply form's images. */
    images: jsonb('images').$type<number[]>(),
    /** The operator's reason for a rejection. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** operator:<name> or system. */
    decidedBy: text('decided_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The ledger transaction that credited it. */
    transactionId: bigint('transaction_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('promotion_claims_once').on(t.promotionId, t.memberId, t.period),
    index('promotion_claims_member').on(t.memberId, t.createdAt),
    index('promotion_claims_waiting')
      .on(t.merchantCode, t.status, t.promotionId)
      .where(sql`status IN ('applying', 'issued')`),
  ],
)

/**
 * A deposit bonus the member chose on the deposit page, credited with the deposit when the
 * deposit is (server/promotions/deposit-bonus.ts). One per deposit.
 */
export const depositPromotions = pgTable('deposit_promotions', {
  depositId: integer('deposit_id')
    .primaryKey()
    .references(() => deposits.id),
  promotionId: integer('promotion_id')
    .notNull()
    .references(() => promotions.id),
})
