/**
 * Promotions (design.md section 7): one engine for every kind a brand offers. A promotion is
 * a category, a period, an eligibility, a claim mode, a reward rule and a turnover multiple,
 * with its content in the brand's languages. A member's state for it is one of the spec's
 * ten (section 4), derived on the server from stored facts (its claims this period, the
 * clock, the member) and never stored.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { ImageUploadSchema, imageBodyLimit, maxImageBytes } from './funds'
import { GameTypeSchema } from './games'
import { AmountInputSchema, MoneySchema } from './money'
import { PageQueryShape, RowIdSchema, TimeRangeShape, pageOf } from './paging'
import { text, textBlock } from './text'

/**
 * The spec's promotion type filter (section 2), less "all", which is no filter. Spelled as
 * the filter's chips are named.
 */
export const promotionCategories = [
  'sports',
  'liveCasino',
  'slots',
  'cardGames',
  'fish',
  'lotto',
  'rebate',
  'pointsMall',
  'ranking',
  'deposit',
  'appDownload',
  'newbie',
  'others',
] as const
export const PromotionCategorySchema = z.enum(promotionCategories)
export type PromotionCategory = z.infer<typeof PromotionCategorySchema>

/**
 * How a member comes to the reward:
 * - auto: the platform credits it when its condition happens (a deposit bonus chosen on the
 *   deposit page, with the deposit; a rebate or rescue paid by the daily job);
 * - claim: the member taps Claim while eligible (the daily login, the newbie bonus, the
 *   app-download reward);
 * - signUp: the member joins first, then qualifies (valid bets since joining);
 * - apply: the member sends the apply form and the operator approves or rejects it;
 * - promoCode: the member enters the promotion's code.
 * A reward the job or the operator issues waits in the reward centre for a one-tap claim
 * (state issued) whatever the mode.
 */
export const claimModes = ['auto', 'claim', 'signUp', 'apply', 'promoCode'] as const
export const ClaimModeSchema = z.enum(claimModes)
export type ClaimMode = z.infer<typeof ClaimModeSchema>

/**
 * How often one member may have it: once ever, or once per day, week (from Monday) or
 * calendar month of the brand's time zone. One claim row per member and period: the
 * database's unique key is what holds the limit under parallel claims.
 */
export const promotionFrequencies = ['once', 'daily', 'weekly', 'monthly'] as const
export const PromotionFrequencySchema = z.enum(promotionFrequencies)
export type PromotionFrequency = z.infer<typeof PromotionFrequencySchema>

/** Rates are basis points: 100 is 1 %, 10,000 is 100 %. */
export const basisPoints = 10_000
const RateSchema = z.int().check(z.gte(0), z.lte(basisPoints))
/** An amount in minor units of the brand's currency, as stored in a rule. */
const MinorSchema = z.int().check(z.gte(0), z.lte(Number.MAX_SAFE_INTEGER))

/**
 * What the reward comes to, in minor units:
 * - fixed: that amount;
 * - depositPercent: a share of the deposit it was chosen with, at most `cap`, for deposits
 *   of at least `minDeposit`;
 * - lossPercent: a share of the member's net loss (stakes less payouts of settled bets) of
 *   the previous period, at most `cap`, from a loss of `minLoss` (the rescue);
 * - validBetRate: per game type, a rate of the valid bets of the previous period (the
 *   rebate), at most `cap` when it is above 0.
 * A computed reward of 0 is no reward.
 */
export const RewardRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), amount: MinorSchema }),
  z.object({
    kind: z.literal('depositPercent'),
    rate: RateSchema,
    cap: MinorSchema,
    minDeposit: MinorSchema,
  }),
  z.object({ kind: z.literal('lossPercent'), rate: RateSchema, cap: MinorSchema, minLoss: MinorSchema }),
  z.object({
    kind: z.literal('validBetRate'),
    rates: z.array(z.object({ gameType: GameTypeSchema, rate: RateSchema })).check(z.maxLength(16)),
    cap: MinorSchema,
  }),
])
export type RewardRule = z.infer<typeof RewardRuleSchema>

/**
 * Who may take part, beyond being a real member of the brand: with their first deposit;
 * joined within `newMemberDays`
 * days; for signUp, `qualifyValidBets` of valid bets since joining (minor units); for the
 * app-download reward, `installed` (the app runs from the home screen).
 */
export const EligibilitySchema = z.object({
  /** A deposit bonus for the member's first credited deposit only. */
  firstDeposit: z.optional(z.boolean()),
  newMemberDays: z.optional(z.int().check(z.gte(1), z.lte(3650))),
  qualifyValidBets: z.optional(MinorSchema),
  installed: z.optional(z.boolean()),
})
export type Eligibility = z.infer<typeof EligibilitySchema>

