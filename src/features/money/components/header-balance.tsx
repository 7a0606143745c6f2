/**
 * The header's balance (members and trial accounts, whose play money counts too): a
 * placeholder while it refreshes, then the symbol and the sum; the member may hide it as
 * *** (kept in localStorage) and refresh it by hand. It refreshes by itself after every
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
      <BalanceDisplay
        amountMinor={data ? moneyToMinor(data.sumBalance, currency).toString() : null}
        currency={currency}
        hidden={hidden}
        refreshing={balances.isFetching}
        labels={{ balance: t`Balance`, loading: t`refreshing`, hidden: t`hidden` }}
      />
      <button
        type="button"
        className="icon-button"
        aria-label={t`Refresh balance`}
        disabled={balances.isFetching}
        onClick={() => void balances.refetch()}
      >
        <span aria-hidden="true">↻</span>
      </button>
      <button
        type="button"
        className="icon-button"
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
