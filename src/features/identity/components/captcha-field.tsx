/**
 * The image captcha: loaded from the server (its answer stays there, tied to a cookie),
 * refreshed on demand or after a failed attempt, at most once a second.
 */
import { useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react'
import { identityEndpoints } from '#contract/identity'
import { TextField } from '../../../components/ui/text-field'
import { api } from '../../../lib/api'

export interface CaptchaFieldProps {
  value: string
  onChange: (v: string) => void
  error?: string | null
  /** Changing this number asks for a fresh image (after a failed attempt). */
  refreshKey: number
}

export function CaptchaField({ value, onChange, error, refreshKey }: CaptchaFieldProps) {
  const { t } = useLingui()
  const [image, setImage] = useState<string | null>(null)
  const last = useRef(0)
  /** A fresh image, or null when none came; at most one a second. */
  const fetchImage = useCallback(async (): Promise<string | null> => {
    const wait = 1000 - (Date.now() - last.current)
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    last.current = Date.now()
    try {
      return await api.call(identityEndpoints.captcha)
    } catch {
      return null
    }
  }, [])
  // A new image always clears the old answer.
  const clearAnswer = useEffectEvent(() => onChange(''))
  useEffect(() => {
    void fetchImage().then(setImage)
    clearAnswer()
  }, [refreshKey, fetchImage])
  return (
    <div className="captcha-row">
      <TextField
        label={t`Verification code`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        required
        autoComplete="off"
        inputMode="text"
        maxLength={8}
      />
      <button
        type="button"
        className="captcha-image"
        onClick={() => void fetchImage().then(setImage)}
        aria-label={t`New verification code`}
      >
        {image ? <img src={image} alt="" width={120} height={44} /> : <span>…</span>}
      </button>
    </div>
  )
}
