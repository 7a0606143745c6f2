/**
 * Agent contracts (decision 024): dividends and daily, hourly and real-time salaries, each a
 * table of tiers. What a tier table may be, how two tables compare ("at most its own", the
 * lower-rate rule) and what a table pays are defined here once, for the server that checks
 * and settles and for the page that edits a table before sending it.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import type { ErrorCode } from './error-codes'
import { MoneySchema } from './money'
import { PageQueryShape, TimeRangeShape, pageOf } from './paging'

export const contractKinds = ['dividend', 'dailySalary', 'hourlySalary', 'realTimeSalary'] as const
export const ContractKindSchema = z.enum(contractKinds)
export type ContractKind = z.infer<typeof ContractKindSchema>

/** A dividend's period, in the brand's time zone; the salaries' periods are fixed by kind. */
export const dividendPeriods = ['daily', 'weekly', 'semimonthly', 'monthly'] as const
export const DividendPeriodSchema = z.enum(dividendPeriods)
export type DividendPeriod = z.infer<typeof DividendPeriodSchema>

/**
 * What a contract measures, defined once (decision 024), always over the agent's team (its
 * whole downline, not the agent itself) and by when each bet settled, in the brand's time
 * zone:
 * - a **valid bet** is a settled bet's valid amount (the vendor's or the lottery's), counted
 *   on the day and hour it settled; a settled bet later cancelled is taken back;
 * - an **active member** of a period is a team member with at least one settled bet in it;
 * - a **loss** is the team's stakes less its payouts on the bets settled in the period;
 * - a real-time salary's bet is **lost** when it paid less than its stake, else **won**.
 */
export const contractMeasures = ['validBets', 'loss', 'stakes'] as const

/** Rates are parts per million: 10,000 is 1 %. */
export const ratePerMillion = 1_000_000
export const RateSchema = z.int().check(z.nonnegative(), z.lte(ratePerMillion))

/** A floor of a band, in minor units (a loss, a volume, a stake): from 0 up. */
const FloorSchema = z.int().check(z.nonnegative(), z.lte(Number.MAX_SAFE_INTEGER))

/** The most tiers one table has. */
export const maxTiers = 20

/** A salary's tier: from this volume (valid bets of the day or hour) up, this rate. */
export const VolumeTierSchema = z.object({ from: FloorSchema, rate: RateSchema })
/** A dividend's tier: from this loss and this many active members up, this share. */
export const DividendTierSchema = z.object({
  from: FloorSchema,
  activeMembers: z.int().check(z.nonnegative(), z.lte(1_000_000)),
  rate: RateSchema,
})
/** A real-time salary's tier: bets from this stake up earn the win or the loss rate. */
export const StakeTierSchema = z.object({ from: FloorSchema, winRate: RateSchema, lossRate: RateSchema })

export type VolumeTier = z.infer<typeof VolumeTierSchema>
export type DividendTier = z.infer<typeof DividendTierSchema>
export type StakeTier = z.infer<typeof StakeTierSchema>

/** A kind's table, as one value: what it is made of depends on the kind. */
export const ContractTermsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('dividend'),
    period: DividendPeriodSchema,
    tiers: z.array(DividendTierSchema).check(z.minLength(1), z.maxLength(maxTiers)),
  }),
  z.object({
    kind: z.literal('dailySalary'),
    tiers: z.array(VolumeTierSchema).check(z.minLength(1), z.maxLength(maxTiers)),
  }),
  z.object({
    kind: z.literal('hourlySalary'),
    tiers: z.array(VolumeTierSchema).check(z.minLength(1), z.maxLength(maxTiers)),
  }),
  z.object({
    kind: z.literal('realTimeSalary'),
    tiers: z.array(StakeTierSchema).check(z.minLength(1), z.maxLength(maxTiers)),
  }),
])
export type ContractTerms = z.infer<typeof ContractTermsSchema>

/** Why a tier table is refused (the error code the server answers with). */
export type TierProblem = 'contract_tiers_invalid'

