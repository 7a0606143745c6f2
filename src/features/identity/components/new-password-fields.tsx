/** The new password and its confirmation, as every password-setting form asks for them. */
import { useLingui } from '@lingui/react/macro'
import { TextField } from '../../../components/ui/text-field'

export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
}: {
  password: string
  confirm: string
  onPassword: (value: string) => void
  onConfirm: (value: string) => void
  errors: { password?: string | undefined; confirm?: string | undefined }
}) {
  const { t } = useLingui()
  return (
    <>
      <TextField
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={errors.password}
        required
      />
      <TextField
        label={t`Confirm new password`}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        error={errors.confirm}
        required
      />
    </>
  )
}
