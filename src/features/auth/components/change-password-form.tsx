/**
 * Change the password: the old one, a new one by the brand's password rule, and the
 * same again. Other sessions end on the server; this one stays.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { checkField, ruleFor } from '#contract/register-rules'
import { identityEndpoints } from '#contract/identity'
import { FormError } from '../../../components/ui/form-error'
import { TextField } from '../../../components/ui/text-field'
import { api } from '../../../lib/api'
import { ApiError } from '../../../lib/api-client'
import { errorText } from '../../../lib/error-messages'
import { fieldProblemText } from '../../../lib/field-messages'
import { passwordChanged, setMember } from '../../../lib/session'
import { showToast } from '../../../lib/toast-store'
import { registerRulesQueryOptions } from '../api/auth-api'
import { NewPasswordFields } from './new-password-fields'

type Errors = Partial<Record<'oldPassword' | 'newPassword' | 'confirmNewPassword' | 'form', string>>

export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const rules = useQuery(registerRulesQueryOptions())
  const [oldPassword, setOld] = useState('')
  const [newPassword, setNew] = useState('')
  const [confirmNewPassword, setConfirm] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [pending, setPending] = useState(false)

  async function submit(e: FormEvent) {
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
    setErrors(next)
    if (Object.keys(next).length > 0) return
    setPending(true)
    try {
      await api.call(identityEndpoints.changePassword, { oldPassword, newPassword, confirmNewPassword })
      passwordChanged()
      setMember(await api.call(identityEndpoints.memberInfo))
      await queryClient.invalidateQueries({ queryKey: ['member'] })
      showToast(t`Your password has been changed.`, 'success')
      onDone()
    } catch (err) {
      const code = err instanceof ApiError ? err.errorCode : null
      const text = errorText(i18n, err)
      setErrors(
        code === 'old_password_wrong'
          ? { oldPassword: text }
          : code === 'password_mismatch'
            ? { confirmNewPassword: text }
            : { form: text },
      )
    } finally {
      setPending(false)
    }
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={pending}>
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
