/**
 * App download (/down): the browser's install offer (Android, desktop), the iOS guide
 * (Safari's Share, or the Web Clip profile the server builds), a QR code of the site
 * (an SVG the server draws, so no QR code reaches the bundle), and the brand's download
 * resources under translated names.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { iosProfilePath, siteQrPath } from '#contract/app-install'
import type { Resource } from '#contract/system'
import { InstallButton } from '../../features/pwa/components/install-button'
import { statusQueryOptions } from '../../lib/status-query'
import { DownPageStyles } from './down-page-styles'

/** Where a resource leads: the iOS lite profile is the server's file, the PWA is installed here. */
function resourceHref(r: Resource): string {
  if (r.resourceType === 'IOS_LITE') return iosProfilePath
  if (r.resourceType === 'PWA') return '#install'
  return r.url
}

function ResourceName({ type }: { type: string }) {
  switch (type) {
    case 'PWA':
      return <Trans>Web app for this device</Trans>
    case 'IOS_LITE':
      return <Trans>iPhone and iPad (home screen profile)</Trans>
    case 'IOS':
      return <Trans>iPhone and iPad app</Trans>
    case 'ANDROID':
    case 'APK':
      return <Trans>Android app</Trans>
    case 'WINDOWS':
    case 'PC':
      return <Trans>Windows app</Trans>
    case 'MAC':
      return <Trans>Mac app</Trans>
    default:
      return <Trans>Download</Trans>
  }
}

export function DownPage() {
  const { t } = useLingui()
  const status = useQuery(statusQueryOptions())
  const resources = status.data?.info.resources ?? []
  return (
    <main className="page down-page">
      <DownPageStyles />
      <h1>
        <Trans>App download</Trans>
      </h1>
      <section className="card" id="install" aria-labelledby="install-title">
        <h2 id="install-title">
          <Trans>Android and computers</Trans>
        </h2>
        <InstallButton />
        <p>
          <Trans>
            If no install button shows, open the browser menu and choose "Install app" or "Add to Home
            screen".
          </Trans>
        </p>
      </section>
      <section className="card" id="ios" aria-labelledby="ios-title">
        <h2 id="ios-title">
          <Trans>iPhone and iPad</Trans>
        </h2>
        <h3>
          <Trans>With Safari</Trans>
        </h3>
        <ol className="down-steps">
          <li>
            <Trans>Open this site in Safari.</Trans>
          </li>
          <li>
            <Trans>Tap the Share button.</Trans>
          </li>
          <li>
            <Trans>Choose "Add to Home Screen", then "Add".</Trans>
          </li>
        </ol>
        <h3>
          <Trans>With the profile</Trans>
        </h3>
        <ol className="down-steps">
          <li>
            <a className="button button-primary" href={iosProfilePath} download>
              <Trans>Download the profile</Trans>
            </a>
          </li>
          <li>
            <Trans>Open Settings and tap "Profile Downloaded".</Trans>
          </li>
          <li>
            <Trans>Tap "Install" within 8 minutes; after that the download is discarded.</Trans>
          </li>
        </ol>
      </section>
      <section className="card" aria-labelledby="qr-title">
        <h2 id="qr-title">
          <Trans>Open on your phone</Trans>
        </h2>
        <img
          className="down-qr"
          src={siteQrPath}
          width={176}
          height={176}
          alt={t`QR code of this site's address`}
        />
        <p>
          <Trans>Scan the code with the phone's camera.</Trans>
        </p>
      </section>
      {resources.length > 0 ? (
        <section className="card" aria-labelledby="resources-title">
          <h2 id="resources-title">
            <Trans>Other downloads</Trans>
          </h2>
          <ul className="down-resources">
            {resources.map((r) => (
              <li key={`${r.resourceType}-${r.url}`}>
                <a href={resourceHref(r)} download={r.resourceType === 'IOS_LITE' ? true : undefined}>
                  <ResourceName type={r.resourceType} />
                </a>
                {r.qrCodeUrl ? <img src={r.qrCodeUrl} width={96} height={96} alt={t`QR code`} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  )
}
