/**
 * The wallet area's plain values, apart from its schemas and rows (src/contract/wallet.ts):
 * the game launch and the push notices read them on the first page, and importing them from
 * here keeps the wallet's schemas out of the boot chunk.
 */

/** SINGLE: games draw on the main wallet; MULTI: each vendor has its own wallet. */
export const walletModes = ['SINGLE', 'MULTI'] as const
export type WalletMode = (typeof walletModes)[number]

/** What a fund notice tells a member (the inbox and web push). */
export const fundNoticeKinds = [
  'deposit_credited',
  'deposit_failed',
  'withdrawal_approved',
  'withdrawal_rejected',
  'withdrawal_auto_received',
  'transfer_from_upline',
  // Agent contracts (server/contracts): the other side offered, accepted, rejected or ended one.
  'contract_offered',
  'contract_accepted',
  'contract_rejected',
  'contract_terminated',
  // A contract's payment for a period (server/contracts/settlement-service.ts).
  'contract_paid',
  // Promotions (server/promotions): an application approved or rejected (with the reason), a
  // reward issued to claim in the reward centre, and a reward credited without a claim.
  'promotion_approved',
  'promotion_rejected',
  'promotion_issued',
  'promotion_credited',
  // A raffle's draw (server/promotions/raffle-service.ts) paid a winner their prize.
  'raffle_won',
  // A member reached a VIP level (server/loyalty/vip), with its level-up bonus when it has one.
  'vip_level_up',
  // The operator approved or rejected a point-mall redemption (server/loyalty/points).
  'redemption_approved',
  'redemption_rejected',
  // The member's VIP level's birthday bonus was credited (server/loyalty/vip/birthday.ts).
  'vip_birthday',
  // The operator replied to the member's feedback (server/feedback).
  'feedback_replied',
] as const

/** An online deposit's gateway order, as the gateway brings the member back with it (the home page's `?deposit=`). */
export const depositOrderPattern = /^[A-Z0-9]{1,40}$/
