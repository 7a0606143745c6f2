/**
 * The points details (decision 030 section 7): every points movement, newest first, paged
 * like the account record: its kind, the points signed, when, the note and the balance after.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { EmptyState } from '../../../components/ui/empty-state'
import { Pagination } from '../../../components/ui/pagination'
import { movementLabels } from '../../../lib/movement-labels'
import { useBrandDateTimeFormat } from '../../../lib/use-brand-dates'
import { pointMovementsQueryOptions } from './api'
import { Loaded } from './points-overview'
import { pointsFigure, signedPoints } from './points-text'

const pageSize = 20

export function PointsDetails() {
  const { t, i18n } = useLingui()
  const [page, setPage] = useState(1)
  const movements = useQuery(pointMovementsQueryOptions(page, pageSize))
  const time = useBrandDateTimeFormat()
  return (
    <section aria-labelledby="points-details">
      <h2 id="points-details">
        <Trans>Points details</Trans>
      </h2>
      <Loaded query={movements} lines={4}>
        {(data) =>
          data.list.length === 0 ? (
            <EmptyState title={<Trans>No points movements yet.</Trans>} />
          ) : (
            <>
              <ul className="points-list" aria-label={t`Points details`}>
                {data.list.map((m) => {
                  const signed = signedPoints(i18n.locale, m.amount)
                  const after = pointsFigure(i18n.locale, m.balanceAfter)
                  return (
                    <li key={m.id}>
                      <span>{i18n._(movementLabels[m.type])}</span>
                      <span
                        className={
                          m.amount.startsWith('-') ? 'points-amount points-out' : 'points-amount points-in'
                        }
                      >
                        <Trans>{signed} points</Trans>
                      </span>
                      <span className="muted">
                        {time.format(m.time)}
                        {m.memo ? ` · ${m.memo}` : ''}
                      </span>
                      <span className="points-amount muted">
                        <Trans>Balance {after}</Trans>
                      </span>
                    </li>
                  )
                })}
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
