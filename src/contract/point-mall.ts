/**
 * The point mall (decision 030, section 3): the brand's catalogue of rewards, redeeming one
 * behind the payment password, converting points to money, and the member's redemption
 * history with the spec's fields (section 3: transaction number, apply time, type, item name,
 * quantity, points required, amount required, status, remark, receiving address, phone).
 * Every call carries the points system's switch (PTSYS3).
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { AmountInputSchema, MoneySchema } from './money'
import { PageQueryShape, RowIdSchema, TimeRangeShape, intFromQuery, pageOf } from './paging'
import { PointConversionTypeSchema, PointsSchema } from './points-values'
import { text, textBlock } from './text'

/** A reward's kind: an item sent to the member, cash credited, or a bonus with turnover. */
export const pointRewardKinds = ['physical', 'cash', 'bonus'] as const
export const PointRewardKindSchema = z.enum(pointRewardKinds)
export type PointRewardKind = z.infer<typeof PointRewardKindSchema>

/** What a redemption was: one of the reward kinds, or points converted to money. */
export const redemptionTypes = [...pointRewardKinds, 'conversion'] as const
export const RedemptionTypeSchema = z.enum(redemptionTypes)
export type RedemptionType = z.infer<typeof RedemptionTypeSchema>

/** The spec's redemption statuses (section 4): a physical item waits for the operator. */
export const redemptionStatuses = ['inProcess', 'approved', 'rejected'] as const
export const RedemptionStatusSchema = z.enum(redemptionStatuses)
export type RedemptionStatus = z.infer<typeof RedemptionStatusSchema>

/** The most units of one reward in one redemption. */
export const maxRedeemQuantity = 99
/** The longest receiving address, and the operator's remark (the spec's remark rule). */
export const maxAddressLength = 200
export const maxRedemptionRemark = 140

/** The spec's transaction number of a redemption: PR and its id in 8 digits. */
export function redemptionNumber(id: number): string {
  return `PR${String(id).padStart(8, '0')}`
}

export const PointRewardSchema = z.object({
  id: z.int(),
  kind: PointRewardKindSchema,
  name: z.string(),
  description: z.string(),
  imageUrl: z.nullable(z.string()),
  /** Points for one unit. */
  points: PointsSchema,
  /** Money paid from the main wallet with the points, for one unit; null when none. */
  amountRequired: z.nullable(MoneySchema),
  /** Money credited for one unit (cash and bonus); null for an item. */
  value: z.nullable(MoneySchema),
  /** A bonus's turnover multiple ("5" = 5×); "0" when none. */
  turnoverMultiple: z.string(),
  /** Units left to redeem; null when the stock is not limited. */
  stockLeft: z.nullable(z.int()),
  /** Units one member may redeem in all; null when not limited. */
  memberLimit: z.nullable(z.int()),
  /** Units this member may still redeem; null when not limited. */
  memberLeft: z.nullable(z.int()),
  /** Epoch ms the reward leaves the mall; null when it stays. */
  endsAt: z.nullable(z.number()),
})
export type PointReward = z.infer<typeof PointRewardSchema>

export const RedemptionSchema = z.object({
  id: z.int(),
  /** The spec's transaction number (PR00000012). */
  transactionNo: z.string(),
  /** Apply time, epoch ms. */
  time: z.number(),
  type: RedemptionTypeSchema,
  /** The item's name at the time (a conversion: its type's name is the app's). */
  itemName: z.string(),
  quantity: z.int(),
  /** Points paid. */
  points: PointsSchema,
  /** Money paid from the main wallet; null when none. */
  amount: z.nullable(MoneySchema),
  /** Money credited (cash, bonus, conversion); null for an item. */
  value: z.nullable(MoneySchema),
  status: RedemptionStatusSchema,
  /** The operator's remark (a rejection's reason). */
  remark: z.nullable(z.string()),
  address: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  /** Epoch ms the operator approved or rejected it; for cash, bonus and conversion the apply time. */
  decidedAt: z.nullable(z.number()),
})
export type Redemption = z.infer<typeof RedemptionSchema>

/** What a redeem or a convert answers: the redemption, and the balances after it. */
const RedeemedSchema = z.object({
  redemption: RedemptionSchema,
  points: PointsSchema,
  /** The main wallet's balance after (money paid and credited). */
  balance: MoneySchema,
})

const mallErrors = [
  'in_need_true_account',
  'idempotency_key_required',
  'idempotency_key_reused',
  'payment_password_not_set',
  'payment_password_wrong',
  'payment_password_locked',
  'points_insufficient',
  'insufficient_balance',
] as const

export const pointMallEndpoints = {
  rewards: defineEndpoint({
    name: 'points.rewards',
    method: 'GET',
    path: '/wps/relay/MCS2_getPointReward',
    auth: 'member',
    encrypted: false,
    modId: 'PTSYS3',
    query: z.object({ kind: z.optional(PointRewardKindSchema) }),
    response: z.object({ list: z.array(PointRewardSchema) }),
    errors: ['in_need_true_account'],
  }),
  redeem: defineEndpoint({
    name: 'points.redeem',
    method: 'POST',
    path: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
    auth: 'member',
    encrypted: true,
    idempotent: true,
    secrets: ['paymentPassword'],
    modId: 'PTSYS3',
    body: z.object({
      rewardId: RowIdSchema,
      quantity: z._default(z.int().check(z.gte(1), z.lte(maxRedeemQuantity)), 1),
      paymentPassword: text(128),
      /** A physical item's receiving address and phone (spec section 5's phone rule). */
      address: z.optional(textBlock(maxAddressLength)),
      phone: z.optional(text(20)),
      countryDialingCode: z.optional(text(6)),
    }),
    response: RedeemedSchema,
    errors: [
      ...mallErrors,
      'point_reward_not_found',
      'point_reward_out_of_stock',
      'point_reward_limit_reached',
      'validation_failed',
    ],
  }),
  convert: defineEndpoint({
    name: 'points.convert',
    method: 'POST',
    path: '/wps/relay/passwordCheck/MCS2_convertPoint',
    auth: 'member',
    encrypted: true,
    idempotent: true,
    secrets: ['paymentPassword'],
    modId: 'PTSYS3',
    body: z.object({
      type: PointConversionTypeSchema,
      /** Whole points, at least the type's minimum, in its steps. */
      points: AmountInputSchema,
      paymentPassword: text(128),
    }),
    response: RedeemedSchema,
    errors: [...mallErrors, 'point_amount_invalid', 'point_conversion_unavailable'],
  }),
  redemptions: defineEndpoint({
    name: 'points.redemptions',
    method: 'GET',
    path: '/wps/relay/MCS2_getRedeemPointList',
    auth: 'member',
    encrypted: false,
    modId: 'PTSYS3',
    query: z.object({
      ...PageQueryShape,
      ...TimeRangeShape,
      status: z.optional(RedemptionStatusSchema),
      /** Only this redemption (a notice's link). */
      id: z.optional(intFromQuery(1, 2_147_483_647, 10)),
    }),
    response: pageOf(RedemptionSchema),
    errors: ['in_need_true_account'],
  }),
} as const
