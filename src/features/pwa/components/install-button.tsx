import { Trans } from '@lingui/react/macro'
import { useHydrated } from '../../../hooks/use-hydrated'
import { pwaState, setInstallPrompt, usePwa } from '../store'

/**
 * Shown wherever the browser offers installation (beforeinstallprompt), once the page is
 * hydrated: the offer can come before the app starts, and the server drew no button.
 */
export function InstallButton({ className = 'button button-primary' }: { className?: string }) {
  const pwa = usePwa()
  const hydrated = useHydrated()
  if (!hydrated || !pwa.installPrompt || pwa.installed) return null
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