/**
 * The turnover a credited reward adds (decision 026): the bonus, or the deposit and the
 * bonus, times the multiple in tenths (10 is 1×, 0 is none).
 */
export const turnoverBases = ['bonus', 'depositAndBonus'] as const
export const TurnoverSchema = z.object({
  multipleTenths: z.int().check(z.gte(0), z.lte(1000)),
  base: z.enum(turnoverBases),
})
export type Turnover = z.infer<typeof TurnoverSchema>

/**
 * The spec's ten activity states (section 4), as a member sees a promotion now:
 * - comingSoon: it has not started;
 * - closed: it ended, is paused, the member is not eligible, or a tap would pay nothing now
 *   (a rescue with no loss, a rebate with no valid bets in the period it pays on): `reason`
 *   says which;
 * - join: the member may take part (sign up, apply, enter a code, or deposit with it);
 * - signedUp: joined, not qualified yet (`progress` shows how far);
 * - claim: a reward is the member's for one tap;
 * - applying: the application waits for the operator;
 * - rejected: the operator refused the application (no new one this period);
 * - issued: the platform issued a reward that waits in the reward centre;
 * - claimed: the member has it for this period;
 * - inProgress: the member has it and its turnover requirement is still open.
 */
export const promotionStates = [
  'join',
  'claim',
  'applying',
  'closed',
  'rejected',
  'issued',
  'claimed',
  'inProgress',
  'signedUp',
  'comingSoon',
] as const
export const PromotionStateSchema = z.enum(promotionStates)
export type PromotionState = z.infer<typeof PromotionStateSchema>

/**
 * Why a promotion is closed to this member. nothingToClaim: a tap-to-claim promotion whose
 * reward computes to 0 now (no loss or no valid bets in the period it pays on); the next
 * period may pay (`changesAt`).
 */
export const closedReasons = [
  'ended',
  'paused',
  'notNewMember',
  'notFirstDeposit',
  'notInstalled',
  'nothingToClaim',
] as const
export const ClosedReasonSchema = z.enum(closedReasons)
export type ClosedReason = z.infer<typeof ClosedReasonSchema>

/** The apply form (spec section 5): a remark of at most 140 characters, at most 3 images. */
export const maxRemarkLength = 140
export const maxApplyImages = 3
export { maxImageBytes }

/**
 * What a promotion is beyond the engine's rules, when the app shows it its own way: a raffle
 * (decision 028) has its panel with the tickets, the draw and its check
 * (src/contract/raffle.ts). Null for every other promotion.
 */
export const promotionKinds = ['raffle'] as const
export const PromotionKindSchema = z.enum(promotionKinds)
export type PromotionKind = z.infer<typeof PromotionKindSchema>

export const PromotionSchema = z.object({
  id: z.int(),
  kind: z.nullable(PromotionKindSchema),
  category: PromotionCategorySchema,
  claimMode: ClaimModeSchema,
  frequency: PromotionFrequencySchema,
  title: z.string(),
  /** Sanitized on the server before it is sent; rendered as HTML. */
  content: z.string(),
  /** The operator's art, a path under the brand's CDN, or null for generated art. */
  imageUrl: z.nullable(z.string()),
  startsAt: z.int(),
  /** Null: it runs until the operator ends it. */
  endsAt: z.nullable(z.int()),
  /** What it pays: a fixed amount, or a rate and its cap, shown in the rules. */
  reward: z.object({
    kind: z.enum(['fixed', 'depositPercent', 'lossPercent', 'validBetRate']),
    amount: z.nullable(MoneySchema),
    /** Basis points (the largest of a rebate's per game type). */
    rate: z.nullable(z.int()),
    cap: z.nullable(MoneySchema),
    minimum: z.nullable(MoneySchema),
    rates: z.array(z.object({ gameType: GameTypeSchema, rate: z.int() })),
  }),
  /** The turnover multiple in tenths (10 is 1×) and what it multiplies. */
  turnover: TurnoverSchema,
  state: PromotionStateSchema,
  reason: z.nullable(ClosedReasonSchema),
  /** For signUp: the valid bets since joining and the target, when signed up. */
  progress: z.nullable(z.object({ done: MoneySchema, target: MoneySchema })),
  /** The claim this state is about (issued, applying, claimed, rejected), when there is one. */
  claimId: z.nullable(z.int()),
  /** The amount issued or credited, when there is one. */
  amount: z.nullable(MoneySchema),
  /** The operator's reason for a rejection. */
  rejectReason: z.nullable(z.string()),
  /** When the state next changes by the clock alone (start, end, the next period): a countdown. */
  changesAt: z.nullable(z.int()),
  /** Whether this promotion needs the apply form. */
  needsForm: z.boolean(),
  /** Whether this promotion asks for a code. */
  needsCode: z.boolean(),
})
export type Promotion = z.infer<typeof PromotionSchema>

