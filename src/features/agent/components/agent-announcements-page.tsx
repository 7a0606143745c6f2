/**
 * The agent centre's announcements (AGENTANNOUNCE3): what the operator posted for agents,
 * newest first, each title opening its text (the operator's HTML, sanitized).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { EmptyState } from '../../../components/ui/empty-state'
import { HtmlContent } from '../../../components/ui/html-content'
import { Pagination } from '../../../components/ui/pagination'
import { useBrandDateTimeFormat } from '../../../lib/use-brand-dates'
import { agentAnnouncementsQueryOptions } from '../api/get-agent-announcements'
import { AgentStyles } from './agent-styles'
import { QueryView } from './query-view'

const pageSize = 10

export function AgentAnnouncementsPage() {
  const { t, i18n } = useLingui()
  const [page, setPage] = useState(1)
  const when = useBrandDateTimeFormat()
  const list = useQuery(agentAnnouncementsQueryOptions({ pageNo: page, pageSize }, i18n.locale))
  return (
    <div className="agent-page">
      <AgentStyles />
      <QueryView query={list} lines={5}>
        {(data) =>
          data.list.length === 0 ? (
            <EmptyState title={<Trans>No announcements for agents yet.</Trans>} />
          ) : (
            <div aria-busy={list.isFetching}>
              <ul className="agent-notices">
                {data.list.map((n, i) => (
                  <li key={n.id} className="agent-card">
                    <details className="agent-notice" open={page === 1 && i === 0}>
                      <summary>
                        <span className="agent-notice-title">{n.title}</span>
                        <time className="muted agent-notice-date" dateTime={new Date(n.date).toISOString()}>
                          {when.format(n.date)}
                        </time>
                      </summary>
                      <HtmlContent html={n.content} className="rich-text" />
                    </details>
                  </li>
                ))}
              </ul>
              {data.total > pageSize ? (
                <Pagination
                  page={page}
                  pageCount={Math.ceil(data.total / pageSize)}
                  onChange={setPage}
                  labels={{
                    nav: t`Announcement pages`,
                    previous: t`Previous page`,
                    next: t`Next page`,
                    page: (n) => t`Page ${n}`,
                  }}
                />
              ) : null}
            </div>
          )
        }
      </QueryView>
    </div>
  )
}
