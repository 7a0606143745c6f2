import { Trans } from '@lingui/react/macro'
import { pwaState, setInstallPrompt, usePwa } from '../store'

/** Shown wherever the browser offers installation (beforeinstallprompt). */
export function InstallButton({ className = 'button button-primary' }: { className?: string }) {
  const pwa = usePwa()
  if (!pwa.installPrompt || pwa.installed) return null
  return (
    <button
      type="button"
      className={className}
      onClick={async () => {
        const e = pwaState.installPrompt
        if (!e) return
        await e.prompt()
        const choice = await e.userChoice
        if (choice.outcome === 'accepted') setInstallPrompt(null)
      }}
    >
      <Trans>Install the app</Trans>
    </button>
  )
}
