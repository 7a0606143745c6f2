/**
 * The header's balance (members and trial accounts, whose play money is marked "Play"): a
 * placeholder while it refreshes, then the symbol and the sum; the member may hide it as
 * *** (kept in localStorage; the switch shows on wide screens) and tap it to refresh it. It refreshes by itself after every
 * money event (money-keys.ts) and when the window regains focus.
 */
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { BalanceDisplay } from '../../../components/ui/balance-display'
import { isGuestType, useSession } from '../../../lib/session'
import { balanceVisibilityStore } from '../../../lib/storage'
import { useBalance } from '../use-balance'
import { RefreshIcon } from './refresh-icon'
import './money.css'

export function HeaderBalance() {
  const { t } = useLingui()
  const { balances, currency, amountMinor } = useBalance()
  const [hidden, setHidden] = useState(() => balanceVisibilityStore.hidden())
  // A trial account's money is play money, and says so where it shows.
  const play = isGuestType(useSession().member?.type)
  return (
    <span className="header-balance" data-play={play ? '' : undefined}>
      {/* The balance itself is the refresh button: one tap asks again. */}
      <button
        type="button"
        className="header-balance-refresh"
        aria-label={t`Refresh balance`}
        disabled={balances.isFetching}
        onClick={() => void balances.refetch()}
      >
        {play ? (
          <span className="header-balance-play" aria-hidden="true">
            {t`Play`}
          </span>
        ) : null}
        <BalanceDisplay
          amountMinor={amountMinor}
          currency={currency}
          hidden={hidden}
          refreshing={balances.isFetching}
          labels={{ balance: play ? t`Play money` : t`Balance`, loading: t`refreshing`, hidden: t`hidden` }}
        />
        <RefreshIcon size={16} />
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
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d={
              hidden
                ? 'M2 4.3 3.3 3 21 20.7 19.7 22l-3.4-3.4A10.6 10.6 0 0 1 12 19.5C6.5 19.5 2.7 15.4 1 12c.8-1.7 2.1-3.5 3.9-4.9Zm10 3.2a4.5 4.5 0 0 1 4.5 4.5c0 .6-.1 1.1-.3 1.6L10.4 7.8c.5-.2 1-.3 1.6-.3Zm0-3c5.5 0 9.3 4.1 11 7.5a13 13 0 0 1-3.3 4.3L17.5 14c.3-.6.5-1.3.5-2a6 6 0 0 0-6-6c-.7 0-1.4.2-2 .5L8.3 4.8c1.2-.2 2.4-.3 3.7-.3Z'
                : 'M12 4.5c5.5 0 9.3 4.1 11 7.5-1.7 3.4-5.5 7.5-11 7.5S2.7 15.4 1 12c1.7-3.4 5.5-7.5 11-7.5Zm0 3a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9Zm0 2a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5Z'
            }
          />
        </svg>
      </button>
    </span>
  )
}
