/**
 * "My account" (securityCenter) in the member centre: the member's avatar and nickname (the
 * account details follow in the money section's part of the page), and,
 * when the brand offers it (PROFPIC3), a choice among the static avatars the PWA ships.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { staticAvatars, staticAvatarUrl } from '#contract/identity'
import { Avatar } from '../../../components/ui/avatar'
import { FormError } from '../../../components/ui/form-error'
import { errorText } from '../../../lib/error-messages'
import { useSession } from '../../../lib/session'
import { useChangeAvatar } from '../api/change-avatar'
import { MyAccountPageStyles } from './my-account-page-styles'

export function MyAccountPage({ avatarChoice }: { avatarChoice: boolean }) {
  const { t, i18n } = useLingui()
  const s = useSession()
  const [saved, setSaved] = useState(false)
  const change = useChangeAvatar({
    mutationConfig: { onMutate: () => setSaved(false), onSuccess: () => setSaved(true) },
  })
  const member = s.member
  const current =
    change.isPending && change.variables ? staticAvatarUrl(change.variables.avatar) : member?.avatar
  return (
    <section className="my-account" aria-label={t`My account`}>
      <MyAccountPageStyles />
      <div className="my-account-head">
        <Avatar src={current} size={64} />
        <div>
          <p className="my-account-name">{member?.nickname ?? '…'}</p>
        </div>
      </div>
      {avatarChoice ? (
        <fieldset className="avatar-choices" disabled={change.isPending}>
          <legend>
            <Trans>Choose an avatar</Trans>
          </legend>
          {staticAvatars.map((id, i) => {
            const number = i + 1
            return (
              <label key={id} className="avatar-choice">
                <input
                  type="radio"
                  name="avatar"
                  value={id}
                  checked={current === staticAvatarUrl(id)}
                  onChange={() => change.mutate({ avatar: id })}
                  aria-label={t`Avatar ${number}`}
                />
                <Avatar src={staticAvatarUrl(id)} size={48} />
              </label>
            )
          })}
        </fieldset>
      ) : null}
      <p role="status">{saved ? <Trans>Your avatar has been updated.</Trans> : null}</p>
      <FormError text={change.isError ? errorText(i18n, change.error) : undefined} />
    </section>
  )
}
