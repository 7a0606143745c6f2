/**
 * The notice popup: title "announcement", numbered entries 7 to a page with page links
 * (range 3, margin 1), and a detail pane whose HTML is sanitized before it is shown.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Notice } from '#contract/content'
import { HtmlContent } from '../../../components/ui/html-content'
import { Modal } from '../../../components/ui/modal'
import { Pagination } from '../../../components/ui/pagination'
import { Skeleton } from '../../../components/ui/skeleton'
import type { DateStyle } from '../../../lib/date-format'
import { useBrandDateTimeFormat } from '../../../lib/use-brand-dates'
import './notice-popup.css'

export const noticesPerPage = 7

/** How a notice's date is written: the language's one date-and-time form (on the brand's clock). */
export const noticeDateStyle = 'medium' satisfies DateStyle

export interface NoticePopupProps {
  open: boolean
  notices: readonly Notice[]
  onClose: () => void
  /** The notices are on their way (a skeleton), or cannot come while offline. */
  state?: 'loading' | 'offline'
}

export function NoticePopup({ open, notices, onClose, state }: NoticePopupProps) {
  const { t } = useLingui()
  const when = useBrandDateTimeFormat()
  const [page, setPage] = useState(1)
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const pageCount = Math.max(1, Math.ceil(notices.length / noticesPerPage))
  const current = Math.min(page, pageCount)
  const start = (current - 1) * noticesPerPage
  const shown = notices.slice(start, start + noticesPerPage)
  const selected = notices.find((n) => n.id === selectedId) ?? shown[0]

  return (
    <Modal open={open} onClose={onClose} title={t`Announcement`} closeLabel={t`Close`} size="large">
      {state === 'loading' ? (
        <Skeleton lines={4} label={t`Loading`} />
      ) : state === 'offline' ? (
        <p>
          <Trans>You are offline. This needs an internet connection.</Trans>
        </p>
      ) : notices.length === 0 ? (
        <p>
          <Trans>There are no announcements right now.</Trans>
        </p>
      ) : (
        <div className="notice-layout">
          <div className="notice-list-pane">
            <ol className="notice-list" start={start + 1}>
              {shown.map((n, i) => (
                <li key={n.id}>
                  <button
                    type="button"
                    className="notice-item"
                    aria-current={n.id === selected?.id ? 'true' : undefined}
                    onClick={() => setSelectedId(n.id)}
                  >
                    <span className="notice-number" aria-hidden="true">
                      {start + i + 1}
                    </span>
                    <span className="notice-title">{n.title}</span>
                  </button>
                </li>
              ))}
            </ol>
            <Pagination
              page={current}
              pageCount={pageCount}
              onChange={(p) => {
                setPage(p)
                setSelectedId(null)
              }}
              labels={{
                nav: t`Announcement pages`,
                previous: t`Previous page`,
                next: t`Next page`,
                page: (n) => t`Page ${n}`,
              }}
            />
          </div>
          {selected ? (
            <article className="notice-detail" aria-labelledby={`notice-${selected.id}`}>
              <h3 id={`notice-${selected.id}`}>{selected.title}</h3>
              <p className="muted">
                <time dateTime={new Date(selected.date).toISOString()}>{when.format(selected.date)}</time>
              </p>
              <HtmlContent html={selected.content} className="rich-text" />
            </article>
          ) : null}
        </div>
      )}
    </Modal>
  )
}
