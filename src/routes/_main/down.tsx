import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { statusQueryOptions } from '../../lib/status-query'
import { InstallButton } from '../../features/pwa/components/install-button'

/** App download: the browser's install offer where there is one, and how to add it by hand. */
export const Route = createFileRoute('/_main/down')({
  component: Down,
})

function Down() {
  const status = useQuery(statusQueryOptions())
  const resources = status.data?.info.resources ?? []
  return (
    <main className="page">
      <h1>
        <Trans>App download</Trans>
      </h1>
      <section className="card">
        <h2>
          <Trans>Install on this device</Trans>
        </h2>
        <InstallButton />
        <p>
          <Trans>Android: open the browser menu and choose "Add to Home screen" or "Install app".</Trans>
        </p>
        <p id="ios">
          <Trans>iPhone and iPad: tap Share, then "Add to Home Screen".</Trans>
        </p>
      </section>
      {resources.length > 0 ? (
        <section className="card">
          <h2>
            <Trans>Other downloads</Trans>
          </h2>
          <ul>
            {resources.map((r) => (
              <li key={`${r.resourceType}-${r.url}`}>
                <a href={r.url}>{r.resourceType}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  )
}
