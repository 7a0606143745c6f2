/**
 * Register by mobile number: a code by SMS (60 s before another), then a password. The
 * invitation code as on the username tab: a link's valid code is used and said ("Invited
 * by CODE"); otherwise the field is there when the brand's registration rules have it.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { checkField, ruleFor } from '#contract/register-rules'
import { FormError } from '../../../components/ui/form-error'
import { TextField } from '../../../components/ui/text-field'
import { ApiError } from '../../../lib/api-client'
import { errorText } from '../../../lib/error-messages'
import { fieldProblemText } from '../../../lib/field-messages'
import { affiliateQueryOptions, registerRulesQueryOptions } from '../api/auth-api'
import { useRegisterByMobile } from '../api/register-by-mobile'
import { useSendSmsRegisterCode } from '../api/send-sms-register-code'
import { useAfterLogin } from '../use-after-login'
import { AuthFormsStyles } from './auth-forms-styles'
import { MobileFields, nationalDigits, useCountry } from './mobile-fields'
import { CodeRow } from './sms-code-button'

type Errors = Partial<
  Record<'mobile' | 'code' | 'password' | 'confirmPassword' | 'affiliateCode' | 'terms' | 'form', string>
>

export function MobileRegisterForm({ referralCode }: { referralCode: string | undefined }) {
  const { t, i18n } = useLingui()
  const afterLogin = useAfterLogin()
  const rules = useQuery(registerRulesQueryOptions())
  const affiliate = useQuery(affiliateQueryOptions(referralCode))
  const [typedAffiliate, setAffiliate] = useState<string | undefined>(undefined)
  const [dialingCode, setDialingCode] = useState('855')
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirm] = useState('')
  const [terms, setTerms] = useState(false)
  const [invalid, setInvalid] = useState<Errors>({})
  const country = useCountry(dialingCode)
  const sendRegisterCode = useSendSmsRegisterCode()
  const registerByMobile = useRegisterByMobile({
    mutationConfig: {
      onSuccess: (res, input) =>
        afterLogin(res, `${input.countryDialingCode}${input.mobileNum}`, {
          loginType: 'username',
          from: 'register',
        }),
    },
  })
  const referralValid = referralCode !== undefined && affiliate.data?.valid === true
  // A link's code the platform refused is shown in the field, to correct.
  const referralRefused = !!referralCode && affiliate.data?.valid === false
  const affiliateCode = typedAffiliate ?? (referralRefused ? referralCode : '')
  const affiliateRule = rules.data ? ruleFor(rules.data, 'affiliateCode') : undefined
  const showAffiliate = !!affiliateRule && !referralValid
  const pending = registerByMobile.isPending
  const refusal = registerByMobile.error
  const refusalCode = refusal instanceof ApiError ? refusal.errorCode : ''
  const errors: Errors = !refusal
    ? { ...invalid }
    : refusalCode.startsWith('verification')
      ? { code: errorText(i18n, refusal) }
      : refusalCode === 'mobile_taken'
        ? { mobile: errorText(i18n, refusal) }
        : refusalCode === 'invitation_code_error'
          ? { affiliateCode: errorText(i18n, refusal) }
          : { form: errorText(i18n, refusal) }
  if (referralRefused && typedAffiliate === undefined && !refusal && !invalid.affiliateCode)
    errors.affiliateCode = t`The invitation code is not valid.`

  /** Shows these errors in place of what the last refusal said. */
  function showErrors(next: Errors) {
    registerByMobile.reset()
    setInvalid(next)
  }

  async function sendCode(): Promise<number | null> {
    const national = nationalDigits(mobile, country)
    if (!national) {
      showErrors({ mobile: t`Please enter a valid mobile number.` })
      return null
    }
    showErrors({})
    await sendRegisterCode.mutateAsync({ mobileNo: national, countryDialingCode: dialingCode })
    // Registration codes may be asked for again after 60 seconds (spec section 9).
    return 60
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    const national = nationalDigits(mobile, country)
    if (!national) next.mobile = t`Please enter a valid mobile number.`
    if (!code.trim()) next.code = t`Please enter the verification code.`
    const rule = rules.data ? ruleFor(rules.data, 'password') : undefined
    const problem = rule
      ? checkField({ ...rule, required: true }, password)
      : password
        ? null
        : { kind: 'required' as const }
    if (problem) next.password = fieldProblemText(i18n, problem)
    if (password !== confirmPassword)
      next.confirmPassword = t`The confirmation is inconsistent with the new password.`
    if (showAffiliate) {
      const affiliateProblem = checkField(affiliateRule, affiliateCode.trim())
      if (affiliateProblem) next.affiliateCode = fieldProblemText(i18n, affiliateProblem)
    }
    if (!terms) next.terms = t`You must agree to the terms and privacy policy.`
    showErrors(next)
    if (Object.keys(next).length > 0 || !national) return
    registerByMobile.mutate({
      mobileNum: national,
      countryDialingCode: dialingCode,
      verificationCode: code.trim(),
      password,
      confirmPassword,
      termsAccepted: terms,
      referralCode: referralValid ? referralCode : (showAffiliate && affiliateCode.trim()) || undefined,
      domain: window.location.host,
      registerMethod: 'WEB',
      login: true,
    })
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
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
        onSendError={(text) => setInvalid((old) => ({ ...old, mobile: text }))}
      />
      <TextField
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        required
      />
      <TextField
        label={t`Confirm password`}
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirmPassword}
        required
      />
      {showAffiliate ? (
        <TextField
          label={t`Invitation code`}
          name="affiliateCode"
          value={affiliateCode}
          onChange={(e) => setAffiliate(e.target.value)}
          error={errors.affiliateCode}
          required={affiliateRule.required}
          placeholder={t`Invitation code`}
          autoCapitalize="characters"
        />
      ) : null}
      {referralValid ? (
        <p className="muted" data-testid="invited-by">
          <Trans>Invited by {referralCode}</Trans>
        </p>
      ) : null}
      <label className="check">
        <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
        <span>
          <Trans>I am 18 or older and agree to the terms and privacy policy.</Trans>
        </span>
      </label>
      {errors.terms ? <p className="field-error">{errors.terms}</p> : null}
      <FormError text={errors.form} />
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        {pending ? <Trans>Registering…</Trans> : <Trans>Register</Trans>}
      </button>
    </form>
  )
}
