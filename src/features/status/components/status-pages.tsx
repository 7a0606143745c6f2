/**
 * Pages that replace every route when the platform says so: maintenance, a restricted
 * region, a blocked address; and the first visit made without a network.
 */
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useBrandDateTimeFormat } from '../../../lib/use-brand-dates'
import './status-pages.css'

function StatusFrame({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <main className="page status-page">
      <section className="card" role="alert">
        <h1>{title}</h1>
        {children}
      </section>
    </main>
  )
}

export function MaintenancePage({ message, until }: { message: string | null; until: number | null }) {
  const when = useBrandDateTimeFormat()
  return (
    <StatusFrame title={<Trans>System maintenance</Trans>}>
      <p>
        <Trans>We are improving the service. Please come back soon.</Trans>
      </p>
      {message ? <p>{message}</p> : null}
      {until ? (
        <p>
          <Trans>Expected back: {when.format(until)}</Trans>
        </p>
      ) : null}
    </StatusFrame>
  )
}

export function RegionRestrictedPage() {
  return (
    <StatusFrame title={<Trans>Access restricted</Trans>}>
      <p>
        <Trans>Access is restricted in your location or from your IP address.</Trans>
      </p>
    </StatusFrame>
  )
}

export function BlockedIpPage({ ip }: { ip: string }) {
  return (
    <StatusFrame title={<Trans>Access blocked</Trans>}>
      <p>
        <Trans>Access from this address ({ip}) is blocked. Please contact customer service.</Trans>
      </p>
    </StatusFrame>
  )
}

export function OfflineFirstVisitPage({ onRetry }: { onRetry: () => void }) {
  return (
    <StatusFrame title={<Trans>No connection</Trans>}>
      <p>
        <Trans>The network is abnormal. Connect to the internet and try again.</Trans>
      </p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </StatusFrame>
  )
}
