/**
 * The member's records: every ledger movement on their wallets (account record), their
 * bets (betting record), profit and loss per product, and bonuses received.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { GameTypeSchema } from './games'
import { MoneySchema } from './money'
import { PageQueryShape, TimeRangeShape, pageOf } from './paging'
import { PointMovementTypeSchema } from './points-values'

/** What a movement on a member's wallet was. */
export const movementTypes = [
  'DEPOSIT',
  'WITHDRAWAL',
  'WITHDRAWAL_RETURN',
  'WALLET_TRANSFER',
  'UPLINE_TRANSFER',
  'DOWNLINE_TRANSFER',
  'ADJUSTMENT',
  'BONUS',
  'BET',
  'PAYOUT',
  'TRIAL_CREDIT',
  /** An agent contract's payment (server/contracts): a daily, hourly or real-time salary. */
  'SALARY',
  /** An agent contract's payment: a dividend. */
  'DIVIDEND',
  /** Money paid with points for a point-mall reward, or returned when the operator rejects it. */
  'POINT_MALL',
] as const
export const MovementTypeSchema = z.enum(movementTypes)
export type MovementType = z.infer<typeof MovementTypeSchema>

/** Which book a movement is of: the wallets' money, or loyalty points (decision 030). */
export const recordBooks = ['money', 'points'] as const
export const RecordBookSchema = z.enum(recordBooks)

export const MovementSchema = z.object({
  id: z.int(),
  /** Epoch ms. */
  time: z.number(),
  /** A money movement's type, or with `book=points` a points movement's. */
  type: z.union([MovementTypeSchema, PointMovementTypeSchema]),
  /** Signed: money (or points) in is positive, out negative. */
  amount: MoneySchema,
  balanceAfter: MoneySchema,
  accountTypeId: z.int(),
  accountTypeName: z.string(),
  /** A short note: the deposit method, the vendor, the operator's reason. */
  memo: z.nullable(z.string()),
})
export type Movement = z.infer<typeof MovementSchema>

/** Product types of the betting record are the vendors' game types. */
export const ProductTypeSchema = GameTypeSchema

/** A bet's state as its vendor reports it. */
export const betStatuses = ['UNSETTLED', 'SETTLED', 'CANCELLED'] as const
export type BetStatus = (typeof betStatuses)[number]

export const BetRecordSchema = z.object({
  id: z.int(),
  /** The vendor's round or ticket number. */
  betNo: z.string(),
  productType: ProductTypeSchema,
  vendorName: z.string(),
  gameName: z.string(),
  betAmount: MoneySchema,
  validBet: MoneySchema,
  payout: MoneySchema,
  /** payout - betAmount. */
  winLoss: MoneySchema,
  status: z.enum(betStatuses),
  betTime: z.number(),
  settledTime: z.nullable(z.number()),
})
export type BetRecord = z.infer<typeof BetRecordSchema>

export const BetTotalsSchema = z.object({
  betAmount: MoneySchema,
  validBet: MoneySchema,
  payout: MoneySchema,
  winLoss: MoneySchema,
})

export const ProfitSchema = z.object({
  products: z.array(z.object({ productType: ProductTypeSchema, ...BetTotalsSchema.shape })),
  totals: BetTotalsSchema,
  deposits: MoneySchema,
  withdrawals: MoneySchema,
  bonuses: MoneySchema,
  /** winLoss + bonuses over the range. */
  profit: MoneySchema,
})
export type Profit = z.infer<typeof ProfitSchema>

export const BonusSchema = z.object({
  id: z.int(),
  time: z.number(),
  amount: MoneySchema,
  /** What the bonus was for, as the operator wrote it. */
  memo: z.nullable(z.string()),
})
export type Bonus = z.infer<typeof BonusSchema>

export const recordEndpoints = {
  movements: defineEndpoint({
    name: 'records.movements',
    method: 'GET',
    path: '/wps/relay/ODSFE2_MemTransDet',
    auth: 'member',
    encrypted: false,
    query: z.object({
      ...PageQueryShape,
      ...TimeRangeShape,
      type: z.optional(z.union([MovementTypeSchema, PointMovementTypeSchema])),
      /** `points`: the points details (the spec names this call for them); money by default. */
      book: z.optional(RecordBookSchema),
    }),
    response: pageOf(MovementSchema),
    errors: [],
  }),
  bets: defineEndpoint({
    name: 'records.bets',
    method: 'GET',
    path: '/wps/relay/ODSFE2_MemBetDet',
    auth: 'member',
    encrypted: false,
    query: z.object({ ...PageQueryShape, ...TimeRangeShape, productType: z.optional(ProductTypeSchema) }),
    response: z.object({ ...pageOf(BetRecordSchema).shape, totals: BetTotalsSchema }),
    errors: [],
  }),
  profit: defineEndpoint({
    name: 'records.profit',
    method: 'GET',
    path: '/wps/relay/ODSFE2_MemPNLDet',
    auth: 'member',
    encrypted: false,
    query: z.object({ ...TimeRangeShape }),
    response: ProfitSchema,
    errors: [],
  }),
  bonuses: defineEndpoint({
    name: 'records.bonuses',
    method: 'GET',
    path: '/wps/relay/MCSFE_getBonusDetails',
    auth: 'member',
    encrypted: false,
    query: z.object({ ...PageQueryShape, ...TimeRangeShape }),
    response: z.object({ ...pageOf(BonusSchema).shape, totalAmount: MoneySchema }),
    errors: [],
  }),
} as const
