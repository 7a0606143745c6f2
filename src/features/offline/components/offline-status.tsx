/**
 * Offline, in one place (mounted once by the root):
 * - a banner while the browser is offline, with the age of the oldest data on screen (the
 *   worker's `X-Cache-Stored-At` of its answers, src/lib/offline-data.ts, or a query
 *   restored from localStorage);
 * - a page whose data was never saved (a read paused with nothing to show) says it is not
 *   available offline, with a way back, instead of loading bars;
 * - the lobby reads refetch when the worker reports a refreshed answer. Back online,
 *   react-query refetches by itself (refetchOnReconnect).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { notifyManager, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { Link, useLocation, useRouter } from '@tanstack/react-router'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { ApiError } from '../../../lib/api-client'
import { useOnline } from '../../../lib/network'
import { listenForRefreshedData, useOldestStoredAt } from '../../../lib/offline-data'
import { formatAge } from '../format-age'
import './offline-status.css'

/**
 * A read on screen waits for the network, or failed for want of it, with nothing saved to
 * show. A read marked `meta: { offlineOptional: true }` (a row the page does without, like
 * the home page's lottery draws) does not count.
 */
function nothingSaved(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .findAll({ type: 'active' })
    .some(
      ({ state, meta }) =>
        meta?.offlineOptional !== true &&
        state.data === undefined &&
        (state.fetchStatus === 'paused' || (state.error instanceof ApiError && state.error.status === 0)),
    )
}

/** A value read from the query cache, kept current as the cache changes. */
function useFromQueryCache<T extends number | boolean | null>(
  queryClient: QueryClient,
  read: (qc: QueryClient) => T,
  server: T,
): T {
  return useSyncExternalStore(
    // Scheduled, as react-query's own hooks do: a query is added to the cache while another
    // component renders, and telling React then would update this one in that render.
    (cb) => queryClient.getQueryCache().subscribe(notifyManager.batchCalls(cb)),
    () => read(queryClient),
    () => server,
  )
}

/**
 * When the oldest data on screen was fetched: the worker's stored-at of its answers, or a
 * query restored from the device (its own fetch time), whichever is older.
 */
function oldestFetched(queryClient: QueryClient): number | null {
  const times = queryClient
    .getQueryCache()
    .findAll({ type: 'active' })
    .flatMap(({ state }) =>
      state.data !== undefined && state.dataUpdatedAt > 0 ? [state.dataUpdatedAt] : [],
    )
  return times.length ? Math.min(...times) : null
}

/** The time the minute clock last read: as it starts, then each minute while it runs. */
let clockNow = Date.now()
function runMinuteClock(onTick: () => void): () => void {
  clockNow = Date.now()
  onTick()
  const id = setInterval(() => {
    clockNow = Date.now()
    onTick()
  }, 60_000)
  return () => clearInterval(id)
}
const stoppedClock = () => () => undefined
const readClock = () => clockNow

/** The current time, read afresh as `active` starts and ticking each minute while it lasts. */
function useMinuteClock(active: boolean): number {
  return useSyncExternalStore(active ? runMinuteClock : stoppedClock, readClock, readClock)
}

export function OfflineStatus() {
  const online = useOnline()
  const queryClient = useQueryClient()
  const storedAt = useOldestStoredAt()
  const unavailable = useFromQueryCache(queryClient, nothingSaved, false)
  const fetchedAt = useFromQueryCache(queryClient, oldestFetched, null)
  const now = useMinuteClock(!online)
  const { i18n } = useLingui()

  useEffect(() => listenForRefreshedData(queryClient), [queryClient])

  if (online) return null
  const oldest =
    storedAt !== null && fetchedAt !== null ? Math.min(storedAt, fetchedAt) : (storedAt ?? fetchedAt)
  const ago = oldest ? formatAge(oldest, now, i18n.locale) : null
  const banner = (
    <div className="offline-banner" role="status">
      {ago ? (
        <Trans>You are offline. Showing saved data, updated {ago}.</Trans>
      ) : (
        <Trans>You are offline. Showing what was saved on this device.</Trans>
      )}
    </div>
  )
  if (!unavailable) return banner
  // The page behind keeps waiting for its data; this covers it until the network is back.
  return (
    <div className="offline-cover">
      {banner}
      <NotAvailableOffline />
    </div>
  )
}

function NotAvailableOffline() {
  const router = useRouter()
  // On the home page itself a link home would lead back here.
  const home = useLocation({ select: (l) => l.pathname === '/index' || l.pathname === '/' })
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <main className="page">
      <section className="card" role="alert">
        <h1 ref={heading} tabIndex={-1}>
          <Trans>Not available offline</Trans>
        </h1>
        <p>
          <Trans>
            This page has not been opened on this device before, so nothing of it was saved. Connect to the
            internet to see it.
          </Trans>
        </p>
        <div className="offline-unavailable-actions">
          <button type="button" className="button button-light" onClick={() => router.history.back()}>
            <Trans>Go back</Trans>
          </button>
          {!home && (
            <Link to="/index" className="button button-primary">
              <Trans>Back to home</Trans>
            </Link>
          )}
        </div>
      </section>
    </main>
  )
}
