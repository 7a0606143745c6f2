/**
 * The agent centre: an agent's team (the whole downline tree under them) in figures, the
 * downline itself, and transfers down to one member or, as a red envelope, to several.
 * Every call answers only for the caller's own team: a member outside it answers as one
 * that does not exist.
 */
import { z } from 'zod/mini'
import { ContractKindSchema } from './contracts'
import { defineEndpoint } from './endpoint'
import { gameTypes } from './games'
import { memberStatuses } from './identity-values'
import { AmountInputSchema, MoneySchema } from './money'
import { PageQueryShape, RowIdSchema, intFromQuery, pageOf } from './paging'
import { MovementTypeSchema, ProductTypeSchema, betStatuses } from './records'
import { text } from './text'

/** The periods of the team's figures, in the brand's time zone; `range` takes from and to. */
export const teamPeriods = ['today', 'yesterday', 'thisWeek', 'thisMonth', 'range'] as const
export const TeamPeriodSchema = z.enum(teamPeriods)
export type TeamPeriod = z.infer<typeof TeamPeriodSchema>

/** A calendar day, YYYY-MM-DD, in the brand's time zone. */
export const DaySchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))

/** The longest chosen range the figures are given for. */
export const maxTeamRangeDays = 93

/** The most members one red envelope is shared between. */
export const maxEnvelopeRecipients = 100

export const TeamFiguresSchema = z.object({
  /** Members in this part of the team now. */
  members: z.int(),
  /** Of them, those who joined in the period. */
  newMembers: z.int(),
  /** Those with a settled bet in the period. */
  activeMembers: z.int(),
  /** Those whose first deposit was in the period. */
  firstDeposits: z.int(),
  deposits: MoneySchema,
  withdrawals: MoneySchema,
  validBets: MoneySchema,
  bonuses: MoneySchema,
  /** The members' winnings less their stakes on settled bets: negative when they lost. */
  profitLoss: MoneySchema,
})
export type TeamFigures = z.infer<typeof TeamFiguresSchema>

export const DownlineMemberSchema = z.object({
  id: z.int(),
  account: z.string(),
  nickname: z.string(),
  /** 1 for the caller's direct downline, 2 for theirs, … */
  level: z.int(),
  /** The platform's member type: 0 member, 1/2/41/42 agent. */
  type: z.int(),
  /** Members under this one (its own direct downline). */
  downlineCount: z.int(),
  balance: MoneySchema,
  status: z.enum(memberStatuses),
  /** Epoch ms. */
  joinedAt: z.number(),
  lastLoginAt: z.nullable(z.number()),
})
export type DownlineMember = z.infer<typeof DownlineMemberSchema>

/** One step of the way from the caller down to the member whose downline is shown. */
export const DownlineStepSchema = z.object({ id: z.int(), account: z.string() })

export const EnvelopeShareSchema = z.object({
  memberId: RowIdSchema,
  amount: AmountInputSchema,
})

/** The period of a team report: the overview's periods, `range` with from and to. */
const PeriodQueryShape = {
  period: z._default(TeamPeriodSchema, 'today'),
  from: z.optional(DaySchema),
  to: z.optional(DaySchema),
}

/** The days a report covers, as the server read the period. */
const ReportDaysShape = { from: DaySchema, to: DaySchema, timeZone: z.string() }

/** One bet of a member of the team (a game round or a lottery bet). */
export const TeamBetSchema = z.object({
  id: z.int(),
  memberId: z.int(),
  account: z.string(),
  betNo: z.string(),
  productType: ProductTypeSchema,
  vendorName: z.string(),
  gameName: z.string(),
  betAmount: MoneySchema,
  validBet: MoneySchema,
  payout: MoneySchema,
  /** Payout less stake on a settled bet; zero until then. */
  winLoss: MoneySchema,
  status: z.enum(betStatuses),
  /** Epoch ms. */
  betTime: z.number(),
  settledTime: z.nullable(z.number()),
})
export type TeamBet = z.infer<typeof TeamBetSchema>

