/**
 * Change the password: the old one, a new one by the brand's password rule, and the
 * same again. Other sessions end on the server; this one stays.
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
import { showToast } from '../../../lib/toast-store'
import { registerRulesQueryOptions } from '../api/auth-api'
import { useChangePassword } from '../api/change-password'
import { NewPasswordFields } from './new-password-fields'

type Errors = Partial<Record<'oldPassword' | 'newPassword' | 'confirmNewPassword' | 'form', string>>

export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui()
  const rules = useQuery(registerRulesQueryOptions())
  const [oldPassword, setOld] = useState('')
  const [newPassword, setNew] = useState('')
  const [confirmNewPassword, setConfirm] = useState('')
  const [invalid, setInvalid] = useState<Errors>({})
  const change = useChangePassword({
    mutationConfig: {
      onSuccess: () => {
        showToast(t`Your password has been changed.`, 'success')
        onDone()
      },
    },
  })
  const refusal = change.error
  const refusalCode = refusal instanceof ApiError ? refusal.errorCode : null
  const errors: Errors = !refusal
    ? invalid
    : refusalCode === 'old_password_wrong'
      ? { oldPassword: errorText(i18n, refusal) }
      : refusalCode === 'password_mismatch'
        ? { confirmNewPassword: errorText(i18n, refusal) }
        : { form: errorText(i18n, refusal) }
  const pending = change.isPending

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    if (!oldPassword) next.oldPassword = t`This field cannot be empty.`
    const rule = rules.data ? ruleFor(rules.data, 'password') : undefined
    const problem = rule
      ? checkField({ ...rule, required: true }, newPassword)
      : newPassword
        ? null
        : { kind: 'required' as const }
    if (problem) next.newPassword = fieldProblemText(i18n, problem)
    if (confirmNewPassword !== newPassword)
      next.confirmNewPassword = t`The confirmation is inconsistent with the new password.`
    setInvalid(next)
    change.reset()
    if (Object.keys(next).length > 0) return
    change.mutate({ oldPassword, newPassword, confirmNewPassword })
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
      <TextField
        label={t`Old password`}
        type="password"
        autoComplete="current-password"
        value={oldPassword}
        onChange={(e) => setOld(e.target.value)}
        error={errors.oldPassword}
        required
        data-autofocus
      />
      <NewPasswordFields
        password={newPassword}
        confirm={confirmNewPassword}
        onPassword={setNew}
        onConfirm={setConfirm}
        errors={{ password: errors.newPassword, confirm: errors.confirmNewPassword }}
      />
      <FormError text={errors.form} />
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        <Trans>Change password</Trans>
      </button>
    </form>
  )
}
