import { Trans, useLingui } from '@lingui/react/macro'
import { useOnline } from '../../lib/network'

/** Tells the user the network is gone and how old the saved data on screen is. */
export function OfflineBanner({ savedAt }: { savedAt: number | null }) {
  const online = useOnline()
  const { i18n } = useLingui()
  if (online) return null
  const when = savedAt ? i18n.date(new Date(savedAt), { dateStyle: 'medium', timeStyle: 'short' }) : null
  return (
    <div className="offline-banner" role="status">
      {when ? (
        <Trans>You are offline. Showing what was saved on this device at {when}.</Trans>
      ) : (
        <Trans>You are offline. Showing what was saved on this device.</Trans>
      )}
    </div>
  )
}
