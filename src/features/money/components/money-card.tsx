/**
 * The balance at the top of the member centre, with the ways to move money next to it:
 * Deposit and Withdraw open those pages. The balance refreshes on a tap, and stays hidden
 * (***) when the member hid it in the header.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { moneyToMinor } from '#contract/money'
import { BalanceDisplay } from '../../../components/ui/balance-display'
import type { CentrePageProps } from '../../../lib/popup-registry'
import { balanceVisibilityStore } from '../../../lib/storage'
import { balancesQueryOptions } from '../api/get-balances'
import { useCurrency } from '../use-currency'
import './money-card.css'

export function MoneyCard({ go }: CentrePageProps) {
  const { t } = useLingui()
  const balances = useQuery(balancesQueryOptions())
  const data = balances.data
  const brandCurrency = useCurrency()
  const currency = data ? { symbol: data.currencySymbol, decimals: data.currencyDecimals } : brandCurrency
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
          amountMinor={data ? moneyToMinor(data.sumBalance, currency).toString() : null}
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
