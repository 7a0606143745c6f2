/**
 * The agent entrance (/agent): a login by username and password that only an agent passes
 * (the server answers error_not_agent for anyone else); it then opens the agent centre.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { LoginVerifyRequiredSchema, type LoginVerifyRequired } from '#contract/identity'
import { FormError } from '../../../components/ui/form-error'
import { TextField } from '../../../components/ui/text-field'
import { ApiError } from '../../../lib/api-client'
import { errorText } from '../../../lib/error-messages'
import { useLogin } from '../api/login'
import { useAfterLogin } from '../use-after-login'
import { AuthFormsStyles } from './auth-forms-styles'
import { CaptchaField } from './captcha-field'
import { LoginVerifyStep } from './login-verify-step'

type Errors = { username?: string; password?: string; captcha?: string; form?: string }

export function AgentLoginForm() {
  const { t, i18n } = useLingui()
  const afterLogin = useAfterLogin()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [captcha, setCaptcha] = useState('')
  const [needCaptcha, setNeedCaptcha] = useState(false)
  const [captchaKey, setCaptchaKey] = useState(0)
  const [invalid, setInvalid] = useState<Errors>({})
  const [secondStep, setSecondStep] = useState<LoginVerifyRequired | null>(null)
  const login = useLogin({
    mutationConfig: {
      onSuccess: (res) => afterLogin(res, username.trim(), { loginType: 'username', from: 'agent' }),
      onError: (err) => {
        const step =
          err instanceof ApiError && err.errorCode === 'login_verify_required'
            ? LoginVerifyRequiredSchema.safeParse(err.value)
            : null
        if (step?.success) {
          setSecondStep(step.data)
          return
        }
        if (err instanceof ApiError && err.value?.captcha === true) {
          setNeedCaptcha(true)
          setCaptchaKey((k) => k + 1)
        }
      },
    },
  })
  const refusal = login.error
  const errors: Errors = refusal
    ? refusal instanceof ApiError && refusal.errorCode.startsWith('captcha')
      ? { captcha: errorText(i18n, refusal) }
      : { form: errorText(i18n, refusal) }
    : invalid

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    if (!username.trim()) next.username = t`This field cannot be empty.`
    if (!password) next.password = t`This field cannot be empty.`
    if (needCaptcha && !captcha.trim()) next.captcha = t`Enter the verification code shown.`
    setInvalid(next)
    login.reset()
    if (Object.keys(next).length > 0) return
    login.mutate({
      type: 'username',
      username: username.trim(),
      password,
      captcha: needCaptcha ? captcha.trim() : undefined,
      entrance: 'agent',
    })
  }

  if (secondStep) {
    return (
      <LoginVerifyStep
        step={secondStep}
        account={username.trim()}
        from="agent"
        onBack={() => {
          login.reset()
          setSecondStep(null)
        }}
      />
    )
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={login.isPending}>
      <AuthFormsStyles />
      <TextField
        label={t`Agent username`}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={errors.username}
        required
      />
      <TextField
        label={t`Password`}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        required
      />
      {needCaptcha ? (
        <CaptchaField value={captcha} onChange={setCaptcha} error={errors.captcha} refreshKey={captchaKey} />
      ) : null}
      <FormError text={errors.form} />
      <button type="submit" className="button button-primary button-block" disabled={login.isPending}>
        {login.isPending ? <Trans>Logging in…</Trans> : <Trans>Log in as an agent</Trans>}
      </button>
    </form>
  )
}
