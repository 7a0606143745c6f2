/**
 * The header's balance (members and trial accounts, whose play money counts too): a
 * placeholder while it refreshes, then the symbol and the sum; the member may hide it as
 * *** (kept in localStorage; the switch shows on wide screens) and tap it to refresh it. It refreshes by itself after every
 * money event (money-keys.ts) and when the window regains focus.
 */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { moneyToMinor } from '#contract/money'
import { BalanceDisplay } from '../../../components/ui/balance-display'
import { balanceVisibilityStore } from '../../../lib/storage'
import { balancesQueryOptions } from '../api/get-balances'
import { useCurrency } from '../use-currency'
import './money.css'

export function HeaderBalance() {
  const { t } = useLingui()
  const balances = useQuery(balancesQueryOptions())
  const [hidden, setHidden] = useState(() => balanceVisibilityStore.hidden())
  const data = balances.data
  // The balance answer names its currency; the brand's stands in while it loads.
  const brandCurrency = useCurrency()
  const currency = data ? { symbol: data.currencySymbol, decimals: data.currencyDecimals } : brandCurrency
  return (
    <span className="header-balance">
      {/* The balance itself is the refresh button: one tap asks again. */}
      <button
        type="button"
        className="header-balance-refresh"
        aria-label={t`Refresh balance`}
        disabled={balances.isFetching}
        onClick={() => void balances.refetch()}
      >
        <BalanceDisplay
          amountMinor={data ? moneyToMinor(data.sumBalance, currency).toString() : null}
          currency={currency}
          hidden={hidden}
          refreshing={balances.isFetching}
          labels={{ balance: t`Balance`, loading: t`refreshing`, hidden: t`hidden` }}
        />
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M17.65 6.35A8 8 0 1 0 19.73 14h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4Z"
          />
        </svg>
      </button>
      <button
        type="button"
        className="icon-button header-balance-hide"
        aria-label={t`Hide balance`}
        aria-pressed={hidden}
        onClick={() => {
          balanceVisibilityStore.setHidden(!hidden)
          setHidden(!hidden)
        }}
      >
        <span aria-hidden="true">{hidden ? '◌' : '●'}</span>
      </button>
    </span>
  )
}