/** The rates of a tier, whatever its kind (a real-time salary has two). */
function ratesOf(t: VolumeTier | DividendTier | StakeTier): number[] {
  return 'winRate' in t ? [t.winRate, t.lossRate] : [t.rate]
}

/**
 * A table is sound when its first band starts at 0 (no gap below it), floors rise strictly
 * (no overlap; a dividend's members never fall either) and no rate falls as the band rises.
 */
export function tierProblem(terms: ContractTerms): TierProblem | null {
  const tiers: readonly (VolumeTier | DividendTier | StakeTier)[] = terms.tiers
  const first = tiers[0]
  if (!first || first.from !== 0) return 'contract_tiers_invalid'
  for (let i = 1; i < tiers.length; i++) {
    const a = tiers[i - 1]
    const b = tiers[i]
    if (!a || !b) return 'contract_tiers_invalid'
    if (b.from <= a.from) return 'contract_tiers_invalid'
    if ('activeMembers' in a && 'activeMembers' in b && b.activeMembers < a.activeMembers) {
      return 'contract_tiers_invalid'
    }
    const ra = ratesOf(a)
    const rb = ratesOf(b)
    if (rb.some((r, k) => r < (ra[k] ?? 0))) return 'contract_tiers_invalid'
  }
  return null
}

/** The tier a measure reaches (a sound table's first tier starts at 0, so one always does). */
export function tierFor<T extends { from: number; activeMembers?: number }>(
  tiers: readonly T[],
  measure: bigint,
  activeMembers = 0,
): T | undefined {
  let hit: T | undefined
  for (const t of tiers) {
    if (BigInt(t.from) <= measure && (t.activeMembers ?? 0) <= activeMembers) hit = t
  }
  return hit
}

/** `floor(measure × rate / 1,000,000)`: nothing is rounded up, a negative measure pays 0. */
export function share(measure: bigint, rate: number): bigint {
  if (measure <= 0n) return 0n
  return (measure * BigInt(rate)) / BigInt(ratePerMillion)
}

/**
 * Whether an offered table is at most its offerer's own at every measure: compared at every
 * band floor of either table (a dividend at every pair of floors), where step tables can
 * first differ. Tables of different kinds (or dividend periods) never compare.
 */
export function withinOwn(offer: ContractTerms, own: ContractTerms): boolean {
  if (offer.kind !== own.kind) return false
  if (offer.kind === 'dividend' && own.kind === 'dividend') {
    if (offer.period !== own.period) return false
    const losses = [...offer.tiers, ...own.tiers].map((t) => BigInt(t.from))
    const members = [...offer.tiers, ...own.tiers].map((t) => t.activeMembers)
    for (const loss of losses) {
      for (const n of members) {
        const mine = tierFor(offer.tiers, loss, n)?.rate ?? 0
        const theirs = tierFor(own.tiers, loss, n)?.rate ?? 0
        if (mine > theirs) return false
      }
    }
    return true
  }
  const a: readonly (VolumeTier | StakeTier)[] = offer.tiers
  const b: readonly (VolumeTier | StakeTier)[] = own.tiers
  for (const at of [...a, ...b].map((t) => BigInt(t.from))) {
    const mine = tierFor(a, at)
    const theirs = tierFor(b, at)
    const mr = mine ? ratesOf(mine) : [0, 0]
    const tr = theirs ? ratesOf(theirs) : [0, 0]
    if (mr.some((r, k) => r > (tr[k] ?? 0))) return false
  }
  return true
}

// ---------------------------------------------------------------------------------------
// The life of a contract (decision 024): offered → accepted | rejected | expired (or
// replaced by a newer offer); accepted → terminated (at the end of the current period) or
// replaced (when a newer offer of the kind is accepted). The endpoints below: per kind a read
// (my contract, the offers to me, my direct downline agents with theirs) and an action.

export const contractStatuses = [
  'offered',
  'accepted',
  'rejected',
  'expired',
  'terminated',
  'replaced',
] as const
export const ContractStatusSchema = z.enum(contractStatuses)
export type ContractStatus = z.infer<typeof ContractStatusSchema>

