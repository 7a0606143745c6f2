/**
 * The point mall (decision 030, section 3): the brand's rewards, and every redemption as a
 * fact. Stock and the per-member limit are counted from the redemptions not rejected, under
 * the reward's row lock, never kept in a counter. Points are centipoints, money minor units.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { pointRewardKinds, redemptionStatuses, redemptionTypes } from '#contract/point-mall'
import { members } from './identity'
import { promotionClaims, promotions } from './promotions'
import { merchants } from './system'

const amount = (name: string) =>
  bigint(name, { mode: 'bigint' })
    .notNull()
    .default(sql`0`)

export const pointRewards = pgTable(
  'point_rewards',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    kind: text('kind', { enum: pointRewardKinds }).notNull(),
    /** Name and description per language: { en: "Power bank", km: "..." }. */
    names: jsonb('names').$type<unknown>().notNull(),
    descriptions: jsonb('descriptions').$type<unknown>().notNull(),
    imageUrl: text('image_url'),
    /** Centipoints for one unit. */
    points: bigint('points', { mode: 'bigint' }).notNull(),
    /** Money paid from the main wallet with the points, per unit (0 = none). */
    amountRequired: amount('amount_required'),
    /** Money credited per unit (cash and bonus; 0 for an item). */
    value: amount('value'),
    /** TurnoverSchema (a bonus's requirement; cash carries none). */
    turnover: jsonb('turnover').$type<unknown>().notNull(),
    /** Units ever offered; null = not limited. A restock raises it. */
    stock: integer('stock'),
    /** Units one member may redeem in all; null = not limited. */
    memberLimit: integer('member_limit'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(100),
    /** The unlisted backing promotion (template pointMall) that pays a cash or bonus reward. */
    promotionId: integer('promotion_id').references(() => promotions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('point_rewards_merchant').on(t.merchantCode, t.sort, t.id),
    uniqueIndex('point_rewards_promotion').on(t.promotionId),
    check('point_rewards_points', sql`${t.points} > 0`),
    check('point_rewards_amounts', sql`${t.amountRequired} >= 0 and ${t.value} >= 0`),
    check(
      'point_rewards_value',
      sql`(${t.kind} = 'physical') = (${t.value} = 0) and (${t.kind} = 'physical') = (${t.promotionId} is null)`,
    ),
    check('point_rewards_stock', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('point_rewards_limit', sql`${t.memberLimit} is null or ${t.memberLimit} >= 1`),
  ],
)

export const pointRedemptions = pgTable(
  'point_redemptions',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    type: text('type', { enum: redemptionTypes }).notNull(),
    /** Null for a conversion. */
    rewardId: integer('reward_id').references(() => pointRewards.id),
    /** The item's names at the time (a later edit of the reward does not rewrite history). */
    names: jsonb('names').$type<unknown>().notNull(),
    quantity: integer('quantity').notNull(),
    /** Centipoints paid. */
    points: bigint('points', { mode: 'bigint' }).notNull(),
    /** Money paid from the main wallet. */
    amount: amount('amount'),
    /** Money credited (cash, bonus, conversion). */
    value: amount('value'),
    status: text('status', { enum: redemptionStatuses }).notNull(),
    remark: text('remark'),
    address: text('address'),
    /** E.164 (+85512345678). */
    phone: text('phone'),
    pointTransactionId: bigint('point_transaction_id', { mode: 'number' }),
    promotionClaimId: integer('promotion_claim_id').references(() => promotionClaims.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (t) => [
    index('point_redemptions_reward').on(t.rewardId, t.status),
    index('point_redemptions_member').on(t.memberId, t.createdAt),
    index('point_redemptions_open').on(t.merchantCode, t.status, t.createdAt),
    check('point_redemptions_quantity', sql`${t.quantity} >= 1`),
    check('point_redemptions_points', sql`${t.points} > 0`),
    check('point_redemptions_reward', sql`(${t.type} = 'conversion') = (${t.rewardId} is null)`),
  ],
)
