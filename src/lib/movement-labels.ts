import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PointMovementType } from '#contract/points-values'
import type { MovementType } from '#contract/records'

/**
 * Each money movement type's name, as the member's account record and the agent's account
 * details of the team say it (in the list and in the type filter), and each points movement
 * type's, as the points details say it.
 */
export const movementLabels: Record<MovementType | PointMovementType, MessageDescriptor> = {
  DEPOSIT: msg`Deposit`,
  WITHDRAWAL: msg`Withdrawal`,
  WITHDRAWAL_RETURN: msg`Withdrawal returned`,
  WALLET_TRANSFER: msg`Wallet transfer`,
  UPLINE_TRANSFER: msg`Transfer to upline`,
  DOWNLINE_TRANSFER: msg`Agent transfer`,
  ADJUSTMENT: msg`Adjustment`,
  BONUS: msg`Bonus`,
  BET: msg`Bet`,
  PAYOUT: msg`Payout`,
  TRIAL_CREDIT: msg`Play money`,
  SALARY: msg`Salary`,
  DIVIDEND: msg`Dividend`,
  POINT_MALL: msg`Point mall`,
  EARN: msg`Points earned on bets`,
  MISSION: msg`Mission reward`,
  REDEEM: msg`Redeemed in the point mall`,
  REDEEM_RETURN: msg`Redemption returned`,
  CONVERT: msg`Converted to money`,
}
