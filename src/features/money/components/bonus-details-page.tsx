/**
 * Bonus details: the bonuses' turnover requirements with their progress, then the bonuses
 * received over a date range, with their total.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TurnoverRequirement } from '#contract/turnover'
import { EmptyState } from '../../../components/ui/empty-state'
import { QueryState } from '../../../components/ui/query-state'
import { bonusesQueryOptions } from '../api/get-bonuses'
import { turnoverQueryOptions } from '../api/get-turnover'
import { showMoney, turnoverText, type Currency } from '../money-text'
import { useCurrency } from '../use-currency'
import { useDateTime } from '../use-date-time'
import { DateRangeFilter } from './date-range-filter'
import './money.css'
import { RangeError } from './range-error'
import { RecordPager } from './record-pager'
import { Totals } from './totals'
import { TurnoverProgress, TurnoverStatusLabel } from './turnover-progress'
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
      <TurnoverRequirements currency={currency} />
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

/** Each bonus's turnover requirement: what it asks, what is done, and whether it still holds withdrawals. */
function TurnoverRequirements({ currency }: { currency: Currency }) {
  const { t, i18n } = useLingui()
  const time = useDateTime()
  const turnover = useQuery(turnoverQueryOptions())
  const title = t`Turnover requirements`
  if (turnover.data?.requirements.length === 0) return null
  return (
    <section aria-label={title}>
      <h4>{title}</h4>
      <QueryState query={turnover}>
        {(info) => (
          <>
            {info.count > 0 ? <p>{turnoverText(i18n, info.remaining, currency)}</p> : null}
            <ul className="money-list turnover-list">
              {info.requirements.map((r) => (
                <RequirementRow key={r.id} r={r} currency={currency} when={time(r.createdAt)} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  )
}

function RequirementRow({ r, currency, when }: { r: TurnoverRequirement; currency: Currency; when: string }) {
  const bonus = showMoney(r.bonus, currency)
  const required = showMoney(r.required, currency)
  const counts = r.status === 'open' || r.status === 'met'
  return (
    <li>
      <span>
        <Trans>
          Bonus {bonus}: wager {required}
        </Trans>
      </span>
      <span className="money-amount">
        <TurnoverStatusLabel status={r.status} />
      </span>
      {counts ? <TurnoverProgress done={r.done} required={r.required} currency={currency} /> : null}
      <span className="muted">{when}</span>
    </li>
  )
}
