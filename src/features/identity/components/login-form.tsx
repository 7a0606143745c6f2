/**
 * Log in by username and password. The password is left to the browser's password
 * manager (autocomplete attributes); "remember me" keeps only the username, for a day;
 * "Stay signed in" remembers the device (a refresh cookie the server sets, never the
 * password), so new tabs and the relaunched app open signed in.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState, type FormEvent } from 'react'
import { LoginVerifyRequiredSchema, type LoginVerifyRequired } from '#contract/identity'
import { FormError } from '../../../components/ui/form-error'
import { TextField } from '../../../components/ui/text-field'
import { ApiError } from '../../../lib/api-client'
import { markRemembered } from '../../../lib/device-session'
import { errorCodeText, errorText } from '../../../lib/error-messages'
import { useFreePlay } from '../api/free-play'
import { useLogin } from '../api/login'
import { useSendSmsLoginCode } from '../api/send-sms-login-code'
import { setSocialError, useAuthStore } from '../store'
import { useAfterLogin } from '../use-after-login'
import { AuthFormsStyles } from './auth-forms-styles'
import { CaptchaField } from './captcha-field'
import { LoginVerifyStep } from './login-verify-step'
import { MobileFields, nationalDigits, useCountry } from './mobile-fields'
import { CodeRow } from './sms-code-button'
import { SocialButtons } from './social-buttons'

const rememberCookie = 'lastUsername'

function rememberedUsername(): string {
  const m = document.cookie.match(/(?:^|;\s*)lastUsername=([^;]*)/)
  try {
    return m?.[1] ? decodeURIComponent(m[1]) : ''
  } catch {
    return ''
  }
}

function remember(username: string | null): void {
  document.cookie = username
    ? `${rememberCookie}=${encodeURIComponent(username)}; max-age=86400; path=/; samesite=lax`
    : `${rememberCookie}=; max-age=0; path=/; samesite=lax`
}

export function LoginForm({ freePlay, smsLogin }: { freePlay: boolean; smsLogin: boolean }) {
  const [mode, setMode] = useState<'password' | 'sms'>('password')
  if (mode === 'sms') return <SmsLoginForm onBack={() => setMode('password')} />
  return <PasswordLoginForm freePlay={freePlay} onSms={smsLogin ? () => setMode('sms') : undefined} />
}

function PasswordLoginForm({ freePlay, onSms }: { freePlay: boolean; onSms: (() => void) | undefined }) {
  const { t, i18n } = useLingui()
  const afterLogin = useAfterLogin()
  const [username, setUsername] = useState(rememberedUsername)
  const [password, setPassword] = useState('')
  const [rememberMe, setRememberMe] = useState(() => rememberedUsername() !== '')
  const [stay, setStay] = useState(false)
  const [captcha, setCaptcha] = useState('')
  const [needCaptcha, setNeedCaptcha] = useState(false)
  const [captchaKey, setCaptchaKey] = useState(0)
  const [invalid, setInvalid] = useState<{
    username?: string
    password?: string
    captcha?: string
    form?: string
  }>({})
  const [secondStep, setSecondStep] = useState<LoginVerifyRequired | null>(null)
  const login = useLogin({
    mutationConfig: {
      onSuccess: async (res) => {
        remember(rememberMe ? username.trim() : null)
        if (stay) markRemembered()
        await afterLogin(res, username.trim(), { loginType: 'username', from: 'login' })
      },
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
  const freePlayLogin = useFreePlay({
    mutationConfig: {
      onSuccess: async (res) => {
        try {
          localStorage.removeItem('cpw')
        } catch {
          // nothing stored
        }
        await afterLogin(res, 'guest', { loginType: 'username', from: 'freePlay' })
      },
    },
  })
  const pending = login.isPending || freePlayLogin.isPending
  const errors: typeof invalid = login.error
    ? refusalFields(login.error)
    : freePlayLogin.error
      ? { form: errorText(i18n, freePlayLogin.error) }
      : invalid

  function refusalFields(err: Error): typeof invalid {
    const text = errorText(i18n, err)
    return err instanceof ApiError && err.errorCode.startsWith('captcha') ? { captcha: text } : { form: text }
  }
  // A social sign-in that came back with an error reopened this popup: say why, once.
  const { socialError } = useAuthStore()
  const [socialErrorText] = useState(() => (socialError ? errorCodeText(i18n, socialError) : undefined))
  useEffect(() => {
    if (socialError) setSocialError(null)
  }, [socialError])

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: typeof invalid = {}
    if (!username.trim()) next.username = t`This field cannot be empty.`
    if (!password) next.password = t`This field cannot be empty.`
    if (needCaptcha && !captcha.trim()) next.captcha = t`Enter the verification code shown.`
    setInvalid(next)
    login.reset()
    freePlayLogin.reset()
    if (Object.keys(next).length > 0) return
    login.mutate({
      type: 'username',
      username: username.trim(),
      password,
      captcha: needCaptcha ? captcha.trim() : undefined,
      entrance: 'member',
      ...(stay ? { rememberDevice: true } : {}),
    })
  }

  function tryFreePlay() {
    login.reset()
    freePlayLogin.mutate({ os: navigator.platform.slice(0, 32), platform: 'W' })
  }

  if (secondStep) {
    return (
      <LoginVerifyStep
        step={secondStep}
        account={username.trim()}
        rememberDevice={stay}
        onBack={() => {
          login.reset()
          setSecondStep(null)
        }}
      />
    )
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
      <AuthFormsStyles />
      <TextField
        label={t`Username`}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={errors.username}
        required
        data-autofocus
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
      <label className="check">
        <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
        <Trans>Remember my username for a day</Trans>
      </label>
      <label className="check">
        <input type="checkbox" checked={stay} onChange={(e) => setStay(e.target.checked)} />
        <Trans>Stay signed in on this device</Trans>
      </label>
      <FormError text={errors.form} />
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        {pending ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
      </button>
      {freePlay ? (
        <button type="button" className="button button-block" onClick={tryFreePlay} disabled={pending}>
          <Trans>Try free play</Trans>
        </button>
      ) : null}
      {onSms ? (
        <button type="button" className="link-button" onClick={onSms}>
          <Trans>Log in with an SMS code</Trans>
        </button>
      ) : null}
      <SocialButtons initialError={socialErrorText} />
    </form>
  )
}

/** Log in with a mobile number and a code sent to it (MOBILEVERCODELOGIN3). */
function SmsLoginForm({ onBack }: { onBack: () => void }) {
  const { t, i18n } = useLingui()
  const afterLogin = useAfterLogin()
  const [dialingCode, setDialingCode] = useState('855')
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<{ mobile?: string; code?: string; form?: string }>({})
  const [stay, setStay] = useState(false)
  const country = useCountry(dialingCode)
  const sendLoginCode = useSendSmsLoginCode()
  const login = useLogin({
    mutationConfig: {
      onSuccess: (res, input) => {
        if (input.rememberDevice) markRemembered()
        return afterLogin(res, `${input.countryDialingCode ?? ''}${input.mobileNum ?? ''}`, {
          loginType: 'sms',
          from: 'login',
        })
      },
    },
  })
  const refusal = login.error
  const errors: typeof invalid = refusal
    ? refusal instanceof ApiError && refusal.errorCode.startsWith('verification')
      ? { code: errorText(i18n, refusal) }
      : { form: errorText(i18n, refusal) }
    : invalid

  async function sendCode(): Promise<number | null> {
    const national = nationalDigits(mobile, country)
    login.reset()
    if (!national) {
      setInvalid({ mobile: t`Please enter a valid mobile number.` })
      return null
    }
    setInvalid({})
    const res = await sendLoginCode.mutateAsync({ mobileNum: national, countryDialingCode: dialingCode })
    // The login code may be asked for again once it has expired (spec section 9).
    return res.expiredMinutes * 60
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    const national = nationalDigits(mobile, country)
    const next: typeof invalid = {}
    if (!national) next.mobile = t`Please enter a valid mobile number.`
    if (!code.trim()) next.code = t`Please enter the verification code.`
    setInvalid(next)
    login.reset()
    if (!national || Object.keys(next).length > 0) return
    login.mutate({
      type: 'sms',
      mobileNum: national,
      countryDialingCode: dialingCode,
      verificationCode: code.trim(),
      entrance: 'member',
      ...(stay ? { rememberDevice: true } : {}),
    })
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={login.isPending}>
      <AuthFormsStyles />
      <MobileFields
        dialingCode={dialingCode}
        onDialingCode={setDialingCode}
        mobile={mobile}
        onMobile={setMobile}
        error={errors.mobile}
      />
      <CodeRow
        label={t`SMS code`}
        value={code}
        onChange={setCode}
        error={errors.code}
        send={sendCode}
        onSendError={(text) => setInvalid({ mobile: text })}
      />
      <label className="check">
        <input type="checkbox" checked={stay} onChange={(e) => setStay(e.target.checked)} />
        <Trans>Stay signed in on this device</Trans>
      </label>
      <FormError text={errors.form} />
      <button type="submit" className="button button-primary button-block" disabled={login.isPending}>
        <Trans>Log in</Trans>
      </button>
      <button type="button" className="link-button" onClick={onBack}>
        <Trans>Log in with a password</Trans>
      </button>
    </form>
  )
}
