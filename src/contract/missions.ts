/**
 * Missions (decision 030, section 4): the 7-day sign-in, the newbie tasks, the rescue task and
 * the milestones, each a definition stored as data whose member state is derived from claim
 * rows, stored facts and the clock (the promotion engine's states). Points rewards go to the
 * points book; bonus and cash rewards through the promotion engine.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { MoneySchema } from './money'
import { RowIdSchema, intFromQuery } from './paging'
import { PointsSchema } from './points-values'
import {
  ClosedReasonSchema,
  PromotionFrequencySchema,
  PromotionStateSchema,
  TurnoverSchema,
} from './promotions'

export const missionKinds = ['signIn', 'newbie', 'rescue', 'milestone'] as const
export const MissionKindSchema = z.enum(missionKinds)
export type MissionKind = z.infer<typeof MissionKindSchema>

/** What "done" means for a newbie task, each read from its own fact. */
export const newbieGoals = [
  'profile',
  'bankCard',
  'firstDeposit',
  'firstBet',
  'appInstalled',
  'notifications',
] as const
export const NewbieGoalSchema = z.enum(newbieGoals)
export type NewbieGoal = z.infer<typeof NewbieGoalSchema>

/** Points go to the points book; bonus (with turnover) and cash through the promotion engine. */
export const missionRewardKinds = ['points', 'bonus', 'cash'] as const
export const MissionRewardKindSchema = z.enum(missionRewardKinds)
export type MissionRewardKind = z.infer<typeof MissionRewardKindSchema>

/** The sign-in has seven days; day 8 starts again at day 1. */
export const signInDays = 7

/** An amount of a rule: centipoints for a points reward, minor units of money otherwise. */
const UnitsSchema = z.int().check(z.gte(0), z.lte(Number.MAX_SAFE_INTEGER))

/**
 * A mission's rule as stored (parsed on every read): the sign-in's reward per day, a newbie
 * task's reward, the rescue's share of yesterday's loss (basis points, capped, from a
 * minimum loss), the milestone's tiers of valid bets in the period.
 */
export const MissionRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('signIn'), days: z.array(UnitsSchema).check(z.length(signInDays)) }),
  z.object({ kind: z.literal('newbie'), reward: UnitsSchema }),
  z.object({
    kind: z.literal('rescue'),
    rate: z.int().check(z.gte(0), z.lte(10_000)),
    cap: UnitsSchema,
    minLoss: UnitsSchema,
  }),
  z.object({
    kind: z.literal('milestone'),
    tiers: z
      .array(z.object({ turnover: UnitsSchema, reward: UnitsSchema }))
      .check(z.minLength(1), z.maxLength(10)),
  }),
])
export type MissionRule = z.infer<typeof MissionRuleSchema>

/** A reward as shown: points ("12.5") or money ("5.00"). */
export const MissionRewardSchema = z.object({ kind: MissionRewardKindSchema, amount: MoneySchema })
export type MissionReward = z.infer<typeof MissionRewardSchema>

export const MissionSchema = z.object({
  id: z.int(),
  kind: MissionKindSchema,
  goal: z.nullable(NewbieGoalSchema),
  frequency: PromotionFrequencySchema,
  title: z.string(),
  imageUrl: z.nullable(z.string()),
  /** One of the engine's states: comingSoon, inProgress, claim, claimed, closed. */
  state: PromotionStateSchema,
  reason: z.nullable(ClosedReasonSchema),
  /** Valid bets (milestone) or steps (newbie) done against the target. */
  progress: z.nullable(z.object({ done: z.string(), target: z.string() })),
  /** What a claim now pays (the sign-in: today's day; the milestone: the next tier). */
  reward: MissionRewardSchema,
  turnover: TurnoverSchema,
  /** Leaderboard points per claim. */
  score: z.int(),
  /** When the state next changes by the clock alone (the brand's midnight, the start). */
  changesAt: z.nullable(z.int()),
})
export type Mission = z.infer<typeof MissionSchema>

