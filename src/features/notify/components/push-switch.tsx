/**
 * "Notifications on this device": turns web push on (asking for permission only on this
 * click, with the reason shown) or off, and says why when it cannot be offered.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { errorText } from '../../../lib/error-messages'
import { pushState, turnPushOff, turnPushOn, type PushState } from '../../../lib/push'

export function PushSwitch() {
  const { t, i18n } = useLingui()
  const [state, setState] = useState<PushState | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    void pushState().then((s) => {
      if (live) setState(s)
    })
    return () => {
      live = false
    }
  }, [])

  async function change(on: boolean) {
    setBusy(true)
    setError(null)
    try {
      setState(on ? await turnPushOn() : await turnPushOff())
    } catch (err) {
      setError(errorText(i18n, err))
    } finally {
      setBusy(false)
    }
  }

  if (state === null) return null
  return (
    <section className="push-switch" aria-labelledby="push-switch-title">
      <h3 id="push-switch-title">
        <Trans>Notifications on this device</Trans>
      </h3>
      <p className="muted">
        <Trans>Hear at once when a deposit arrives or a withdrawal is paid or rejected.</Trans>
      </p>
      {state === 'on' || state === 'off' ? (
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={state === 'on'}
            disabled={busy}
            onChange={(e) => void change(e.target.checked)}
          />
          <span>{state === 'on' ? t`On` : t`Off`}</span>
        </label>
      ) : null}
      {state === 'denied' ? (
        <p role="note">
          <Trans>
            Notifications are blocked for this site. To receive them, allow notifications in your browser’s
            site settings, then come back here.
          </Trans>
        </p>
      ) : null}
      {state === 'needs-install' ? (
        <p role="note">
          <Trans>
            On iPhone and iPad, notifications work once the app is on your home screen: tap Share in Safari,
            then Add to Home Screen, and open it from there.
          </Trans>
        </p>
      ) : null}
      {state === 'unsupported' ? (
        <p role="note">
          <Trans>This browser cannot receive notifications. Your messages are still listed here.</Trans>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}
