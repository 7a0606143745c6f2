/**
 * The "send code" button: ready, sending, a countdown until it may send again, ready.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { TextField } from '../../../components/ui/text-field'
import { errorText } from '../../../lib/error-messages'

export interface SmsCodeButtonProps {
  /** Sends the code; resolves to the seconds to wait before another, or null when it did not send. */
  send: () => Promise<number | null>
  disabled?: boolean
  onError: (text: string) => void
}

export function SmsCodeButton({ send, disabled, onError }: SmsCodeButtonProps) {
  const { i18n } = useLingui()
  const [state, setState] = useState<
    { kind: 'ready' } | { kind: 'loading' } | { kind: 'countdown'; left: number }
  >({
    kind: 'ready',
  })
  useEffect(() => {
    if (state.kind !== 'countdown') return
    const left = state.left - 1
    const timer = setTimeout(() => setState(left > 0 ? { kind: 'countdown', left } : { kind: 'ready' }), 1000)
    return () => clearTimeout(timer)
  }, [state])
  return (
    <button
      type="button"
      className="button sms-button"
      disabled={disabled || state.kind !== 'ready'}
      aria-live="polite"
      onClick={async () => {
        setState({ kind: 'loading' })
        try {
          const seconds = await send()
          setState(
            seconds === null || seconds <= 0 ? { kind: 'ready' } : { kind: 'countdown', left: seconds },
          )
        } catch (err) {
          setState({ kind: 'ready' })
          onError(errorText(i18n, err))
        }
      }}
    >
      {state.kind === 'loading' ? (
        <Trans>Sending…</Trans>
      ) : state.kind === 'countdown' ? (
        <Trans>Send again in {state.left} s</Trans>
      ) : (
        <Trans>Send code</Trans>
      )}
    </button>
  )
}

/** A code field with its send button beside it. */
export function CodeRow({
  label,
  value,
  onChange,
  error,
  send,
  onSendError,
}: {
  label: string
  value: string
  onChange: (v: string) => void
  error?: string | null
  send: () => Promise<number | null>
  onSendError: (text: string) => void
}) {
  return (
    <div className="code-row">
      <TextField
        label={label}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={255}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        required
      />
      <SmsCodeButton send={send} onError={onSendError} />
    </div>
  )
}
