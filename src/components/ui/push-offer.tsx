/**
 * After a deposit or withdrawal request: an offer to be notified when it is settled. It
 * shows only where push can be turned on and is off; permission is asked on the click,
 * never before. "Not now" hides it for the rest of the visit.
 */
import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { pushState, turnPushOn } from '../../lib/push'

const dismissedKey = 'push-offer-dismissed'

export function PushOffer({ show }: { show: boolean }) {
  const [offer, setOffer] = useState(false)
  const [done, setDone] = useState<'on' | 'refused' | null>(null)

  useEffect(() => {
    if (!show) return
    let live = true
    let dismissed = false
    try {
      dismissed = sessionStorage.getItem(dismissedKey) === '1'
    } catch {
      // Storage blocked: the offer still shows.
    }
    if (dismissed) return
    void pushState().then((s) => {
      if (live) setOffer(s === 'off')
    })
    return () => {
      live = false
    }
  }, [show])

  if (done === 'on') {
    return (
      <p role="status" className="push-offer">
        <Trans>Notifications are on. We will tell you when it is settled.</Trans>
      </p>
    )
  }
  if (!show || !offer) return null
  return (
    <section className="push-offer" aria-live="polite" data-prompt="">
      <p>
        <Trans>Get a notification on this device when it is settled?</Trans>
      </p>
      {done === 'refused' ? (
        <p role="note">
          <Trans>Notifications stay off. You can turn them on later in Messages.</Trans>
        </p>
      ) : (
        <div className="push-offer-buttons">
          <button
            type="button"
            className="button button-primary"
            onClick={() =>
              void turnPushOn().then(
                (s) => setDone(s === 'on' ? 'on' : 'refused'),
                () => setDone('refused'),
              )
            }
          >
            <Trans>Turn on notifications</Trans>
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              try {
                sessionStorage.setItem(dismissedKey, '1')
              } catch {
                // Storage blocked: it hides for now anyway.
              }
              setOffer(false)
            }}
          >
            <Trans>Not now</Trans>
          </button>
        </div>
      )}
    </section>
  )
}
