/**
 * The member centre's messages: fund notices in the member's language, newest first, with
 * unread ones marked, each with a link to the page it is about (read once followed), "mark
 * all read", removing one, and the device's notification switch.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { EmptyState } from '../../../components/ui/empty-state'
import { Pagination } from '../../../components/ui/pagination'
import { Skeleton } from '../../../components/ui/skeleton'
import { errorText } from '../../../lib/error-messages'
import { useSession } from '../../../lib/session'
import { useBrandDateTimeFormat } from '../../../lib/use-brand-dates'
import { inboxQueryOptions, useReadMessages, useRemoveMessages } from '../api/inbox'
import { MessagesPageStyles } from './messages-page-styles'
import { PushSwitch } from './push-switch'

const pageSize = 10

export function MessagesPage() {
  const { t, i18n } = useLingui()
  const { token } = useSession()
  const router = useRouter()
  const [page, setPage] = useState(1)
  const inbox = useQuery({ ...inboxQueryOptions(token, page), placeholderData: keepPreviousData })
  const read = useReadMessages()
  const remove = useRemoveMessages()
  const when = useBrandDateTimeFormat()
  const failure = read.error ?? remove.error

  return (
    <div className="messages-page">
      <MessagesPageStyles />
      <PushSwitch />
      {inbox.isPending ? (
        <Skeleton lines={4} label={t`Loading`} />
      ) : inbox.isError ? (
        <p role="alert" className="form-error">
          {errorText(i18n, inbox.error)}
        </p>
      ) : inbox.data.total === 0 ? (
        <EmptyState title={<Trans>No messages yet.</Trans>} />
      ) : (
        <>
          <div className="messages-actions">
            <span>
              <Trans>{inbox.data.unread} unread</Trans>
            </span>
            <button
              type="button"
              className="button"
              disabled={inbox.data.unread === 0 || read.isPending}
              onClick={() => read.mutate({})}
            >
              <Trans>Mark all read</Trans>
            </button>
          </div>
          {failure ? (
            <p role="alert" className="form-error">
              {errorText(i18n, failure)}
            </p>
          ) : null}
          <ul className="messages-list" aria-label={t`Messages`}>
            {inbox.data.list.map((m) => (
              <li key={m.id} className={m.read ? 'message' : 'message message-unread'}>
                <div className="message-text">
                  <strong>
                    {m.read ? null : <span className="visually-hidden">{t`Unread:`} </span>}
                    {m.title}
                  </strong>
                  <p>{m.body}</p>
                  <time className="muted" dateTime={new Date(m.time).toISOString()}>
                    {when.format(m.time)}
                  </time>
                </div>
                <div className="message-buttons">
                  <a
                    className="button button-primary"
                    href={m.url}
                    aria-label={t`View: ${m.title}`}
                    onClick={(e) => {
                      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
                      e.preventDefault()
                      if (!m.read) read.mutate({ ids: [m.id] })
                      router.history.push(m.url)
                    }}
                  >
                    <Trans>View</Trans>
                  </a>
                  {m.read ? null : (
                    <button
                      type="button"
                      className="button"
                      disabled={read.isPending}
                      onClick={() => read.mutate({ ids: [m.id] })}
                    >
                      <Trans>Mark read</Trans>
                    </button>
                  )}
                  <button
                    type="button"
                    className="button"
                    aria-label={t`Delete message: ${m.title}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ ids: [m.id] })}
                  >
                    <Trans>Delete</Trans>
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={Math.ceil(inbox.data.total / pageSize)}
            onChange={setPage}
            labels={{
              nav: t`Message pages`,
              previous: t`Previous page`,
              next: t`Next page`,
              page: (n) => t`Page ${n}`,
            }}
          />
        </>
      )}
    </div>
  )
}
