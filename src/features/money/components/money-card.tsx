/**
 * The balance at the top of the member centre, with the ways to move money next to it:
 * Deposit and Withdraw open those pages. The button beside it refreshes it, and it stays
 * hidden (***) when the member hid it in the header.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { BalanceDisplay } from '../../../components/ui/balance-display'
import type { CentrePageProps } from '../../../lib/popup-registry'
import { balanceVisibilityStore } from '../../../lib/storage'
import { useBalance } from '../use-balance'
import { MoneyCardStyles } from './money-card-styles'
import { RefreshIcon } from './refresh-icon'

export function MoneyCard({ go }: CentrePageProps) {
  const { t } = useLingui()
  const { balances, currency, amountMinor } = useBalance()
  return (
    <section className="money-card" aria-label={t`Balance`}>
      <MoneyCardStyles />
      <div className="money-card-balance">
        <span className="money-card-label">
          <Trans>Balance</Trans>
        </span>
        <span className="money-card-amount">
          <BalanceDisplay
            amountMinor={amountMinor}
            currency={currency}
            hidden={balanceVisibilityStore.hidden()}
            refreshing={balances.isFetching}
            labels={{ balance: t`Balance`, loading: t`refreshing`, hidden: t`hidden` }}
          />
        </span>
        {/* Kept focusable while it refreshes (aria-disabled), so the keyboard stays on it. */}
        <button
          type="button"
          className="icon-button money-card-refresh"
          aria-label={t`Refresh balance`}
          aria-disabled={balances.isFetching}
          onClick={() => {
            if (!balances.isFetching) void balances.refetch()
          }}
        >
          <RefreshIcon size={20} />
        </button>
      </div>
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