/** One member's profit and loss over the period: how the member did, not the house. */
export const MemberProfitLossSchema = z.object({
  memberId: z.int(),
  account: z.string(),
  level: z.int(),
  betCount: z.int(),
  validBets: MoneySchema,
  profitLoss: MoneySchema,
  deposits: MoneySchema,
  withdrawals: MoneySchema,
  bonuses: MoneySchema,
})
export type MemberProfitLoss = z.infer<typeof MemberProfitLossSchema>

/** One money movement of a member of the team. */
export const TeamMovementSchema = z.object({
  id: z.int(),
  memberId: z.int(),
  account: z.string(),
  /** Epoch ms. */
  time: z.number(),
  type: MovementTypeSchema,
  /** Signed: into the member's wallet positive. */
  amount: MoneySchema,
  balanceAfter: MoneySchema,
  memo: z.nullable(z.string()),
})
export type TeamMovement = z.infer<typeof TeamMovementSchema>

const memberFilter = z.optional(intFromQuery(1, 2_147_483_647))

/**
 * A rebate rate, in basis points of the valid bet: 100 is 1%, 1 is 0.01%. An account's rate
 * for a game type is never above its upline's; no rate set is 0.
 */
export const rebateRateScale = 10_000
export const RebateRateSchema = z.int().check(z.minimum(0), z.maximum(rebateRateScale))

/** One game type's rebate rate. */
export const GameRebateRateSchema = z.object({ productType: ProductTypeSchema, rate: RebateRateSchema })
export type GameRebateRate = z.infer<typeof GameRebateRateSchema>

/** A rate as a percentage with two decimals: 85 → "0.85". */
export function rebateRatePercent(rate: number): string {
  return `${Math.trunc(rate / 100)}.${String(rate % 100).padStart(2, '0')}`
}

/** A percentage as typed ("0.8", "1", "1.25") in basis points; null when it is not one. */
export function parseRebatePercent(typed: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(typed.trim())
  if (!m) return null
  const rate = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
  return rate <= rebateRateScale ? rate : null
}

/** What an agent opens: a member of its downline, or an agent of its own. */
export const openAccountKinds = ['member', 'agent'] as const

/** One game type of the agent's income for the period: its team's valid bets and what they come to. */
export const IncomeLineSchema = z.object({
  productType: ProductTypeSchema,
  /** The agent's own rate now. */
  rate: RebateRateSchema,
  /** The team's valid bets of this game type in the period. */
  validBets: MoneySchema,
  /** The rebate difference: what the agent's rate above its downline's comes to, rounded down. */
  income: MoneySchema,
})
export type IncomeLine = z.infer<typeof IncomeLineSchema>

/** What one kind of contract paid the agent for the period's days (settled, not estimated). */
export const IncomeContractLineSchema = z.object({
  kind: ContractKindSchema,
  /** The payments of the kind whose period starts within the days. */
  payments: z.int(),
  amount: MoneySchema,
})
export type IncomeContractLine = z.infer<typeof IncomeContractLineSchema>

