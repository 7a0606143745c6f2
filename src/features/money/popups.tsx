/**
 * The member centre's money pages, each its own lazy chunk (src/lib/popup-registry.ts); the
 * money catalog holds their labels and loads when the centre opens.
 */
import { msg } from '@lingui/core/macro'
import { definePopups, type CentrePageProps } from '../../lib/popup-registry'
import { useSession } from '../../lib/session'
import { moneyCatalog } from './money-catalog'

declare module '../../lib/popup-registry' {
  interface MemberCentrePageNames {
    transferFund: true
    depositv2: true
    withdraw: true
    transferUpline: true
    personalHistoryCopy: true
    transactionHistory: true
    personalProfit: true
    bonusDetails: true
  }
}

export const popups = definePopups({
  catalog: moneyCatalog,
  memberCentreSummary: [
    { order: 20, load: () => import('./components/money-card').then((m) => m.MoneyCard) },
  ],
  memberCentrePages: [
    {
      page: 'transferFund',
      order: 20,
      label: msg`My wallet`,
      load: () => import('./components/transfer-fund-page').then((m) => m.TransferFundPage),
    },
    {
      page: 'depositv2',
      order: 30,
      label: msg`Deposit`,
      load: () => import('./components/deposit-page').then((m) => m.DepositPage),
    },
    {
      page: 'withdraw',
      order: 40,
      label: msg`Withdrawal`,
      load: () =>
        import('./components/withdraw-page').then(
          (m) =>
            function Withdraw({ go }: CentrePageProps) {
              return <m.WithdrawPage onSecurityCentre={() => go('securityCenter')} />
            },
        ),
    },
    {
      page: 'transferUpline',
      order: 50,
      label: msg`Transfer to upline`,
      // Only a member with an upline that takes transfers (member info toUpline).
      forMember: (member) => member.toUpline,
      load: () =>
        import('./components/transfer-upline-page').then(
          (m) =>
            function TransferUpline() {
              const s = useSession()
              return <m.TransferUplinePage allowed={s.member?.toUpline === true} />
            },
        ),
    },
    {
      page: 'personalHistoryCopy',
      order: 60,
      label: msg`Betting record`,
      load: () => import('./components/betting-record-page').then((m) => m.BettingRecordPage),
    },
    {
      page: 'transactionHistory',
      order: 70,
      label: msg`Account record`,
      load: () => import('./components/account-record-page').then((m) => m.AccountRecordPage),
    },
    {
      page: 'personalProfit',
      order: 80,
      label: msg`Personal loss`,
      load: () => import('./components/profit-page').then((m) => m.ProfitPage),
    },
    {
      page: 'bonusDetails',
      order: 90,
      label: msg`Bonus details`,
      load: () => import('./components/bonus-details-page').then((m) => m.BonusDetailsPage),
    },
  ],
  // My account (the member feature's page) goes on with the payment password and bank cards.
  memberCentreSections: [
    {
      page: 'securityCenter',
      order: 10,
      load: () =>
        import('./components/security-centre-page').then(
          (m) =>
            function SecurityCentre() {
              const s = useSession()
              return <m.SecurityCentrePage member={s.member} />
            },
        ),
    },
  ],
})
