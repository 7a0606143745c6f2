/** The slip's place button, why it cannot be used yet (signed out, offline), and a trial account's play money. */
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
  /** A trial account, which bets its play money. */
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
        <p className="field-hint lott-play-money">
          <span className="play-tag">
            <Trans>Play money</Trans>
          </span>{' '}
          <Trans>These bets use your play money, not real money.</Trans>
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
        ) : guest ? (
          <Trans>Place play-money bets</Trans>
        ) : (
          <Trans>Place bets</Trans>
        )}
      </button>
    </div>
  )
}
