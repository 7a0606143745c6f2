/**
 * Forgot password: by e-mail (username and e-mail; a code is mailed, then a new password
 * with that code) or, when CHNGPASSVERIF3 is on, by mobile (a code by SMS and a new
 * password, then logged straight in).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { BoundField } from '#contract/profile'
import { FormError } from '../../../components/ui/form-error'
import { TextField } from '../../../components/ui/text-field'
import { ApiError } from '../../../lib/api-client'
import { errorText } from '../../../lib/error-messages'
import { showToast } from '../../../lib/toast-store'
import { useForgotByEmail } from '../api/forgot-by-email'
import { useForgotBySms } from '../api/forgot-by-sms'
import { useResetByEmail } from '../api/reset-by-email'
import { useResetByMobile } from '../api/reset-by-mobile'
import { useAfterLogin } from '../use-after-login'
import { MobileFields, nationalDigits, useCountry } from './mobile-fields'
import { NewPasswordFields } from './new-password-fields'
import { CodeRow } from './sms-code-button'

type Errors = Partial<
  Record<'username' | 'email' | 'code' | 'password' | 'confirm' | 'mobile' | 'form', string>
>

/** Where a refused reset says what went wrong: the code, the new password, or the form. */
function resetRefusal(i18n: Parameters<typeof errorText>[0], err: Error): Errors {
  const c = err instanceof ApiError ? err.errorCode : ''
  const text = errorText(i18n, err)
  return c.startsWith('verification')
    ? { code: text }
    : c === 'validation_failed'
      ? { password: text }
      : { form: text }
}

function ByEmail({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui()
  const [username, setUsername] = useState('')
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState(false)
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [invalid, setInvalid] = useState<Errors>({})
  const forgot = useForgotByEmail({ mutationConfig: { onSuccess: () => setSent(true) } })
  const resetPassword = useResetByEmail({
    mutationConfig: {
      onSuccess: () => {
        showToast(t`Your password has been changed. Please log in.`, 'success')
        onDone()
      },
    },
  })
  const pending = forgot.isPending || resetPassword.isPending
  const errors: Errors = forgot.error
    ? { form: errorText(i18n, forgot.error) }
    : resetPassword.error
      ? resetRefusal(i18n, resetPassword.error)
      : invalid

  function request(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    if (!username.trim()) next.username = t`This field cannot be empty.`
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) next.email = t`Enter a valid email address`
    setInvalid(next)
    forgot.reset()
    if (Object.keys(next).length > 0) return
    forgot.mutate({ username: username.trim(), email: email.trim() })
  }

  function reset(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    if (!code.trim()) next.code = t`Please enter the verification code.`
    if (!password) next.password = t`This field cannot be empty.`
    if (password !== confirm) next.confirm = t`The confirmation is inconsistent with the new password.`
    setInvalid(next)
    resetPassword.reset()
    if (Object.keys(next).length > 0) return
    resetPassword.mutate({
      username: username.trim(),
      verificationCode: code.trim(),
      newPassword: password,
      confirmNewPassword: confirm,
    })
  }

  if (!sent) {
    return (
      <form className="form" onSubmit={request} noValidate aria-busy={pending}>
        <TextField
          label={t`Username`}
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={errors.username}
          required
        />
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <FormError text={errors.form} />
        <button type="submit" className="button button-primary button-block" disabled={pending}>
          <Trans>Send reset code</Trans>
        </button>
      </form>
    )
  }
  return (
    <form className="form" onSubmit={reset} noValidate aria-busy={pending}>
      <p role="status">
        {/* The same answer whether or not the pair matches: who is registered is not told. */}
        <Trans>If the username and e-mail match an account, a reset code has been sent to that e-mail.</Trans>
      </p>
      <TextField
        label={t`Verification code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.code}
        required
      />
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        errors={{ password: errors.password, confirm: errors.confirm }}
      />
      <FormError text={errors.form} />
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        <Trans>Change password</Trans>
      </button>
    </form>
  )
}

function ByMobile() {
  const { t, i18n } = useLingui()
  const afterLogin = useAfterLogin()
  const [dialingCode, setDialingCode] = useState('855')
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [invalid, setInvalid] = useState<Errors>({})
  const country = useCountry(dialingCode)
  const sendResetCode = useForgotBySms()
  const resetPassword = useResetByMobile({
    mutationConfig: {
      onSuccess: (res, input) =>
        afterLogin(res, `${input.countryDialingCode}${input.mobileNum}`, {
          loginType: 'sms',
          from: 'register',
        }),
    },
  })
  const pending = resetPassword.isPending
  const errors = resetPassword.error ? resetRefusal(i18n, resetPassword.error) : invalid

  /** Shows these errors in place of what the last refusal said. */
  function showErrors(next: Errors) {
    resetPassword.reset()
    setInvalid(next)
  }

  async function sendCode(): Promise<number | null> {
    const national = nationalDigits(mobile, country)
    if (!national) {
      showErrors({ mobile: t`Please enter a valid mobile number.` })
      return null
    }
    showErrors({})
    const res = await sendResetCode.mutateAsync({ mobileNum: national, countryDialingCode: dialingCode })
    return res.expiredMinutes * 60
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    const national = nationalDigits(mobile, country)
    const next: Errors = {}
    if (!national) next.mobile = t`Please enter a valid mobile number.`
    if (!code.trim()) next.code = t`Please enter the verification code.`
    if (!password) next.password = t`This field cannot be empty.`
    showErrors(next)
    if (!national || Object.keys(next).length > 0) return
    resetPassword.mutate({
      mobileNum: national,
      countryDialingCode: dialingCode,
      verificationCode: code.trim(),
      newPassword: password,
    })
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
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
        onSendError={(text) => showErrors({ mobile: text })}
      />
      <TextField
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        required
      />
      <FormError text={errors.form} />
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        <Trans>Change password</Trans>
      </button>
    </form>
  )
}

export function ForgotPasswordForm({
  mobileEnabled,
  onDone,
}: {
  mobileEnabled: boolean
  onDone: () => void
}) {
  const { t } = useLingui()
  const [mode, setMode] = useState<BoundField>('email')
  return (
    <>
      {mobileEnabled ? (
        <div role="tablist" aria-label={t`Recovery method`} className="tabs">
          <button type="button" role="tab" aria-selected={mode === 'email'} onClick={() => setMode('email')}>
            <Trans>By e-mail</Trans>
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={mode === 'mobile'}
            onClick={() => setMode('mobile')}
          >
            <Trans>By mobile</Trans>
          </button>
        </div>
      ) : null}
      {mode === 'email' || !mobileEnabled ? <ByEmail onDone={onDone} /> : <ByMobile />}
    </>
  )
}