export const SignInSchema = z.object({
  missionId: z.int(),
  /** The day of the seven that today's check-in is (or was), 1 to 7. */
  today: z.int(),
  checkedInToday: z.boolean(),
  days: z.array(z.object({ day: z.int(), reward: MissionRewardSchema, checkedIn: z.boolean() })),
  /** The brand's next midnight: the next check-in. */
  nextAt: z.int(),
})
export type SignIn = z.infer<typeof SignInSchema>

export const MissionSummarySchema = z.object({
  list: z.array(MissionSchema),
  signIn: z.nullable(SignInSchema),
  /** Missions in state claim (today's check-in included): the badge. */
  claimable: z.int(),
  timeZone: z.string(),
})
export type MissionSummary = z.infer<typeof MissionSummarySchema>

export const MilestoneTierSchema = z.object({
  step: z.int(),
  turnover: MoneySchema,
  reward: MissionRewardSchema,
  state: z.enum(['inProgress', 'claim', 'claimed']),
})

export const MilestonesSchema = z.object({
  list: z.array(
    z.object({
      missionId: z.int(),
      title: z.string(),
      frequency: PromotionFrequencySchema,
      /** The period's first day (YYYY-MM-DD) and the first instant after it. */
      period: z.string(),
      endsAt: z.nullable(z.int()),
      validBets: MoneySchema,
      tiers: z.array(MilestoneTierSchema),
    }),
  ),
})
export type Milestones = z.infer<typeof MilestonesSchema>

export const LeaderboardSchema = z.object({
  /** The brand's week (its Monday, YYYY-MM-DD). */
  period: z.string(),
  list: z.array(z.object({ rank: z.int(), account: z.string(), score: z.int() })),
  me: z.object({ rank: z.nullable(z.int()), score: z.int() }),
})
export type Leaderboard = z.infer<typeof LeaderboardSchema>

export const MissionClaimedSchema = z.object({
  claim: z.object({
    id: z.int(),
    missionId: z.int(),
    step: z.int(),
    streakDay: z.nullable(z.int()),
    reward: MissionRewardSchema,
  }),
  /** The member's points after a points reward, else null. */
  points: z.nullable(PointsSchema),
})
export type MissionClaimed = z.infer<typeof MissionClaimedSchema>

export const missionEndpoints = {
  summary: defineEndpoint({
    name: 'missions.summary',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMissionSummaryDetails',
    auth: 'member',
    encrypted: false,
    response: MissionSummarySchema,
    errors: ['in_need_true_account'],
  }),
  rules: defineEndpoint({
    name: 'missions.rules',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMissionRules',
    auth: 'member',
    encrypted: false,
    query: z.object({ missionId: intFromQuery(1, 2_147_483_647) }),
    /** The mission's rules as plain text, in the caller's language. */
    response: z.object({ missionId: z.int(), title: z.string(), rules: z.string() }),
    errors: ['mission_not_found', 'in_need_true_account'],
  }),
  milestones: defineEndpoint({
    name: 'missions.milestones',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMissionMilestones',
    auth: 'member',
    encrypted: false,
    response: MilestonesSchema,
    errors: ['in_need_true_account'],
  }),
  leaderboard: defineEndpoint({
    name: 'missions.leaderboard',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMissionLeaderboard',
    auth: 'member',
    encrypted: false,
    response: LeaderboardSchema,
    errors: ['in_need_true_account'],
  }),
  /** Check in (the sign-in mission's id) or claim a done mission (a milestone's tier by `step`). */
  claim: defineEndpoint({
    name: 'missions.claim',
    method: 'POST',
    path: '/wps/relay/MCSFE_claimMissionRewards',
    auth: 'member',
    encrypted: false,
    idempotent: true,
    body: z.object({
      missionId: RowIdSchema,
      step: z.optional(z.int().check(z.gte(0), z.lte(9))),
      /** The app runs from the home screen (the newbie task appInstalled). */
      installed: z.optional(z.boolean()),
    }),
    response: MissionClaimedSchema,
    errors: [
      'mission_not_found',
      'mission_not_done',
      'mission_already_claimed',
      'mission_closed',
      'idempotency_key_required',
      'idempotency_key_reused',
      'in_need_true_account',
    ],
  }),
}
