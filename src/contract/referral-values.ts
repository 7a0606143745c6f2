/**
 * The values a member's referral is stored with (server/db/schema/referrals.ts) and answered
 * in (src/contract/referral.ts), defined once.
 */
import { z } from 'zod/mini'

/**
 * Where a referral stands for its reward: `ok` pays when the friend qualifies; `held` looked
 * like self-referral at registration and waits for the operator; `approved` the operator let
 * it pay; `rejected` it never pays.
 */
export const referralReviews = ['ok', 'held', 'approved', 'rejected'] as const
export const ReferralReviewSchema = z.enum(referralReviews)
export type ReferralReview = z.infer<typeof ReferralReviewSchema>

/** Why a referral was held: the friend registered from the referrer's address or device. */
export const referralFlags = ['sameAddress', 'sameDevice'] as const
export const ReferralFlagSchema = z.enum(referralFlags)
export type ReferralFlag = z.infer<typeof ReferralFlagSchema>

/** A friend's reward, as the friends list shows it. */
export const friendRewardStates = ['pending', 'held', 'rewarded', 'rejected'] as const
export const FriendRewardStateSchema = z.enum(friendRewardStates)
export type FriendRewardState = z.infer<typeof FriendRewardStateSchema>

/** A reward paid to the referrer: `friend` per friend who qualified, `share` a day's share of friends' valid bets. */
export const referralClaimKinds = ['friend', 'share'] as const
export const ReferralClaimKindSchema = z.enum(referralClaimKinds)
export type ReferralClaimKind = z.infer<typeof ReferralClaimKindSchema>

/** The most a share of friends' valid bets may be, in basis points (5%). */
export const maxReferralShareBp = 500
