/** Personal profit and loss: per product type and in total over a date range. */
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { GameType } from '#contract/games'
import { EmptyState } from '../../../components/ui/empty-state'
import { QueryState } from '../../../components/ui/query-state'
import { gameTypeNames } from '../../../lib/game-type-names'
import { profitQueryOptions } from '../api/get-profit'
import { showMoney } from '../money-text'
import { useCurrency } from '../use-currency'
import { DateRangeFilter } from './date-range-filter'
import './money.css'
import { RangeError } from './range-error'
import { signClass } from './record-pager'
import { Totals } from './totals'
import { useRangeAndPage } from './use-range'

export function ProfitPage() {
  const { t, i18n } = useLingui()
  const gameTypeName = (type: GameType) => i18n._(gameTypeNames[type])
  const currency = useCurrency()
  const { range, setRange, times } = useRangeAndPage()
  const profit = useQuery({
    ...profitQueryOptions({ ...times }),
    enabled: times !== null,
    placeholderData: keepPreviousData,
  })
  return (
    <div className="money-page">
      <div className="form">
        <DateRangeFilter value={range} onChange={setRange} />
      </div>
      {times === null ? (
        <RangeError />
      ) : (
        <QueryState query={profit}>
          {(data) => (
            <>
              <Totals
                rows={[
                  [t`Deposits`, showMoney(data.deposits, currency)],
                  [t`Withdrawals`, showMoney(data.withdrawals, currency)],
                  [t`Bonuses`, showMoney(data.bonuses, currency)],
                  [t`Bet amount`, showMoney(data.totals.betAmount, currency)],
                  [t`Valid bet`, showMoney(data.totals.validBet, currency)],
                  [t`Win/loss`, showMoney(data.totals.winLoss, currency)],
                  [t`Profit`, showMoney(data.profit, currency)],
                ]}
              />
              <h4>
                <Trans>By product</Trans>
              </h4>
              {data.products.length === 0 ? (
                <EmptyState title={<Trans>No bets in this period.</Trans>} />
              ) : (
                <ul className="money-list">
                  {data.products.map((p) => (
                    <li key={p.productType}>
                      <span>{gameTypeName(p.productType)}</span>
                      <span className={signClass(p.winLoss)}>{showMoney(p.winLoss, currency)}</span>
                      <span className="muted">
                        <Trans>Bet {showMoney(p.betAmount, currency)}</Trans>
                      </span>
                      <span className="money-amount muted">
                        <Trans>Valid {showMoney(p.validBet, currency)}</Trans>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </QueryState>
      )}
    </div>
  )
}
