/** Betting record: bets by product type and date range, with the totals of the range. */
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { gameTypes, type GameType } from '#contract/games'
import { EmptyState } from '../../../components/ui/empty-state'
import { QueryState } from '../../../components/ui/query-state'
import { SelectField } from '../../../components/ui/select-field'
import { gameTypeNames } from '../../../lib/game-type-names'
import { betsQueryOptions } from '../api/get-bets'
import { showMoney } from '../money-text'
import { useCurrency } from '../use-currency'
import { useDateTime } from '../use-date-time'
import { DateRangeFilter } from './date-range-filter'
import './money.css'
import { RangeError } from './range-error'
import { RecordPager, signClass } from './record-pager'
import { RoundRef } from './round-ref'
import { Totals } from './totals'
import { useRangeAndPage } from './use-range'

const pageSize = 20

export function BettingRecordPage() {
  const { t, i18n } = useLingui()
  const gameTypeName = (type: GameType) => i18n._(gameTypeNames[type])
  const currency = useCurrency()
  const time = useDateTime()
  const { range, setRange, times, page, setPage } = useRangeAndPage()
  const [productType, setProductType] = useState<GameType | ''>('')
  const bets = useQuery({
    ...betsQueryOptions({ pageNo: page, pageSize, ...times, ...(productType ? { productType } : {}) }),
    enabled: times !== null,
    placeholderData: keepPreviousData,
  })
  return (
    <div className="money-page">
      <div className="form">
        <SelectField
          label={t`Product type`}
          value={productType}
          options={[
            { value: '', label: t`All products` },
            ...gameTypes.map((g) => ({ value: g, label: gameTypeName(g) })),
          ]}
          onChange={(e) => {
            setProductType(gameTypes.find((g) => g === e.target.value) ?? '')
            setPage(1)
          }}
        />
        <DateRangeFilter value={range} onChange={setRange} />
      </div>
      {times === null ? (
        <RangeError />
      ) : (
        <QueryState query={bets}>
          {(data) => (
            <>
              <Totals
                rows={[
                  [t`Bet amount`, showMoney(data.totals.betAmount, currency)],
                  [t`Valid bet`, showMoney(data.totals.validBet, currency)],
                  [t`Payout`, showMoney(data.totals.payout, currency)],
                  [t`Win/loss`, showMoney(data.totals.winLoss, currency)],
                ]}
              />
              {data.list.length === 0 ? (
                <EmptyState title={<Trans>No bets in this period.</Trans>} />
              ) : (
                <>
                  <ul className="money-list" aria-label={t`Betting record`}>
                    {data.list.map((b) => (
                      <li key={b.id}>
                        <span>
                          {b.gameName} · {b.vendorName}
                        </span>
                        <span className={signClass(b.winLoss)}>{showMoney(b.winLoss, currency)}</span>
                        <span className="muted money-when">
                          {time(b.betTime)} · <RoundRef roundNo={b.betNo} />
                        </span>
                        <span className="money-amount muted">
                          <Trans>Bet {showMoney(b.betAmount, currency)}</Trans>
                        </span>
                      </li>
                    ))}
                  </ul>
                  <RecordPager page={page} total={data.total} pageSize={pageSize} onChange={setPage} />
                </>
              )}
            </>
          )}
        </QueryState>
      )}
    </div>
  )
}
