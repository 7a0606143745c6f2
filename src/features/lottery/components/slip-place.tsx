/** The slip's place button, and why it cannot be used yet (signed out, a trial account, offline). */
import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { NeedsNetwork } from '../../../components/ui/needs-network'

export function SlipPlace({
  signedIn,
  guest,
  online,
  disabled,
  pending,
  onPlace,
}: {
  signedIn: boolean
  /** A trial account, which cannot bet. */
  guest: boolean
  online: boolean
  disabled: boolean
  pending: boolean
  onPlace: () => void
}) {
  const offlineId = useId()
  return (
    <div className="lott-place">
      {!signedIn ? (
        <p className="field-hint">
          <Trans>Log in to place bets.</Trans>
        </p>
      ) : guest ? (
        <p className="field-hint">
          <Trans>Betting needs a real account. Trial accounts cannot place bets.</Trans>
        </p>
      ) : null}
      <NeedsNetwork id={offlineId} online={online} />
      <button
        type="button"
        className="button button-primary lott-place-button"
        disabled={disabled}
        aria-describedby={online ? undefined : offlineId}
        onClick={onPlace}
      >
        {!signedIn ? (
          <Trans>Log in to bet</Trans>
        ) : pending ? (
          <Trans>Placing…</Trans>
        ) : (
          <Trans>Place bets</Trans>
        )}
      </button>
    </div>
  )
}
