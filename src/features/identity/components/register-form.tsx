/**
 * Register by username. Fields and their rules come from the server; the shared rule
 * engine checks them here exactly as the server will. An invitation code from the link
 * is checked first: a valid one is used silently, an invalid one is shown to fix.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState, type FormEvent } from 'react'
import type { RegisterRequest } from '#contract/identity'
import { checkFields, ruleFor } from '#contract/register-rules'
import { registerFields, type RegisterField } from '#contract/system'
import { isFlagEnabled } from '#contract/system'
import { FormError } from '../../../components/ui/form-error'
import { HtmlContent } from '../../../components/ui/html-content'
import { Skeleton } from '../../../components/ui/skeleton'
import { TextField } from '../../../components/ui/text-field'
import { ApiError } from '../../../lib/api-client'
import { errorText } from '../../../lib/error-messages'
import { fieldProblemText } from '../../../lib/field-messages'
import { statusQueryOptions } from '../../../lib/status-query'
import { affiliateQueryOptions, registerRulesQueryOptions, termsQueryOptions } from '../api/auth-api'
import { useRegister } from '../api/register'
import { useAfterLogin } from '../use-after-login'
import { AuthFormsStyles } from './auth-forms-styles'
import { CaptchaField } from './captcha-field'

type Values = Partial<Record<RegisterField | 'confirmPassword', string>>
type Errors = Partial<Record<RegisterField | 'confirmPassword' | 'terms' | 'form', string>>

const fieldsWithoutCaptcha = registerFields.filter((f) => f !== 'captcha')

const optionalFields: RegisterField[] = [
  'payeeName',
  'email',
  'mobileNum',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
]

export function RegisterForm({ referralCode }: { referralCode: string | undefined }) {
  const { t, i18n } = useLingui()
  const afterLogin = useAfterLogin()
  const rules = useQuery(registerRulesQueryOptions())
  const affiliate = useQuery(affiliateQueryOptions(referralCode))
  const termsPage = useQuery(termsQueryOptions(i18n.locale))
  const status = useQuery(statusQueryOptions())
  const terms_ = termsPage.data?.[0]
  const [typed, setValues] = useState<Values>({})
  const [terms, setTerms] = useState(false)
  // What the last press of Register found wrong; null until it is pressed.
  const [invalid, setInvalid] = useState<Errors | null>(null)
  const [captchaKey, setCaptchaKey] = useState(0)
  const register = useRegister({
    mutationConfig: {
      onSuccess: (res, body) => afterLogin(res, body.username, { loginType: 'username', from: 'register' }),
      onError: () => setCaptchaKey((k) => k + 1),
    },
  })
  const pending = register.isPending

  const referralValid = referralCode !== undefined && affiliate.data?.valid === true
  // A referral link's code the platform refused: the field shows it, to correct, and says why
  // until Register is pressed.
  const referralRefused = !!referralCode && affiliate.data?.valid === false
  const values: Values =
    referralRefused && typed.affiliateCode === undefined ? { ...typed, affiliateCode: referralCode } : typed

  const labels = useMemo<Record<RegisterField | 'confirmPassword', string>>(
    () => ({
      username: t`Username`,
      password: t`Password`,
      confirmPassword: t`Confirm password`,
      payeeName: t`Real name`,
      email: t`Email`,
      mobileNum: t`Mobile number`,
      paymentPassword: t`Payment password`,
      qqNum: 'QQ',
      line: 'LINE',
      whatsapp: 'WhatsApp',
      facebook: 'Facebook',
      wechat: 'WeChat',
      idNumber: t`ID number`,
      recommenderId: t`Recommender ID`,
      affiliateCode: t`Invitation code`,
      captcha: t`Verification code`,
    }),
    [t],
  )

  const errors: Errors = register.error
    ? refusalErrors(register.error)
    : (invalid ?? (referralRefused ? { affiliateCode: t`The invitation code is not valid.` } : {}))

  function refusalErrors(err: Error): Errors {
    const fieldErrors: Errors = {}
    if (err instanceof ApiError) {
      for (const f of err.value?.fields ?? []) {
        if (f.path in labels) fieldErrors[f.path as RegisterField] = errorText(i18n, err)
      }
      if (err.errorCode === 'username_taken') fieldErrors.username = errorText(i18n, err)
      if (err.errorCode === 'invitation_code_error') fieldErrors.affiliateCode = errorText(i18n, err)
      if (err.errorCode.startsWith('captcha')) fieldErrors.captcha = errorText(i18n, err)
    }
    return { ...fieldErrors, form: errorText(i18n, err) }
  }

  if (!rules.data) return <Skeleton lines={5} label={t`Loading`} />
  const list = rules.data
  const showAffiliate = !!ruleFor(list, 'affiliateCode') && !referralValid
  // The captcha is asked for when its rule is on and the brand has captchas switched on.
  const needCaptcha =
    !!ruleFor(list, 'captcha') && isFlagEnabled(status.data?.info.whitelabel ?? [], 'CAPTCHA3')

  const set = (field: keyof Values) => (v: string) => setValues((old) => ({ ...old, [field]: v }))

  function submit(e: FormEvent) {
    e.preventDefault()
    const check = checkFields(list, values, needCaptcha ? undefined : fieldsWithoutCaptcha)
    const next: Errors = {}
    for (const [field, problem] of Object.entries(check)) {
      if (field === 'affiliateCode' && !showAffiliate) continue
      if (problem) next[field as RegisterField] = fieldProblemText(i18n, problem)
    }
    if ((values.password ?? '') !== (values.confirmPassword ?? '')) {
      next.confirmPassword = t`The confirmation is inconsistent with the new password.`
    }
    if (!terms) next.terms = t`You must agree to the terms and privacy policy.`
    setInvalid(next)
    register.reset()
    if (Object.keys(next).length > 0) return
    const body: RegisterRequest = {
      username: (values.username ?? '').trim(),
      password: values.password ?? '',
      confirmPassword: values.confirmPassword ?? '',
      termsAccepted: terms,
      registerMethod: 'WEB',
      registerUrl: window.location.href.slice(0, 2048),
      domain: window.location.host,
      login: true,
      affiliateCode: referralValid ? referralCode : values.affiliateCode?.trim() || undefined,
      captcha: values.captcha?.trim() || undefined,
    }
    for (const f of optionalFields) {
      const v = values[f]?.trim()
      if (v) body[f] = v
    }
    register.mutate(body)
  }

  const field = (
    name: RegisterField | 'confirmPassword',
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => {
    const rule = name === 'confirmPassword' ? ruleFor(list, 'password') : ruleFor(list, name)
    if (!rule) return null
    return (
      <TextField
        key={name}
        label={labels[name]}
        name={name}
        value={values[name] ?? ''}
        onChange={(e) => set(name)(e.target.value)}
        error={errors[name]}
        required={rule.required || name === 'paymentPassword'}
        placeholder={labels[name]}
        {...extra}
      />
    )
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
      <AuthFormsStyles />
      {field('username', { autoComplete: 'username', autoCapitalize: 'none', spellCheck: false })}
      {field('password', { type: 'password', autoComplete: 'new-password' })}
      {field('confirmPassword', { type: 'password', autoComplete: 'new-password' })}
      {field('payeeName', { autoComplete: 'name' })}
      {field('email', { type: 'email', autoComplete: 'email' })}
      {field('mobileNum', { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' })}
      {field('paymentPassword', { type: 'password', inputMode: 'numeric', autoComplete: 'off' })}
      {(['qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber', 'recommenderId'] as const).map((f) =>
        field(f),
      )}
      {showAffiliate ? field('affiliateCode', { autoCapitalize: 'characters' }) : null}
      {referralValid ? (
        <p className="muted" data-testid="invited-by">
          <Trans>Invited by {referralCode}</Trans>
        </p>
      ) : null}
      {needCaptcha ? (
        <CaptchaField
          value={values.captcha ?? ''}
          onChange={set('captcha')}
          error={errors.captcha}
          refreshKey={captchaKey}
        />
      ) : null}
      <label className="check">
        <input
          type="checkbox"
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          aria-invalid={errors.terms ? true : undefined}
        />
        <span>
          <Trans>I am 18 or older and agree to the terms and privacy policy.</Trans>
        </span>
      </label>
      {terms_ ? (
        <details className="terms">
          <summary>
            <Trans>Read the terms</Trans>
          </summary>
          <HtmlContent html={terms_.content} className="rich-text" />
        </details>
      ) : null}
      {errors.terms ? <p className="field-error">{errors.terms}</p> : null}
      <FormError text={errors.form} />
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        {pending ? <Trans>Registering…</Trans> : <Trans>Register</Trans>}
      </button>
    </form>
  )
}
