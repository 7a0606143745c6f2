/**
 * A member's referrals (decision 032; spec section 2, member centre "invite friends"): the
 * member's own code and link (made on first ask), the friends they brought, what they earned,
 * and adding a friend's code after registering. An agent's invitation is the same first call
 * (`MCSFE_getReferralDetails`): an agent's code places new members in their team, a member's
 * code records a referrer for rewards only.
 */
import { z } from 'zod/mini'
import { InvitationSchema } from './agent-invite'
import { defineEndpoint } from './endpoint'
import { MoneySchema } from './money'
import { PageQueryShape, pageOf } from './paging'
import { FriendRewardStateSchema, ReferralClaimKindSchema } from './referral-values'
import { text } from './text'

export const ReferralFriendSchema = z.object({
  /** The friend's username, masked (ab***yz). */
  username: z.string(),
  /** When the friend joined, epoch ms. */
  joinedAt: z.number(),
  /** The friend made a deposit. */
  deposited: z.boolean(),
  /** The friend's valid bets since joining. */
  validBet: MoneySchema,
  reward: FriendRewardStateSchema,
  /** What this friend earned the member; null until paid. */
  rewardAmount: z.nullable(MoneySchema),
})
export type ReferralFriend = z.infer<typeof ReferralFriendSchema>

/** The brand's referral rules as the page explains them. */
export const ReferralRulesSchema = z.object({
  /** Rewards are paid at all. */
  enabled: z.boolean(),
  /** Paid per friend who deposits and reaches `turnover`. */
  rewardAmount: MoneySchema,
  /** The friend's valid bets that qualify them. */
  turnover: MoneySchema,
  /** The share of qualified friends' valid bets paid each day, basis points; 0 for none. */
  shareBp: z.int(),
  /** The reward's own turnover before withdrawal, as a multiple ("1" = 1×). */
  rewardTurnoverMultiple: z.string(),
})
export type ReferralRules = z.infer<typeof ReferralRulesSchema>

export const ReferralOverviewSchema = z.object({
  totalInvitations: z.int(),
  /** Friends who made a deposit. */
  deposited: z.int(),
  /** Friends whose reward was paid. */
  rewarded: z.int(),
  /** Friends not yet qualified (or waiting for the operator). */
  pending: z.int(),
  /** Everything earned from friends: per-friend rewards and daily shares. */
  totalEarned: MoneySchema,
  rules: ReferralRulesSchema,
})
export type ReferralOverview = z.infer<typeof ReferralOverviewSchema>

/** One reward paid to the member for their friends (getInvitationClaimReport). */
export const ReferralClaimSchema = z.object({
  kind: ReferralClaimKindSchema,
  /** The friend who qualified, masked (ab***yz); null for a day's share. */
  friend: z.nullable(z.string()),
  /** The brand day a share is of (YYYY-MM-DD); null for a friend's reward. */
  day: z.nullable(z.string()),
  amount: MoneySchema,
  /** When it was paid, epoch ms. */
  paidAt: z.number(),
})
export type ReferralClaim = z.infer<typeof ReferralClaimSchema>

export const referralEndpoints = {
  details: defineEndpoint({
    name: 'referral.details',
    method: 'GET',
    path: '/wps/relay/MCSFE_getReferralDetails',
    auth: 'member',
    encrypted: false,
    /** `autoGenerate` is the platform's own parameter: the code is always made on first ask. */
    query: z.object({ autoGenerate: z.optional(z.enum(['true', 'false'])) }),
    response: InvitationSchema,
    // An agent's invitations follow AFFMAN3 (feature_disabled when off).
    errors: ['feature_disabled'],
  }),
  friends: defineEndpoint({
    name: 'referral.friends',
    method: 'GET',
    path: '/wps/relay/MCSFE_getInviteList',
    auth: 'member',
    encrypted: false,
    query: z.object({ ...PageQueryShape }),
    /** Newest friend first. */
    response: pageOf(ReferralFriendSchema),
    errors: [],
  }),
  overview: defineEndpoint({
    name: 'referral.overview',
    method: 'GET',
    path: '/wps/relay/MCSFE_getReferralMyIncome',
    auth: 'member',
    encrypted: false,
    response: ReferralOverviewSchema,
    errors: [],
  }),
  claims: defineEndpoint({
    name: 'referral.claims',
    method: 'GET',
    path: '/wps/relay/MCSFE_getInvitationClaimReport',
    auth: 'member',
    encrypted: false,
    query: z.object({ ...PageQueryShape }),
    /** Newest first: the rewards paid to the member, per friend and per day's share. */
    response: pageOf(ReferralClaimSchema),
    errors: [],
  }),
  bind: defineEndpoint({
    name: 'referral.bind',
    method: 'POST',
    path: '/wps/relay/MCSFE_bindReferralCode',
    auth: 'member',
    encrypted: false,
    body: z.object({ referralCode: text(64) }),
    response: z.object({ bound: z.literal(true) }),
    errors: ['invitation_code_error', 'referral_self', 'referral_already_referred', 'validation_failed'],
  }),
} as const
