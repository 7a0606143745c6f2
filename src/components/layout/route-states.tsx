/**
 * What a route shows while its code or data loads (a skeleton, then after 120 s a
 * translated retry screen) and when it fails: a chunk that cannot load after a deploy
 * gets one guarded reload, then the retry screen.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { Skeleton } from '../ui/skeleton'

export const chunkTimeoutMs = 120_000
const reloadKey = 'chunk-reload-at'

/** Whether an error is a lazy chunk that failed to load (stale deploy or network). */
export function isChunkLoadError(err: unknown): boolean {
  const msg = err instanceof Error ? `${err.name} ${err.message}` : String(err)
  return /ChunkLoadError|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    msg,
  )
}

/** Reloads once per minute at most, so a broken deploy cannot loop the page. */
export function guardedReload(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(reloadKey) ?? '0')
    if (now - last < 60_000) return false
    sessionStorage.setItem(reloadKey, String(now))
  } catch {
    return false
  }
  window.location.reload()
  return true
}

function RetryScreen({ slow }: { slow: boolean }) {
  return (
    <main className="page">
      <section className="card retry-screen" role="alert">
        <h1>
          {slow ? (
            <Trans>This page is taking too long to load</Trans>
          ) : (
            <Trans>This page could not load</Trans>
          )}
        </h1>
        <p>
          <Trans>Check your network connection and try again.</Trans>
        </p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          <Trans>Try again</Trans>
        </button>
      </section>
    </main>
  )
}

export function RoutePending() {
  const { t } = useLingui()
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), chunkTimeoutMs)
    return () => clearTimeout(timer)
  }, [])
  if (slow) return <RetryScreen slow />
  return (
    <main className="page">
      <Skeleton lines={4} label={t`Loading`} />
    </main>
  )
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const chunk = isChunkLoadError(error)
  const [reloading] = useState(() => chunk && guardedReload())
  if (reloading) return <RoutePending />
  if (chunk) return <RetryScreen slow={false} />
  return (
    <main className="page">
      <section className="card retry-screen" role="alert">
        <h1>
          <Trans>Something went wrong</Trans>
        </h1>
        <p>
          <Trans>The network may be unstable. Please try again.</Trans>
        </p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          <Trans>Try again</Trans>
        </button>
      </section>
    </main>
  )
}