/** The days an offer waits for its answer unless the brand sets another number. */
export const defaultContractOfferDays = 7

/** One contract or offer, as either side sees it. Times are epoch ms. */
export const ContractSchema = z.object({
  id: z.int(),
  kind: ContractKindSchema,
  /** Who pays it: null is the house (the operator's contract with a top agent). */
  uplineId: z.nullable(z.int()),
  uplineAccount: z.nullable(z.string()),
  downlineId: z.int(),
  downlineAccount: z.string(),
  terms: ContractTermsSchema,
  /**
   * As of now: an offer past its expiry reads `expired`, an accepted contract past its end
   * reads `terminated`; an accepted one with `endsAt` ahead is ending.
   */
  status: ContractStatusSchema,
  offeredAt: z.number(),
  answeredAt: z.nullable(z.number()),
  /** An offer's last moment to be answered. */
  expiresAt: z.nullable(z.number()),
  /** A terminated contract's end: the end of the period it was terminated in. */
  endsAt: z.nullable(z.number()),
})
export type Contract = z.infer<typeof ContractSchema>

/** One direct downline agent of the caller, with its contract and open offer of the kind. */
export const ContractDownlineSchema = z.object({
  id: z.int(),
  account: z.string(),
  nickname: z.string(),
  /** The platform's member type (1, 2, 41, 42: every row here is an agent). */
  type: z.int(),
  contract: z.nullable(ContractSchema),
  offer: z.nullable(ContractSchema),
})
export type ContractDownline = z.infer<typeof ContractDownlineSchema>

/** What one kind's read answers. */
export const ContractOverviewSchema = z.object({
  kind: ContractKindSchema,
  /** My contract of the kind in force (as the downline), if any. */
  mine: z.nullable(ContractSchema),
  /** Offers of the kind waiting for my answer (at most one: the newest replaces the others). */
  offers: z.array(ContractSchema),
  /** A page of my direct downline agents. */
  downline: pageOf(ContractDownlineSchema),
})
export type ContractOverview = z.infer<typeof ContractOverviewSchema>

const IdSchema = z.int().check(z.positive(), z.lte(2_147_483_647))

/** The terms of the kind `kind` only (a table of another kind is refused as invalid). */
function termsOfKind(kind: ContractKind) {
  return ContractTermsSchema.check(z.refine((t) => t.kind === kind, `terms of kind ${kind}`))
}

/** One kind's action body: offer to a direct downline agent, or answer or end a contract. */
function actionBody(kind: ContractKind) {
  return z.discriminatedUnion('action', [
    z.object({ action: z.literal('offer'), downlineId: IdSchema, terms: termsOfKind(kind) }),
    z.object({
      action: z.literal('accept'),
      contractId: IdSchema,
      /**
       * Accept although the new terms fall below what the caller pays some of its downline
       * agents: those contracts end now (the lower-rate rule). Without it such an accept
       * answers `contract_lower_rate_confirm` with those contracts in `value.contracts`.
       */
      confirmLower: z.optional(z.boolean()),
    }),
    z.object({ action: z.literal('reject'), contractId: IdSchema }),
    z.object({ action: z.literal('terminate'), contractId: IdSchema }),
  ])
}

export type ContractAction = z.infer<ReturnType<typeof actionBody>>

/** What an action answers: the contract it made or changed, and any it ended with it. */
export const ContractActionResultSchema = z.object({
  contract: ContractSchema,
  /** Downline contracts ended by the lower-rate rule on this accept. */
  ended: z.array(ContractSchema),
})
export type ContractActionResult = z.infer<typeof ContractActionResultSchema>

const readErrors = [] as const satisfies readonly ErrorCode[]
const actionErrors = [
  'idempotency_key_required',
  'idempotency_key_reused',
  'contract_tiers_invalid',
  'contract_rate_too_high',
  'contract_target_invalid',
  'downline_not_found',
  'contract_not_found',
  'contract_offer_closed',
  'contract_offer_pending',
  'contract_lower_rate_confirm',
] as const satisfies readonly ErrorCode[]

