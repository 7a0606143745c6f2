/**
 * The redemption history (decision 030 section 3): the member's redemptions, newest first,
 * paged like the points details, with the spec's fields (transaction number, apply time, type,
 * item name, quantity, points, amount, status, remark, receiving address and phone) and a
 * filter by status.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { type Currency, showMoney } from '#contract/money'
import { type Redemption, type RedemptionStatus, redemptionStatuses } from '#contract/point-mall'
import { EmptyState } from '../../../components/ui/empty-state'
import { Pagination } from '../../../components/ui/pagination'
import { SelectField } from '../../../components/ui/select-field'
import { useBrandDateTimeFormat } from '../../../lib/use-brand-dates'
import { pointRedemptionsQueryOptions } from './api'
import { redemptionStatusNames, redemptionTypeNames } from './mall-text'
import { Loaded } from './points-overview'
import { pointsFigure } from './points-text'

const pageSize = 20

export function RedemptionRow({ r, currency }: { r: Redemption; currency: Currency }) {
  const { i18n } = useLingui()
  const time = useBrandDateTimeFormat()
  const points = pointsFigure(i18n.locale, r.points)
  const quantity = r.quantity
  const amount = r.amount ? showMoney(r.amount, currency) : null
  const value = r.value ? showMoney(r.value, currency) : null
  return (
    <li className="mall-row">
      <div className="mall-row-head">
        <strong>{r.itemName}</strong>
        <span className={`mall-status mall-status-${r.status}`}>
          {i18n._(redemptionStatusNames[r.status])}
        </span>
      </div>
      <dl className="mall-facts">
        <dt>
          <Trans>Transaction number</Trans>
        </dt>
        <dd>{r.transactionNo}</dd>
        <dt>
          <Trans>Apply time</Trans>
        </dt>
        <dd>{time.format(r.time)}</dd>
        <dt>
          <Trans>Type</Trans>
        </dt>
        <dd>{i18n._(redemptionTypeNames[r.type])}</dd>
        <dt>
          <Trans>Quantity</Trans>
        </dt>
        <dd>{quantity}</dd>
        <dt>
          <Trans>Points</Trans>
        </dt>
        <dd>{points}</dd>
        {amount ? (
          <>
            <dt>
              <Trans>Amount paid</Trans>
            </dt>
            <dd>{amount}</dd>
          </>
        ) : null}
        {value ? (
          <>
            <dt>
              <Trans>Credited</Trans>
            </dt>
            <dd>{value}</dd>
          </>
        ) : null}
        {r.address ? (
          <>
            <dt>
              <Trans>Receiving address</Trans>
            </dt>
            <dd>{r.address}</dd>
          </>
        ) : null}
        {r.phone ? (
          <>
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>{r.phone}</dd>
          </>
        ) : null}
        {r.remark ? (
          <>
            <dt>
              <Trans>Remark</Trans>
            </dt>
            <dd>{r.remark}</dd>
          </>
        ) : null}
      </dl>
    </li>
  )
}

export function HistoryTab({ currency }: { currency: Currency }) {
  const { t, i18n } = useLingui()
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<RedemptionStatus | ''>('')
  const list = useQuery(pointRedemptionsQueryOptions(page, pageSize, status || undefined))
  return (
    <section aria-labelledby="mall-history">
      <h2 id="mall-history">
        <Trans>Redeem history</Trans>
      </h2>
      <SelectField
        label={t`Status`}
        value={status}
        options={[
          { value: '', label: t`All` },
          ...redemptionStatuses.map((s) => ({ value: s, label: i18n._(redemptionStatusNames[s]) })),
        ]}
        onChange={(e) => {
          const v = e.target.value
          setStatus(redemptionStatuses.find((s) => s === v) ?? '')
          setPage(1)
        }}
      />
      <Loaded query={list} lines={4}>
        {(data) =>
          data.list.length === 0 ? (
            <EmptyState title={<Trans>No redemptions yet.</Trans>} />
          ) : (
            <>
              <ul className="mall-rows" aria-label={t`Redeem history`}>
                {data.list.map((r) => (
                  <RedemptionRow key={r.id} r={r} currency={currency} />
                ))}
              </ul>
              <Pagination
                page={page}
                pageCount={Math.ceil(data.total / pageSize)}
                onChange={setPage}
                labels={{
                  nav: t`Record pages`,
                  previous: t`Previous page`,
                  next: t`Next page`,
                  page: (n) => t`Page ${n}`,
                }}
              />
            </>
          )
        }
      </Loaded>
    </section>
  )
}
