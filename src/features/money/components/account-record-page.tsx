/** Account record: every movement on the member's wallets, by date range and type. */
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { movementTypes, type MovementType } from '#contract/records'
import { EmptyState } from '../../../components/ui/empty-state'
import { QueryState } from '../../../components/ui/query-state'
import { SelectField } from '../../../components/ui/select-field'
import { movementLabels } from '../../../lib/movement-labels'
import { useBrandDates } from '../../../lib/use-brand-dates'
import { movementsQueryOptions } from '../api/get-movements'
import { showMoney } from '../money-text'
import { useCurrency } from '../use-currency'
import { useDateTime } from '../use-date-time'
import { DateRangeFilter } from './date-range-filter'
import { MovementTypeLabel } from './labels'
import './money.css'
import { RangeError } from './range-error'
import { RecordPager, signClass } from './record-pager'
import { useRangeAndPage } from './use-range'
import { WalletName } from './wallet-name'

const pageSize = 20

export function AccountRecordPage() {
  const { t, i18n } = useLingui()
  const currency = useCurrency()
  const time = useDateTime()
  const { note } = useBrandDates()
  const { range, setRange, times, page, setPage } = useRangeAndPage()
  const [type, setType] = useState<MovementType | ''>('')
  const movements = useQuery({
    ...movementsQueryOptions({ pageNo: page, pageSize, ...times, ...(type ? { type } : {}) }),
    enabled: times !== null,
    placeholderData: keepPreviousData,
  })
  const typeLabels = new Map(movementTypes.map((m) => [m, i18n._(movementLabels[m])]))
  return (
    <div className="money-page">
      <div className="form">
        <DateRangeFilter value={range} onChange={setRange} />
        <SelectField
          label={t`Type`}
          value={type}
          options={[
            { value: '', label: t`All types` },
            ...movementTypes.map((m) => ({ value: m, label: typeLabels.get(m) ?? m })),
          ]}
          onChange={(e) => {
            setType(movementTypes.find((m) => m === e.target.value) ?? '')
            setPage(1)
          }}
        />
      </div>
      {times === null ? (
        <RangeError />
      ) : (
        <QueryState query={movements}>
          {(data) =>
            data.list.length === 0 ? (
              <EmptyState title={<Trans>No records in this period.</Trans>} />
            ) : (
              <>
                <ul className="money-list" aria-label={t`Account record`}>
                  {data.list.map((m) => (
                    <li key={m.id}>
                      <span>
                        <MovementTypeLabel type={m.type} /> ·{' '}
                        <WalletName accountTypeId={m.accountTypeId} name={m.accountTypeName} />
                      </span>
                      <span className={signClass(m.amount)}>
                        {m.amount.startsWith('-') ? '' : '+'}
                        {showMoney(m.amount, currency)}
                      </span>
                      <span className="muted money-when">
                        {time(m.time)}
                        {m.memo ? ` · ${note(m.memo)}` : ''}
                      </span>
                      <span className="money-amount muted">
                        <Trans>Balance {showMoney(m.balanceAfter, currency)}</Trans>
                      </span>
                    </li>
                  ))}
                </ul>
                <RecordPager page={page} total={data.total} pageSize={pageSize} onChange={setPage} />
              </>
            )
          }
        </QueryState>
      )}
    </div>
  )
}
