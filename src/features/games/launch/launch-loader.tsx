/**
 * The loader shown while a game's address is fetched (spec section 4), over every page and
 * popup: a status the screen reader announces, and a veil that keeps a second tap from
 * launching. It sits beside the popups (in document.body), not in the page a popup makes
 * inert, so a launch from a popup is announced too.
 */
import { Trans } from '@lingui/react/macro'
import { createPortal } from 'react-dom'
import { useLaunchState } from '../store'
import { LaunchLoaderStyles } from './launch-loader-styles'

export function LaunchLoader() {
  const game = useLaunchState().busy
  if (game === null) return null
  return createPortal(
    <div className="launch-loader" role="status" aria-busy="true" aria-live="polite">
      <LaunchLoaderStyles />
      <div className="launch-loader-box">
        <span className="launch-spinner" aria-hidden="true" />
        <span>
          <Trans>Opening {game}…</Trans>
        </span>
      </div>
    </div>,
    document.body,
  )
}
