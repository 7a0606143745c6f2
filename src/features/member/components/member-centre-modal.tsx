/**
 * The member centre: a left menu and the chosen page beside it. It is not closed by a
 * click on the background (spec section 9). The pages come from the caller (each its own
 * lazy chunk, composed in src/routes/-components/member-centre.tsx); a page without one
 * shows the empty state.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { CentreLayout } from '../../../components/layout/centre-layout'
import { EmptyState } from '../../../components/ui/empty-state'
import { Modal } from '../../../components/ui/modal'
import { memberCentrePages, type MemberCentrePage } from '../../../lib/modal-store'

export const memberPages = memberCentrePages
export type MemberPage = MemberCentrePage

function PageLabel({ page }: { page: MemberPage }): ReactNode {
  switch (page) {
    case 'securityCenter':
      return <Trans>My account</Trans>
    case 'transferFund':
      return <Trans>My wallet</Trans>
    case 'depositv2':
      return <Trans>Deposit</Trans>
    case 'withdraw':
      return <Trans>Withdrawal</Trans>
    case 'transferUpline':
      return <Trans>Transfer to upline</Trans>
    case 'personalHistoryCopy':
      return <Trans>Betting record</Trans>
    case 'transactionHistory':
      return <Trans>Account record</Trans>
    case 'personalProfit':
      return <Trans>Personal loss</Trans>
    case 'bonusDetails':
      return <Trans>Bonus details</Trans>
    case 'rewardCenter':
      return <Trans>Reward centre</Trans>
    case 'referral':
      return <Trans>Invite friends</Trans>
    case 'missionLeaderboard':
      return <Trans>Missions</Trans>
    case 'messageV2':
      return <Trans>Messages</Trans>
  }
}

export function MemberCentreModal({
  open,
  onClose,
  initial = 'securityCenter',
  renderPage,
}: {
  open: boolean
  onClose: () => void
  initial?: MemberPage
  /** The page's content, given a way to move to another page; null for the empty state. */
  renderPage?: (page: MemberPage, go: (page: MemberPage) => void) => ReactNode
}) {
  const { t } = useLingui()
  const [page, setPage] = useState<MemberPage>(initial)
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t`Member centre`}
      closeLabel={t`Close`}
      size="full"
      closeOnBackdrop={false}
    >
      <CentreLayout
        menuLabel={t`Member centre menu`}
        pages={memberPages}
        current={page}
        onSelect={setPage}
        label={(p) => <PageLabel page={p} />}
      >
        {renderPage?.(page, setPage) ?? <EmptyState title={<Trans>Nothing to show here yet.</Trans>} />}
      </CentreLayout>
    </Modal>
  )
}