/**
 * The wire rows of one kind. The paths are the platform's (its MCS2_ reads and MCSFE_
 * actions); the real-time salary has one path, read with GET and acted on with POST.
 */
function contractRows<const K extends ContractKind>(
  kind: K,
  paths: { read: string; act: string },
  modId: string | undefined,
) {
  const flag = modId === undefined ? {} : { modId }
  return {
    read: defineEndpoint({
      name: `contracts.${kind}`,
      method: 'GET',
      path: paths.read,
      auth: 'agent',
      encrypted: false,
      ...flag,
      query: z.object({ ...PageQueryShape }),
      response: ContractOverviewSchema,
      errors: readErrors,
    }),
    act: defineEndpoint({
      name: `contracts.${kind}Action`,
      method: 'POST',
      path: paths.act,
      auth: 'agent',
      encrypted: false,
      idempotent: true,
      ...flag,
      body: actionBody(kind),
      response: ContractActionResultSchema,
      errors: actionErrors,
    }),
  }
}

/** The brand flag each kind's pages and calls are behind. */
export const contractKindFlags = {
  dividend: 'enableCt',
  dailySalary: 'salary',
  hourlySalary: 'hourSalary',
  realTimeSalary: 'RTSALARY3',
} as const satisfies Record<ContractKind, string>

const dividendRows = contractRows(
  'dividend',
  { read: '/wps/relay/MCS2_processDividendReq', act: '/wps/relay/MCSFE_processContractDividend' },
  contractKindFlags.dividend,
)
const dailyRows = contractRows(
  'dailySalary',
  { read: '/wps/relay/MCS2_processDailySalContract', act: '/wps/relay/MCSFE_processDailySalaryContract' },
  contractKindFlags.dailySalary,
)
const hourlyRows = contractRows(
  'hourlySalary',
  { read: '/wps/relay/MCS2_processContractHourSalary', act: '/wps/relay/MCSFE_processContractHourSalary' },
  contractKindFlags.hourlySalary,
)
const realTimeRows = contractRows(
  'realTimeSalary',
  {
    read: '/wps/relay/MCSFE_processRealTimeSalaryContract',
    act: '/wps/relay/MCSFE_processRealTimeSalaryContract',
  },
  contractKindFlags.realTimeSalary,
)

// ---------------------------------------------------------------------------------------
// Payments (decision 024): each contract is paid once per period it was in force at the end
// of, by a job after the period closes. A payment shows what it was counted from.

/** The periods payments are made for: a dividend's, the day, the hour, a 5-minute window. */
export const contractPeriodUnits = ['hour', 'day', 'week', 'semimonth', 'month', 'window'] as const
export const ContractPeriodUnitSchema = z.enum(contractPeriodUnits)
export type ContractPeriodUnit = z.infer<typeof ContractPeriodUnitSchema>

/** The minutes of a real-time salary's window. */
export const realTimeWindowMinutes = 5

/** One payment of one contract for one period. Times are epoch ms, amounts money. */
export const ContractPaymentSchema = z.object({
  id: z.int(),
  contractId: z.int(),
  kind: ContractKindSchema,
  agentId: z.int(),
  agentAccount: z.string(),
  unit: ContractPeriodUnitSchema,
  periodStart: z.number(),
  periodEnd: z.number(),
  /** The team's valid bets (salaries), loss (dividend) or stakes (real-time salary). */
  measure: MoneySchema,
  /** A dividend's active members of the period. */
  activeMembers: z.int(),
  /** The rate of the tier the measure reached (a real-time salary's vary by bet: null). */
  rate: z.nullable(z.int()),
  /** A real-time salary's stakes of bets the members won and lost. */
  wonStakes: z.nullable(MoneySchema),
  lostStakes: z.nullable(MoneySchema),
  /** What the agent's own contract gives on its whole team. */
  pay: MoneySchema,
  /** What its downline agents' contracts of the kind take of that. */
  downlinePay: MoneySchema,
  /** Paid: pay less downline pay, never below 0. */
  amount: MoneySchema,
  /** Downline pay above pay (a dividend's winning sub-team), borne by the house. */
  shortfall: MoneySchema,
  paidAt: z.number(),
})
export type ContractPayment = z.infer<typeof ContractPaymentSchema>