export const PromotionListSchema = z.object({
  list: z.array(PromotionSchema),
  /**
   * Promotions in state claim or issued: the reward centre's badge. The app-download reward
   * counts here; the app leaves it out while it runs in a browser tab, where it cannot be
   * claimed.
   */
  claimable: z.int(),
  /** The brand's time zone (IANA): the periods, starts and ends are days and hours there. */
  timeZone: z.string(),
})

/**
 * A running rebate (a rate of valid bets per game type) with the member's current period:
 * the rate of each game type, the valid bets so far and what they would pay, the total
 * estimate (capped) and when the period's rebate is paid.
 */
export const RebateEstimateSchema = z.object({
  promotionId: z.int(),
  title: z.string(),
  /** auto: the job credits it after the period closes; claim: the member claims it then. */
  claimMode: ClaimModeSchema,
  frequency: PromotionFrequencySchema,
  /** The most one period pays; null without a cap. */
  cap: z.nullable(MoneySchema),
  /** The current period: its first and last day in the brand's zone (YYYY-MM-DD), and its end (ms). */
  period: z.object({ from: z.string(), to: z.string(), endsAt: z.int() }),
  /** When this period's rebate is paid (auto) or may be claimed (claim), ms. */
  paidAt: z.int(),
  rates: z.array(
    z.object({
      gameType: GameTypeSchema,
      /** Basis points. */
      rate: z.int(),
      validBets: MoneySchema,
      rebate: MoneySchema,
    }),
  ),
  /** Valid bets of the period in the rebate's game types. */
  validBets: MoneySchema,
  /** What the period pays so far: the sum of the game types' rebates, at most the cap. */
  estimate: MoneySchema,
  /** Whether the cap cut the estimate. */
  capped: z.boolean(),
})
export type RebateEstimate = z.infer<typeof RebateEstimateSchema>

export const RebateEstimatesSchema = z.object({
  list: z.array(RebateEstimateSchema),
  /** The brand's time zone (IANA), which the periods and the pay time are in. */
  timeZone: z.string(),
})

/** What a claim row records; the states above are derived from it. */
export const claimStatuses = ['signedUp', 'applying', 'rejected', 'issued', 'claimed'] as const
export const ClaimStatusSchema = z.enum(claimStatuses)
export type ClaimStatus = z.infer<typeof ClaimStatusSchema>

export const PromotionClaimSchema = z.object({
  id: z.int(),
  promotionId: z.int(),
  title: z.string(),
  category: PromotionCategorySchema,
  status: ClaimStatusSchema,
  amount: z.nullable(MoneySchema),
  /** The brand's day, week or month the claim is for ("2026-11-29"), or "" for once. */
  period: z.string(),
  createdAt: z.int(),
  claimedAt: z.nullable(z.int()),
  rejectReason: z.nullable(z.string()),
})
export type PromotionClaim = z.infer<typeof PromotionClaimSchema>

const PromotionIdBody = z.object({ promotionId: RowIdSchema })

/** The claim answer: what was credited and the member's main balance after it. */
const ClaimedSchema = z.object({ claim: PromotionClaimSchema, balance: z.nullable(MoneySchema) })

const claimErrors = [
  'promotion_not_found',
  'promotion_not_started',
  'promotion_ended',
  'promotion_not_eligible',
  'promotion_already_claimed',
  'promotion_nothing_to_claim',
  'promotion_wrong_mode',
  'idempotency_key_required',
  'idempotency_key_reused',
  'in_need_true_account',
] as const

