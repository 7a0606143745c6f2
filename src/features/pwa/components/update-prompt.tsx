import { Trans } from '@lingui/react/macro'
import { useHydrated } from '../../../hooks/use-hydrated'
import { usePwa } from '../store'
import './update-prompt.css'

/**
 * Offers a waiting new version. It never reloads by itself, and stays out of the way in a
 * game (the caller hides it there) so nobody loses a round or a half-filled form.
 */
export function UpdatePrompt({ hidden }: { hidden: boolean }) {
  const pwa = usePwa()
  // The worker can say so before the page is hydrated; the server drew no prompt.
  const hydrated = useHydrated()
  if (!hydrated || !pwa.updateWaiting || hidden) return null
  return (
    <div className="update-prompt" role="status" data-prompt="">
      <span>
        <Trans>A new version is ready.</Trans>
      </span>
      <button type="button" className="button button-primary" onClick={() => pwa.applyUpdate?.()}>
        <Trans>Reload to update</Trans>
      </button>
    </div>
  )
}
