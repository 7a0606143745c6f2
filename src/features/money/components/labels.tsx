/** Translated names of statuses and movement types. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Deposit, WithdrawalStatus } from '#contract/funds'
import type { MovementType } from '#contract/records'

export function DepositStatusLabel({ status }: { status: Deposit['status'] }) {
  switch (status) {
    case 'PENDING':
      return <Trans>Pending</Trans>
    case 'CREDITED':
      return <Trans>Credited</Trans>
    case 'FAILED':
      return <Trans>Failed</Trans>
  }
}

export function WithdrawalStatusLabel({ status }: { status: WithdrawalStatus }) {
  switch (status) {
    case 'PENDING':
      return <Trans>Pending</Trans>
    case 'PAID':
      return <Trans>Paid</Trans>
    case 'REJECTED':
      return <Trans>Rejected, returned</Trans>
    case 'RECEIVED':
      return <Trans>Received</Trans>
    case 'PARTLY_RECEIVED':
      return <Trans>Partly received</Trans>
    case 'NOT_RECEIVED':
      return <Trans>Not received</Trans>
    case 'AUTO_RECEIVED':
      return <Trans>Received (automatically)</Trans>
  }
}

/** The movement types' names, for the account record's list and its type filter. */
export const movementLabels: Record<MovementType, MessageDescriptor> = {
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
}

export function MovementTypeLabel({ type }: { type: MovementType }) {
  const { i18n } = useLingui()
  return <>{i18n._(movementLabels[type])}</>
}
