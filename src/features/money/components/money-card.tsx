/**
 * The balance at the top of the member centre, with the ways to move money next to it:
 * Deposit and Withdraw open those pages. The balance refreshes on a tap, and stays hidden
 * (***) when the member hid it in the header.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { BalanceDisplay } from '../../../components/ui/balance-display'
import type { CentrePageProps } from '../../../lib/popup-registry'
import { balanceVisibilityStore } from '../../../lib/storage'
import { useBalance } from '../use-balance'
import './money-card.css'

export function MoneyCard({ go }: CentrePageProps) {
  const { t } = useLingui()
  const { balances, currency, amountMinor } = useBalance()
  return (
    <section className="money-card" aria-label={t`Balance`}>
      <button
        type="button"
        className="money-card-balance"
        aria-label={t`Refresh balance`}
        disabled={balances.isFetching}
        onClick={() => void balances.refetch()}
      >
        <span className="money-card-label">
          <Trans>Balance</Trans>
        </span>
        <BalanceDisplay
          amountMinor={amountMinor}
          currency={currency}
          hidden={balanceVisibilityStore.hidden()}
          refreshing={balances.isFetching}
          labels={{ balance: t`Balance`, loading: t`refreshing`, hidden: t`hidden` }}
        />
      </button>
      <div className="money-card-actions">
        <button type="button" className="button button-accent" onClick={() => go('depositv2')}>
          <Trans>Deposit</Trans>
        </button>
        <button type="button" className="button" onClick={() => go('withdraw')}>
          <Trans>Withdraw</Trans>
        </button>
      </div>
    </section>
  )
}
