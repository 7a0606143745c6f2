/**
 * The loader shown while a game's address is fetched (spec section 4), over every page: a
 * status the screen reader announces, and a veil that keeps a second tap from launching.
 */
import { Trans } from '@lingui/react/macro'
import { useLaunchState } from '../store'
import './launch-loader.css'

export function LaunchLoader() {
  const game = useLaunchState().busy
  if (game === null) return null
  return (
    <div className="launch-loader" role="status" aria-busy="true" aria-live="polite">
      <div className="launch-loader-box">
        <span className="launch-spinner" aria-hidden="true" />
        <span>
          <Trans>Opening {game}…</Trans>
        </span>
      </div>
    </div>
  )
}
