/**
 * VIP levels (decision 030 section 5): the brand's table of levels, the member's level and
 * its progress to the next, the levels around it, and the current level's benefits. A level
 * is reached by this brand month's valid bets and deposits, or by those ever; it is kept by
 * the month's valid bets at the monthly evaluation.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { MoneySchema } from './money'
import { CustomerServiceSchema } from './system'

/** Why a member's level changed: reached on the fly, the monthly evaluation, or an operator. */
export const vipChangeReasons = ['upgrade', 'monthly', 'operator'] as const
export type VipChangeReason = (typeof vipChangeReasons)[number]

/** The four figures a level is reached by; the progress names the ones still short. */
export const vipFigures = ['monthlyTurnover', 'monthlyDeposit', 'totalTurnover', 'totalDeposit'] as const
export type VipFigure = (typeof vipFigures)[number]

export const VipLevelSchema = z.object({
  rank: z.int(),
  name: z.string(),
  badge: z.nullable(z.string()),
  /** Reached by this month's valid bets and deposits (both) ... */
  monthlyTurnover: MoneySchema,
  monthlyDeposit: MoneySchema,
  /** ... or by those ever (both). */
  totalTurnover: MoneySchema,
  totalDeposit: MoneySchema,
  /** Valid bets in a month that keep the level; "0" never drops. */
  keepTurnover: MoneySchema,
  levelUpBonus: MoneySchema,
  birthdayBonus: MoneySchema,
  /** The bonuses' turnover requirement, a multiple of the bonus (3 = 3x). */
  bonusTurnover: z.number(),
  /** Added to the rebate rate per game type, in basis points (10 = 0.1 %). */
  rebateExtraBp: z.int(),
  /** Null: the brand's own limits. */
  withdrawDailyCount: z.nullable(z.int()),
  withdrawDailyMax: z.nullable(MoneySchema),
  vipService: z.boolean(),
  /** Further benefits in the caller's language. */
  benefits: z.array(z.string()),
})
export type VipLevel = z.infer<typeof VipLevelSchema>

const ActualSchema = z.object({ actual: MoneySchema, expected: MoneySchema })

export const VipProgressSchema = z.object({
  /** The current level's name ('' while the brand has no levels). */
  playerRankName: z.string(),
  rank: z.int(),
  badge: z.nullable(z.string()),
  /** When the member reached it (ms); null for the base level. */
  since: z.nullable(z.int()),
  /** The brand month the figures are of (YYYY-MM, the brand's zone) and the zone. */
  month: z.string(),
  timeZone: z.string(),
  /** This month's valid bets against what keeps the current level. */
  keep: ActualSchema,
  /** The next level and the four figures against it; null at the top. */
  next: z.nullable(
    z.object({
      rank: z.int(),
      name: z.string(),
      monthlyTurnover: ActualSchema,
      monthlyDeposit: ActualSchema,
      totalTurnover: ActualSchema,
      totalDeposit: ActualSchema,
      /** The shortest way up: what is still short on the path (this month or ever) needing least. */
      shortest: z.array(z.object({ figure: z.enum(vipFigures), more: MoneySchema })),
    }),
  ),
})
export type VipProgress = z.infer<typeof VipProgressSchema>

export const vipEndpoints = {
  /** The member's level and its progress; reaching a level here upgrades at once. */
  progress: defineEndpoint({
    name: 'vip.progress',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerRankProgress',
    auth: 'member',
    encrypted: false,
    response: VipProgressSchema,
    errors: [],
  }),
  /** The brand's table of levels, lowest first. */
  rules: defineEndpoint({
    name: 'vip.rules',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerRankRule',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    response: z.object({ list: z.array(VipLevelSchema) }),
    errors: [],
  }),
  /** The level below, the member's and the next (null where there is none). */
  nearby: defineEndpoint({
    name: 'vip.nearby',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerRankNearbyLevels',
    auth: 'member',
    encrypted: false,
    response: z.object({
      below: z.nullable(VipLevelSchema),
      current: z.nullable(VipLevelSchema),
      next: z.nullable(VipLevelSchema),
    }),
    errors: [],
  }),
  /** The member's current level's benefits; null while the brand has no levels. */
  benefits: defineEndpoint({
    name: 'vip.benefits',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMemberClubBenefit',
    auth: 'member',
    encrypted: false,
    response: z.object({ level: z.nullable(VipLevelSchema) }),
    errors: [],
  }),
  /**
   * The member's customer-service entries (spec section 1; decision 030 section 12): the
   * brand's VIP customer service when the member's level has `vipService` (or the brand's
   * VIP service state is vipcs), else the brand's usual entries.
   */
  customerService: defineEndpoint({
    name: 'vip.customerService',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMemberCustomerService',
    auth: 'member',
    encrypted: false,
    response: z.object({ vip: z.boolean(), list: z.array(CustomerServiceSchema) }),
    errors: [],
  }),
} as const
