/** Bonus details: bonuses received over a date range, with their total. */
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { EmptyState } from '../../../components/ui/empty-state'
import { bonusesQueryOptions } from '../api/get-bonuses'
import { showMoney } from '../money-text'
import { useCurrency } from '../use-currency'
import { useDateTime } from '../use-date-time'
import { DateRangeFilter } from './date-range-filter'
import { QueryState } from './query-state'
import { RangeError } from './range-error'
import { RecordPager } from './record-pager'
import { Totals } from './totals'
import { useRangeAndPage } from './use-range'

const pageSize = 20

export function BonusDetailsPage() {
  const { t } = useLingui()
  const currency = useCurrency()
  const time = useDateTime()
  const { range, setRange, times, page, setPage } = useRangeAndPage()
  const bonuses = useQuery({
    ...bonusesQueryOptions({ pageNo: page, pageSize, ...times }),
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
        <QueryState query={bonuses}>
          {(data) => (
            <>
              <Totals rows={[[t`Total bonuses`, showMoney(data.totalAmount, currency)]]} />
              {data.list.length === 0 ? (
                <EmptyState title={<Trans>No bonuses in this period.</Trans>} />
              ) : (
                <>
                  <ul className="money-list" aria-label={t`Bonus details`}>
                    {data.list.map((b) => (
                      <li key={b.id}>
                        <span>{b.memo ?? t`Bonus`}</span>
                        <span className="money-amount money-in">{showMoney(b.amount, currency)}</span>
                        <span className="muted">{time(b.time)}</span>
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
