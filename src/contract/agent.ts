/**
 * The agent centre: an agent's team (the whole downline tree under them) in figures, the
 * downline itself, and transfers down to one member or, as a red envelope, to several.
 * Every call answers only for the caller's own team: a member outside it answers as one
 * that does not exist.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { memberStatuses } from './identity-values'
import { AmountInputSchema, MoneySchema } from './money'
import { PageQueryShape, intFromQuery, pageOf } from './paging'
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
  memberId: z.int().check(z.positive()),
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
    /** The caller's balance after the transfer. */
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
    ],
  }),
} as const