export const promotionEndpoints = {
  categories: defineEndpoint({
    name: 'promotions.categories',
    method: 'GET',
    path: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
    auth: 'public',
    encrypted: false,
    /** The categories that have a running or coming promotion, with their counts, in the filter's order. */
    response: z.object({ list: z.array(z.object({ category: PromotionCategorySchema, count: z.int() })) }),
    errors: [],
  }),
  available: defineEndpoint({
    name: 'promotions.available',
    method: 'GET',
    path: '/wps/relay/MCSFE_getAvailablePromotions',
    auth: 'member',
    encrypted: false,
    modId: 'REWCEN3',
    query: z.object({ category: z.optional(PromotionCategorySchema) }),
    /** Every running and coming promotion with the caller's state, in the brand's order. */
    response: PromotionListSchema,
    errors: [],
  }),
  merchantAvailable: defineEndpoint({
    name: 'promotions.merchantAvailable',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
    auth: 'public',
    encrypted: false,
    modId: 'REWCEN3',
    query: z.object({ category: z.optional(PromotionCategorySchema) }),
    /** The same list for a visitor or guest: states are join, comingSoon or closed only. */
    response: PromotionListSchema,
    errors: [],
  }),
  claimList: defineEndpoint({
    name: 'promotions.claimList',
    method: 'GET',
    path: '/wps/relay/MCS2_getPromotionClaimList',
    auth: 'member',
    encrypted: false,
    modId: 'REWCEN3',
    query: z.object({ ...PageQueryShape, ...TimeRangeShape, status: z.optional(ClaimStatusSchema) }),
    /** The caller's claims, newest first. */
    response: pageOf(PromotionClaimSchema),
    errors: [],
  }),
  signUp: defineEndpoint({
    name: 'promotions.signUp',
    method: 'POST',
    path: '/wps/relay/MCSFE_signUpRequestReward',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    body: PromotionIdBody,
    response: ClaimedSchema,
    errors: [...claimErrors],
  }),
  /** A claim-mode promotion the member is eligible for now (the daily login, the newbie bonus). */
  claim: defineEndpoint({
    name: 'promotions.claim',
    method: 'POST',
    path: '/wps/relay/MCSFE_claimLoginPromotion',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    body: PromotionIdBody,
    response: ClaimedSchema,
    errors: [...claimErrors],
  }),
  claimRegister: defineEndpoint({
    name: 'promotions.claimRegister',
    method: 'POST',
    path: '/wps/relay/MCS2_claimRegisterPromotion',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    body: PromotionIdBody,
    response: ClaimedSchema,
    errors: [...claimErrors],
  }),
  /** The app-download reward: the page says how it runs; a browser tab is not installed. */
  claimAppDownload: defineEndpoint({
    name: 'promotions.claimAppDownload',
    method: 'POST',
    path: '/wps/relay/MCS2_claimAppDownloadPromotion',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    body: z.object({
      promotionId: RowIdSchema,
      displayMode: z.enum(['standalone', 'iosProfile', 'browser']),
    }),
    response: ClaimedSchema,
    errors: [...claimErrors],
  }),
  /** A reward the platform issued (a rebate, a rescue, an approved application) claimed in one tap. */
  claimIssued: defineEndpoint({
    name: 'promotions.claimIssued',
    method: 'POST',
    path: '/wps/relay/MCS2_claimIssuedPromotion',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    body: z.object({ claimId: RowIdSchema }),
    response: ClaimedSchema,
    errors: [...claimErrors],
  }),
  claimPromoCode: defineEndpoint({
    name: 'promotions.claimPromoCode',
    method: 'POST',
    path: '/wps/relay/MCSFE_claimPromoCode',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    body: z.object({ code: text(32) }),
    response: ClaimedSchema,
    errors: [...claimErrors, 'promo_code_invalid', 'TOO_MANY_REQUESTS'],
  }),
  /** The apply form: a remark of at most 140 characters and at most 3 png or jpg images. */
  apply: defineEndpoint({
    name: 'promotions.apply',
    method: 'POST',
    path: '/wps/relay/MCSFE_applyPromotion',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    bodyLimit: imageBodyLimit * 3,
    body: z.object({
      promotionId: RowIdSchema,
      remark: textBlock(4 * 140),
      images: z.array(ImageUploadSchema).check(z.maxLength(8)),
    }),
    response: ClaimedSchema,
    errors: [...claimErrors, 'remark_too_long', 'too_many_images', 'image_invalid'],
  }),
  /**
   * The rebate rates by game type (issue 35) with the caller's current period: for each
   * running rebate of the brand the member may have, the rates, the valid bets so far, the
   * estimate and when it is paid. The platform's MCSFE_ path of this read is the agent's own
   * rates (agent.rebateRates); the member's is its MCS2_ twin, which the reference also names.
   */
  rebateRates: defineEndpoint({
    name: 'promotions.rebateRates',
    method: 'GET',
    path: '/wps/relay/MCS2_getCustomerRebateSettingByProductType',
    auth: 'member',
    encrypted: false,
    modId: 'REWCEN3',
    response: RebateEstimatesSchema,
    errors: ['in_need_true_account'],
  }),
  /** The deposit bonuses the member may choose with a deposit of this amount (the deposit page). */
  depositPromotions: defineEndpoint({
    name: 'promotions.depositPromotions',
    method: 'GET',
    path: '/wps/relay/MCSFE_getDepositPromotionsV3',
    auth: 'member',
    encrypted: false,
    query: z.object({ amount: z.optional(AmountInputSchema) }),
    response: z.object({
      list: z.array(
        z.object({
          id: z.int(),
          title: z.string(),
          /** What it would pay with this amount (0 below its minimum). */
          bonus: MoneySchema,
          minDeposit: MoneySchema,
          cap: MoneySchema,
          rate: z.int(),
          turnover: TurnoverSchema,
        }),
      ),
    }),
    errors: ['amount_invalid'],
  }),
} as const