export const contractPaymentScopes = ['mine', 'downline'] as const

export const ContractPaymentsQuerySchema = z.object({
  /** mine: paid to me; downline: paid to my direct downline agents. */
  scope: z._default(z.enum(contractPaymentScopes), 'mine'),
  ...TimeRangeShape,
  ...PageQueryShape,
})
export type ContractPaymentsQuery = z.infer<typeof ContractPaymentsQuerySchema>

export const ContractPaymentsSchema = z.object({
  payments: pageOf(ContractPaymentSchema),
  /** The sum paid over every payment the query matches (not only this page). */
  sum: MoneySchema,
})
export type ContractPayments = z.infer<typeof ContractPaymentsSchema>

/** What a kind's history answers: the page and its sum, and the brand's time zone its periods are days of. */
export const ContractPaymentHistorySchema = z.extend(ContractPaymentsSchema, { timeZone: z.string() })
export type ContractPaymentHistory = z.infer<typeof ContractPaymentHistorySchema>

function paymentRow(kind: ContractKind, path: string, modId: string) {
  return defineEndpoint({
    name: `contracts.${kind}Payments`,
    method: 'GET',
    path,
    auth: 'agent',
    encrypted: false,
    modId,
    query: ContractPaymentsQuerySchema,
    response: ContractPaymentHistorySchema,
    errors: readErrors,
  })
}

/** Each kind's payment history (the dividend record, daily wages, …), behind the kind's flag. */
const paymentRows = {
  dividend: paymentRow('dividend', '/wps/relay/MCSFE_getDividendRecord', contractKindFlags.dividend),
  dailySalary: paymentRow(
    'dailySalary',
    '/wps/relay/MCSFE_getDailySalaryRecord',
    contractKindFlags.dailySalary,
  ),
  hourlySalary: paymentRow(
    'hourlySalary',
    '/wps/relay/MCSFE_getHourSalaryRecord',
    contractKindFlags.hourlySalary,
  ),
  realTimeSalary: paymentRow(
    'realTimeSalary',
    '/wps/relay/MCSFE_getRealTimeSalaryRecord',
    contractKindFlags.realTimeSalary,
  ),
} as const

export const contractEndpoints = {
  dividend: dividendRows.read,
  dividendAction: dividendRows.act,
  dailySalary: dailyRows.read,
  dailySalaryAction: dailyRows.act,
  hourlySalary: hourlyRows.read,
  hourlySalaryAction: hourlyRows.act,
  realTimeSalary: realTimeRows.read,
  realTimeSalaryAction: realTimeRows.act,
  dividendPayments: paymentRows.dividend,
  dailySalaryPayments: paymentRows.dailySalary,
  hourlySalaryPayments: paymentRows.hourlySalary,
  realTimeSalaryPayments: paymentRows.realTimeSalary,
} as const

/** The read and action rows of each kind, for code that goes by kind. */
export const contractEndpointsByKind = {
  dividend: {
    read: contractEndpoints.dividend,
    act: contractEndpoints.dividendAction,
    payments: contractEndpoints.dividendPayments,
  },
  dailySalary: {
    read: contractEndpoints.dailySalary,
    act: contractEndpoints.dailySalaryAction,
    payments: contractEndpoints.dailySalaryPayments,
  },
  hourlySalary: {
    read: contractEndpoints.hourlySalary,
    act: contractEndpoints.hourlySalaryAction,
    payments: contractEndpoints.hourlySalaryPayments,
  },
  realTimeSalary: {
    read: contractEndpoints.realTimeSalary,
    act: contractEndpoints.realTimeSalaryAction,
    payments: contractEndpoints.realTimeSalaryPayments,
  },
} as const
