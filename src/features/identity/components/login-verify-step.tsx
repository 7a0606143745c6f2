/**
 * The second step of a login from a new address: a code by SMS or e-mail, the real name on
 * the account, or the authenticator app's code (with a recovery code when the phone is
 * lost), as the member's details allow.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { LoginVerifyRequired } from '#contract/identity'
import { TextField } from '../../../components/ui/text-field'
import { markRemembered } from '../../../lib/device-session'
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
  rememberDevice = false,
}: {
  step: LoginVerifyRequired
  account: string
  onBack: () => void
  /** "Stay signed in" was ticked at the login: the confirmed login remembers the device. */
  rememberDevice?: boolean
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
      onSuccess: (res) => {
        if (rememberDevice) markRemembered()
        return afterLogin(res, account, { loginType: 'username', from })
      },
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
      entrance: from === 'agent' ? 'agent' : 'member',
      ...(rememberDevice ? { rememberDevice: true } : {}),
      ...(method === 'realName' ? { realName: value } : { verificationCode: value.trim() }),
    })
  }

  const label = {
    sms: t`Code by SMS`,
    email: t`Code by e-mail`,
    realName: t`Real name on the account`,
    authenticator: t`Authenticator app code`,
    recoveryCode: t`Recovery code`,
  }
  // A recovery code is offered from the authenticator's field, not as a tab of its own.
  const tabs = step.methods.filter((m) => m !== 'recoveryCode')
  const tabOf = method === 'recoveryCode' ? 'authenticator' : method
  const switchTo = (m: LoginVerifyRequired['methods'][number]) => {
    setMethod(m)
    setValue('')
    setError(null)
  }
  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
      <p role="status">
        <Trans>This is a login from a new place. Please confirm it is you.</Trans>
      </p>
      {tabs.length > 1 ? (
        <div role="tablist" aria-label={t`Verification method`} className="tabs">
          {tabs.map((m) => (
            <button key={m} type="button" role="tab" aria-selected={m === tabOf} onClick={() => switchTo(m)}>
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
      ) : method === 'authenticator' || method === 'recoveryCode' ? (
        <>
          <TextField
            key={method}
            label={label[method]}
            hint={
              method === 'authenticator'
                ? t`Open your authenticator app and enter the 6-digit code for this account.`
                : t`Enter one of the recovery codes you saved when you set up the app. Each works once.`
            }
            {...(method === 'authenticator'
              ? { inputMode: 'numeric' as const, autoComplete: 'one-time-code', maxLength: 7 }
              : { autoComplete: 'off', autoCapitalize: 'characters', maxLength: 16 })}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={error}
            required
          />
          {step.methods.includes('recoveryCode') ? (
            <button
              type="button"
              className="link-button"
              onClick={() => switchTo(method === 'authenticator' ? 'recoveryCode' : 'authenticator')}
            >
              {method === 'authenticator' ? (
                <Trans>Lost your phone? Use a recovery code</Trans>
              ) : (
                <Trans>Use the authenticator app instead</Trans>
              )}
            </button>
          ) : null}
        </>
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
