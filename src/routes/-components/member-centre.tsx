/**
 * The member centre with its pages: the money pages come from features/money, each its own
 * lazy chunk; member details, the password rule and game-type names come from the features
 * that own them.
 */
import { useLingui } from '@lingui/react/macro'
import { Suspense } from 'react'
import { MemberCentreModal, type MemberPage } from '../../features/member/components/member-centre-modal'
import { MyAccountPage } from '../../features/member/components/my-account-page'
import { Skeleton } from '../../components/ui/skeleton'
import { useModals } from '../../lib/modal-store'
import { useSession } from '../../lib/session'
import { lazyMoney } from './money-lazy'

const money = {
  securityCenter: lazyMoney(() =>
    import('../../features/money/components/security-centre-page').then((m) => m.SecurityCentrePage),
  ),
  transferFund: lazyMoney(() =>
    import('../../features/money/components/transfer-fund-page').then((m) => m.TransferFundPage),
  ),
  depositv2: lazyMoney(() =>
    import('../../features/money/components/deposit-page').then((m) => m.DepositPage),
  ),
  withdraw: lazyMoney(() =>
    import('../../features/money/components/withdraw-page').then((m) => m.WithdrawPage),
  ),
  transferUpline: lazyMoney(() =>
    import('../../features/money/components/transfer-upline-page').then((m) => m.TransferUplinePage),
  ),
  personalHistoryCopy: lazyMoney(() =>
    import('../../features/money/components/betting-record-page').then((m) => m.BettingRecordPage),
  ),
  transactionHistory: lazyMoney(() =>
    import('../../features/money/components/account-record-page').then((m) => m.AccountRecordPage),
  ),
  personalProfit: lazyMoney(() =>
    import('../../features/money/components/profit-page').then((m) => m.ProfitPage),
  ),
  bonusDetails: lazyMoney(() =>
    import('../../features/money/components/bonus-details-page').then((m) => m.BonusDetailsPage),
  ),
}

export function MemberCentre({ onClose, avatarChoice }: { onClose: () => void; avatarChoice: boolean }) {
  const { t } = useLingui()
  const modals = useModals()
  const s = useSession()

  function page(p: MemberPage, go: (p: MemberPage) => void) {
    switch (p) {
      case 'securityCenter':
        return (
          <>
            <MyAccountPage avatarChoice={avatarChoice} />
            {/* The avatar part shows at once; the money part below it when its chunk is in. */}
            <Suspense fallback={<Skeleton lines={4} label={t`Loading`} />}>
              <money.securityCenter member={s.member} />
            </Suspense>
          </>
        )
      case 'transferFund':
        return <money.transferFund />
      case 'depositv2':
        return <money.depositv2 />
      case 'withdraw':
        return <money.withdraw onSecurityCentre={() => go('securityCenter')} />
      case 'transferUpline':
        return <money.transferUpline allowed={s.member?.toUpline === true} />
      case 'personalHistoryCopy':
        return <money.personalHistoryCopy />
      case 'transactionHistory':
        return <money.transactionHistory />
      case 'personalProfit':
        return <money.personalProfit />
      case 'bonusDetails':
        return <money.bonusDetails />
      default:
        return null
    }
  }

  return (
    <MemberCentreModal
      open
      onClose={onClose}
      initial={modals.memberCentrePage}
      renderPage={(p, go) => {
        const content = page(p, go)
        return content ? (
          <Suspense key={p} fallback={<Skeleton lines={4} label={t`Loading`} />}>
            {content}
          </Suspense>
        ) : null
      }}
    />
  )
}