export const agentEndpoints = {
  teamOverview: defineEndpoint({
    name: 'agent.teamOverview',
    method: 'GET',
    path: '/wps/relay/ODSFE2_teamOverview',
    auth: 'agent',
    encrypted: false,
    modId: 'AGEINFO3',
    query: z.object(PeriodQueryShape),
    response: z.object({
      ...ReportDaysShape,
      /** The caller's direct downline. */
      direct: TeamFiguresSchema,
      /** The whole team: every level under the caller. */
      team: TeamFiguresSchema,
    }),
    errors: ['team_range_invalid'],
  }),
  downline: defineEndpoint({
    name: 'agent.downline',
    method: 'GET',
    path: '/wps/relay/ODSFE2_subordinateSimple',
    auth: 'agent',
    encrypted: false,
    modId: 'DOWNMAN',
    query: z.object({
      ...PageQueryShape,
      /** Whose direct downline to show: the caller's when absent, else one of their team. */
      parentId: z.optional(intFromQuery(1, 2_147_483_647)),
      /** Part of an account name: searches the whole team instead. */
      account: z.optional(text(64)),
    }),
    response: z.object({
      ...pageOf(DownlineMemberSchema).shape,
      /** From the caller (first) down to the member whose downline this is. */
      path: z.array(DownlineStepSchema),
    }),
    errors: ['downline_not_found'],
  }),
  teamBets: defineEndpoint({
    name: 'agent.teamBets',
    method: 'GET',
    path: '/wps/relay/ODSFE2_teamBetting',
    auth: 'agent',
    encrypted: false,
    modId: 'TEAMBETTING3',
    query: z.object({
      ...PageQueryShape,
      ...PeriodQueryShape,
      memberId: memberFilter,
      /** An account of the team, typed: that member's bets only. */
      account: z.optional(text(64)),
      productType: z.optional(ProductTypeSchema),
      vendorName: z.optional(text(64)),
    }),
    response: z.object({
      ...pageOf(TeamBetSchema).shape,
      ...ReportDaysShape,
      totals: z.object({ betAmount: MoneySchema, validBet: MoneySchema, winLoss: MoneySchema }),
    }),
    errors: ['team_range_invalid', 'downline_not_found'],
  }),
  teamProfitLoss: defineEndpoint({
    name: 'agent.teamProfitLoss',
    method: 'GET',
    path: '/wps/relay/ODSFE2_teamPNL',
    auth: 'agent',
    encrypted: false,
    modId: 'AGETEAMPNL3',
    query: z.object({ ...PageQueryShape, ...PeriodQueryShape, account: z.optional(text(64)) }),
    /** Members who played or moved money in the period, biggest losses first. */
    response: z.object({
      ...pageOf(MemberProfitLossSchema).shape,
      ...ReportDaysShape,
      totals: z.object({ validBets: MoneySchema, profitLoss: MoneySchema }),
    }),
    errors: ['team_range_invalid'],
  }),
  teamMovements: defineEndpoint({
    name: 'agent.teamMovements',
    method: 'GET',
    path: '/wps/relay/ODSFE2_teamTransDet',
    auth: 'agent',
    encrypted: false,
    modId: 'AGEDOWNTRANS3',
    query: z.object({
      ...PageQueryShape,
      ...PeriodQueryShape,
      memberId: memberFilter,
      /** An account of the team, typed: that member's movements only. */
      account: z.optional(text(64)),
      type: z.optional(MovementTypeSchema),
    }),
    response: z.object({ ...pageOf(TeamMovementSchema).shape, ...ReportDaysShape }),
    errors: ['team_range_invalid', 'downline_not_found'],
  }),
  downlineTransfer: defineEndpoint({
    name: 'agent.downlineTransfer',
    method: 'POST',
    path: '/wps/relay/agentDownlineTransfer',
    auth: 'agent',
    encrypted: true,
    idempotent: true,
    secrets: ['paymentPassword'],
    modId: 'DOWNMAN',
    /**
     * One transfer shared between the members named, each with its amount (a red envelope
     * when there are several), in one ledger transaction.
     */
    body: z.object({
      shares: z.array(EnvelopeShareSchema).check(z.minLength(1), z.maxLength(maxEnvelopeRecipients)),
      paymentPassword: text(128),
    }),
    /**
     * The caller's balance after the transfer. Refused over the brand's limits: the most per
     * transfer (transfer_over_limit, value { limit }) and per day of the brand's time zone
     * (transfer_daily_limit, value { limit, remaining }). Several members need the red
     * envelope switched on (AGENTRANSMULTDOWN3; else feature_disabled).
     */
    response: z.object({ recipients: z.int(), total: MoneySchema, sumBalance: MoneySchema }),
    errors: [
      'amount_invalid',
      'amount_out_of_range',
      'idempotency_key_required',
      'idempotency_key_reused',
      'payment_password_not_set',
      'payment_password_wrong',
      'payment_password_locked',
      'insufficient_balance',
      'downline_not_found',
      'transfer_recipients_invalid',
      'transfer_over_limit',
      'transfer_daily_limit',
      'feature_disabled',
    ],
  }),
  // The rows below have no path of their own in the platform's reference: the agent's own
  // rates use the platform's member rebate read (MCSFE_getCustomerRebateSettingByProductType);
  // opening an account and the income report follow the ODSFE2_ names of the rows above.
  rebateRates: defineEndpoint({
    name: 'agent.rebateRates',
    method: 'GET',
    path: '/wps/relay/MCSFE_getCustomerRebateSettingByProductType',
    auth: 'agent',
    encrypted: false,
    /** The caller's own rate for every game type: the ceiling of what it may give its downline. */
    response: z.object({ rates: z.array(GameRebateRateSchema) }),
    errors: [],
  }),
  openAccount: defineEndpoint({
    name: 'agent.openAccount',
    method: 'POST',
    path: '/wps/relay/ODSFE2_registerDownline',
    auth: 'agent',
    encrypted: true,
    idempotent: true,
    secrets: ['password', 'confirmPassword'],
    modId: 'REGCEN',
    /**
     * A member or an agent under the caller, with the brand's username and password rules;
     * its first login asks for a new password. Each rate is at most the caller's own for that
     * game type; a game type not named is 0.
     */
    body: z.object({
      kind: z.enum(openAccountKinds),
      username: text(64),
      password: text(128),
      confirmPassword: text(128),
      rates: z.array(GameRebateRateSchema).check(z.maxLength(gameTypes.length)),
    }),
    response: z.object({
      id: z.int(),
      account: z.string(),
      /** The platform's member type: 0 member, 2 agent. */
      type: z.int(),
      rates: z.array(GameRebateRateSchema),
    }),
    errors: [
      'username_taken',
      'password_mismatch',
      'rebate_rate_too_high',
      'feature_disabled',
      'idempotency_key_required',
      'idempotency_key_reused',
    ],
  }),
  downlineRebateRates: defineEndpoint({
    name: 'agent.downlineRebateRates',
    method: 'GET',
    path: '/wps/relay/ODSFE2_subordinateRebate',
    auth: 'agent',
    encrypted: false,
    modId: 'DOWNMAN',
    /** A member of the caller's direct downline: only its direct upline sets its rates. */
    query: z.object({ memberId: intFromQuery(1, 2_147_483_647) }),
    response: z.object({
      memberId: z.int(),
      account: z.string(),
      /** The member's rate for every game type. */
      rates: z.array(GameRebateRateSchema),
      /** The most each may be: the caller's own rate. */
      ceiling: z.array(GameRebateRateSchema),
      /** The least each may be: the highest of the member's own direct downline. */
      floor: z.array(GameRebateRateSchema),
    }),
    errors: ['downline_not_found'],
  }),
  setDownlineRebateRates: defineEndpoint({
    name: 'agent.setDownlineRebateRates',
    method: 'POST',
    path: '/wps/relay/ODSFE2_setSubordinateRebate',
    auth: 'agent',
    encrypted: false,
    idempotent: true,
    modId: 'DOWNMAN',
    /** New rates for the game types named, each between the member's floor and the caller's own. */
    body: z.object({
      memberId: RowIdSchema,
      rates: z.array(GameRebateRateSchema).check(z.minLength(1), z.maxLength(gameTypes.length)),
    }),
    response: z.object({ memberId: z.int(), rates: z.array(GameRebateRateSchema) }),
    errors: [
      'downline_not_found',
      'rebate_rate_too_high',
      'rebate_rate_below_downline',
      'idempotency_key_required',
      'idempotency_key_reused',
    ],
  }),
  income: defineEndpoint({
    name: 'agent.income',
    method: 'GET',
    path: '/wps/relay/ODSFE2_agentRevenue',
    auth: 'agent',
    encrypted: false,
    modId: 'AGEREV3',
    query: z.object(PeriodQueryShape),
    /**
     * An estimate of the rebate difference the team's valid bets in the period come to at
     * today's rates: per game type, the agent's rate less that of the direct downline the
     * bets came through (the member itself when direct), times those bets, rounded down to
     * the minor unit. Paying it is the rebate job's; this pays nothing.
     */
    response: z.object({
      ...ReportDaysShape,
      lines: z.array(IncomeLineSchema),
      totals: z.object({ validBets: MoneySchema, income: MoneySchema }),
      /**
       * Salaries and dividends paid to the agent for periods starting within the days (in the
       * brand's time zone): one line per contract kind, in the contract's order, and their sum.
       */
      contracts: z.object({ lines: z.array(IncomeContractLineSchema), total: MoneySchema }),
    }),
    errors: ['team_range_invalid'],
  }),
} as const
