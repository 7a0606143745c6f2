/** Translated names of statuses and movement types. */
import { Trans, useLingui } from '@lingui/react/macro'
import type { Deposit, WithdrawalStatus } from '#contract/funds'
import type { PointMovementType } from '#contract/points-values'
import type { MovementType } from '#contract/records'
import { movementLabels } from '../../../lib/movement-labels'

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

export function MovementTypeLabel({ type }: { type: MovementType | PointMovementType }) {
  const { i18n } = useLingui()
  return <>{i18n._(movementLabels[type])}</>
}
