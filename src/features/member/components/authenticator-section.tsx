/**
 * "Authenticator app" in My account (decision 031): off → set up (a QR code, the key to type
 * by hand with a copy button, the first code) → the recovery codes, shown this once with
 * copy and download → on, with "Turn off" asking for a current code or a recovery code.
 * Each step moves the focus to its heading, so a screen reader hears where it is.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { AuthenticatorSetup } from '#contract/authenticator'
import { FormError } from '../../../components/ui/form-error'
import { QueryState } from '../../../components/ui/query-state'
import { TextField } from '../../../components/ui/text-field'
import { copyText } from '../../../lib/clipboard'
import { errorText } from '../../../lib/error-messages'
import { securityConfigQueryOptions } from '../../../lib/security-config'
import { showToast } from '../../../lib/toast-store'
import { useBrandDateTimeFormat } from '../../../lib/use-brand-dates'
import { useAuthenticatorConfirm, useAuthenticatorDisable, useAuthenticatorSetup } from '../api/authenticator'

type Stage =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: AuthenticatorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'turnOff' }

/** The QR code of a text as an SVG data address; null until the library (loaded on demand) is in. */
function useQrCode(text: string): string | null {
  const [svg, setSvg] = useState<{ text: string; url: string } | null>(null)
  useEffect(() => {
    let live = true
    import('qrcode')
      .then((QRCode) => QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => {
        if (live) setSvg({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` })
      })
      .catch(() => {
        // Without the library (offline, a failed chunk) the key typed by hand still serves.
      })
    return () => {
      live = false
    }
  }, [text])
  return svg?.text === text ? svg.url : null
}

function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const { t } = useLingui()
  return (
    <button
      type="button"
      className="button"
      aria-label={label}
      onClick={() => {
        void copyText(text).then((ok) =>
          showToast(
            ok ? done : t`Could not copy. Press and hold to copy it yourself.`,
            ok ? 'success' : 'error',
          ),
        )
      }}
    >
      <Trans>Copy</Trans>
    </button>
  )
}

/** A heading that takes the focus when it appears (each step of the flow). */
function StepHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <h4 id={id} ref={ref} tabIndex={-1}>
      {children}
    </h4>
  )
}

/** The key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim()

function SetupStep({
  setup,
  onDone,
  onCancel,
}: {
  setup: AuthenticatorSetup
  onDone: (codes: string[]) => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const qr = useQrCode(setup.otpauthUri)
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const confirm = useAuthenticatorConfirm()
  const error = invalid ?? (confirm.error ? errorText(i18n, confirm.error) : null)
  function submit(e: FormEvent) {
    e.preventDefault()
    const typed = code.replace(/\s/g, '')
    if (!/^\d{6}$/.test(typed)) {
      confirm.reset()
      setInvalid(t`Enter the 6-digit code your app shows.`)
      return
    }
    setInvalid(null)
    confirm.mutate(typed, { onSuccess: (res) => onDone(res.recoveryCodes) })
  }
  return (
    <div className="authenticator-step" aria-labelledby="authenticator-setup-title" role="group">
      <StepHeading id="authenticator-setup-title">
        <Trans>Set up the authenticator app</Trans>
      </StepHeading>
      <ol className="authenticator-steps">
        <li>
          <Trans>Install Google Authenticator or another authenticator app on your phone.</Trans>
        </li>
        <li>
          <Trans>In the app, add an account and scan this QR code.</Trans>
          <div className="authenticator-qr">
            {qr ? (
              <img src={qr} width={180} height={180} alt={t`QR code to scan with your authenticator app`} />
            ) : (
              <div className="authenticator-qr-wait skeleton-line" aria-hidden="true" />
            )}
          </div>
        </li>
        <li>
          <Trans>Cannot scan? Enter this key in the app instead:</Trans>
          <div className="authenticator-key">
            <code data-testid="authenticator-secret" aria-label={t`Setup key`}>
              {grouped(setup.secret)}
            </code>
            <CopyButton text={setup.secret} label={t`Copy the setup key`} done={t`Setup key copied`} />
          </div>
        </li>
      </ol>
      <form className="form" onSubmit={submit} noValidate aria-busy={confirm.isPending}>
        <TextField
          label={t`6-digit code from the app`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
          required
        />
        <div className="authenticator-actions">
          <button type="submit" className="button button-primary" disabled={confirm.isPending}>
            <Trans>Turn on</Trans>
          </button>
          <button type="button" className="button" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </div>
  )
}

function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui()
  const [saved, setSaved] = useState(false)
  const all = codes.join('\n')
  function download() {
    const url = URL.createObjectURL(new Blob([`${all}\n`], { type: 'text/plain' }))
    const a = document.createElement('a')
    a.href = url
    a.download = 'recovery-codes.txt'
    document.body.append(a)
    a.click()
    a.remove()
    URL.revokeObjectURL(url)
  }
  return (
    <div className="authenticator-step" aria-labelledby="authenticator-codes-title" role="group">
      <StepHeading id="authenticator-codes-title">
        <Trans>Save your recovery codes</Trans>
      </StepHeading>
      <p role="status">
        <Trans>The authenticator app is on.</Trans>
      </p>
      <p>
        <Trans>
          If you lose your phone, each of these codes lets you in once. Keep them somewhere safe: they are
          shown only now.
        </Trans>
      </p>
      <ol className="authenticator-codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="authenticator-actions">
        <CopyButton text={all} label={t`Copy the recovery codes`} done={t`Recovery codes copied`} />
        <button type="button" className="button" onClick={download}>
          <Trans>Download</Trans>
        </button>
      </div>
      <label className="authenticator-saved">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        <Trans>I have saved my recovery codes</Trans>
      </label>
      <button type="button" className="button button-primary" disabled={!saved} onClick={onDone}>
        <Trans>Done</Trans>
      </button>
    </div>
  )
}

function TurnOffStep({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t, i18n } = useLingui()
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const disable = useAuthenticatorDisable()
  const error = invalid ?? (disable.error ? errorText(i18n, disable.error) : null)
  function submit(e: FormEvent) {
    e.preventDefault()
    if (!code.trim()) {
      disable.reset()
      setInvalid(t`This field cannot be empty.`)
      return
    }
    setInvalid(null)
    disable.mutate(code.trim(), {
      onSuccess: () => {
        showToast(t`The authenticator app is off.`, 'success')
        onDone()
      },
    })
  }
  return (
    <form className="form authenticator-step" onSubmit={submit} noValidate aria-busy={disable.isPending}>
      <StepHeading id="authenticator-off-title">
        <Trans>Turn off the authenticator app</Trans>
      </StepHeading>
      <TextField
        label={t`Code from the app, or a recovery code`}
        autoComplete="one-time-code"
        maxLength={16}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
        required
      />
      <div className="authenticator-actions">
        <button type="submit" className="button authenticator-danger" disabled={disable.isPending}>
          <Trans>Turn off</Trans>
        </button>
        <button type="button" className="button" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  )
}

export function AuthenticatorSection() {
  const { t, i18n } = useLingui()
  const config = useQuery(securityConfigQueryOptions())
  const when = useBrandDateTimeFormat()
  const [stage, setStage] = useState<Stage>({ kind: 'idle' })
  const begin = useAuthenticatorSetup()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const backToIdle = () => {
    setStage({ kind: 'idle' })
    // The focus returns to the section's own button once the step closes.
    requestAnimationFrame(() => toggleRef.current?.focus())
  }
  return (
    <section className="authenticator" aria-labelledby="authenticator-title">
      <h3 id="authenticator-title">
        <Trans>Authenticator app</Trans>
      </h3>
      <QueryState query={config} lines={2}>
        {(c) => {
          if (stage.kind === 'setup')
            return (
              <SetupStep
                setup={stage.setup}
                onDone={(codes) => setStage({ kind: 'codes', codes })}
                onCancel={backToIdle}
              />
            )
          if (stage.kind === 'codes') return <RecoveryCodesStep codes={stage.codes} onDone={backToIdle} />
          if (stage.kind === 'turnOff') return <TurnOffStep onDone={backToIdle} onCancel={backToIdle} />
          const on = c.authenticator.enabled
          const since = c.authenticator.enabledAt
          const left = c.authenticator.recoveryCodesLeft
          const sinceText = since === null ? '' : when.format(since)
          return (
            <div className="authenticator-status">
              <p>
                <span className={on ? 'authenticator-badge is-on' : 'authenticator-badge'}>
                  {on ? <Trans>On</Trans> : <Trans>Off</Trans>}
                </span>{' '}
                {on ? (
                  <Trans>A login from a new place can be confirmed with a code from your phone.</Trans>
                ) : (
                  <Trans>
                    Use a code from an app on your phone (such as Google Authenticator) to confirm logins from
                    a new place.
                  </Trans>
                )}
              </p>
              {on && since !== null ? (
                <p className="authenticator-facts">
                  <Trans>
                    On since {sinceText}. Recovery codes left: {left}
                  </Trans>
                </p>
              ) : null}
              <FormError text={begin.error ? errorText(i18n, begin.error) : undefined} />
              {on ? (
                <button
                  ref={toggleRef}
                  type="button"
                  className="button"
                  onClick={() => setStage({ kind: 'turnOff' })}
                >
                  <Trans>Turn off</Trans>
                </button>
              ) : (
                <button
                  ref={toggleRef}
                  type="button"
                  className="button button-primary"
                  disabled={begin.isPending}
                  aria-label={t`Set up the authenticator app`}
                  onClick={() =>
                    begin.mutate(undefined, { onSuccess: (setup) => setStage({ kind: 'setup', setup }) })
                  }
                >
                  <Trans>Set up</Trans>
                </button>
              )}
            </div>
          )
        }}
      </QueryState>
    </section>
  )
}
