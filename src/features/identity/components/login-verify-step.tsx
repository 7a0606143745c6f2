/**
 * The second step of a login from a new address: a code by SMS or e-mail, or the real
 * name on the account, as the member's details allow.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { LoginVerifyRequired } from '#contract/identity'
import { TextField } from '../../../components/ui/text-field'
import { errorText } from '../../../lib/error-messages'
import { useSendLoginVerifyCode } from '../api/send-login-verify-code'
import { useVerifyLogin } from '../api/verify-login'
import { useAfterLogin } from '../use-after-login'
import { CodeRow } from './sms-code-button'

export function LoginVerifyStep({
  step,
  account,
  onBack,
  from = 'login',
}: {
  step: LoginVerifyRequired
  account: string
  onBack: () => void
  /** The agent entrance's login opens the agent centre once confirmed. */
  from?: 'login' | 'agent'
}) {
  const { t, i18n } = useLingui()
  const afterLogin = useAfterLogin()
  const [method, setMethod] = useState(step.methods[0] ?? 'sms')
  const [value, setValue] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const verify = useVerifyLogin({
    mutationConfig: {
      onSuccess: (res) => afterLogin(res, account, { loginType: 'username', from }),
    },
  })
  const sendCode = useSendLoginVerifyCode()
  const error = verify.error ? errorText(i18n, verify.error) : invalid
  const pending = verify.isPending
  const setError = (text: string | null) => {
    verify.reset()
    setInvalid(text)
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!value.trim()) {
      setError(t`This field cannot be empty.`)
      return
    }
    setError(null)
    verify.mutate({
      verifyToken: step.verifyToken,
      method,
      ...(method === 'realName' ? { realName: value } : { verificationCode: value.trim() }),
    })
  }

  const label = { sms: t`Code by SMS`, email: t`Code by e-mail`, realName: t`Real name on the account` }
  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
      <p role="status">
        <Trans>This is a login from a new place. Please confirm it is you.</Trans>
      </p>
      {step.methods.length > 1 ? (
        <div role="tablist" aria-label={t`Verification method`} className="tabs">
          {step.methods.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={m === method}
              onClick={() => {
                setMethod(m)
                setValue('')
                setError(null)
              }}
            >
              {label[m]}
            </button>
          ))}
        </div>
      ) : null}
      {method === 'realName' ? (
        <TextField
          label={label.realName}
          autoComplete="name"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
          required
        />
      ) : (
        <CodeRow
          label={label[method]}
          value={value}
          onChange={setValue}
          error={error}
          send={async () => {
            const res = await sendCode.mutateAsync({ verifyToken: step.verifyToken, method })
            return res.expiredMinutes * 60
          }}
          onSendError={setError}
        />
      )}
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        <Trans>Confirm</Trans>
      </button>
      <button type="button" className="link-button" onClick={onBack}>
        <Trans>Back</Trans>
      </button>
    </form>
  )
}
