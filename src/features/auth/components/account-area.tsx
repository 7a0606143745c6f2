/**
 * The header's account corner: log in and register for visitors; for a member their name,
 * the member centre, the account and betting records, the agent centre for agents, and log
 * out behind a confirmation.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Avatar } from '../../../components/ui/avatar'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { openProtected } from '../../../lib/guards'
import { openModal } from '../../../lib/modal-store'
import { isAgentType, useSession } from '../../../lib/session'
import { useLogout } from '../use-logout'

export function AccountArea() {
  const { t } = useLingui()
  const s = useSession()
  const logout = useLogout()
  const [confirming, setConfirming] = useState(false)
  if (!s.token) {
    return (
      <>
        <button type="button" className="button button-light" onClick={() => openModal('login')}>
          <Trans>Log in</Trans>
        </button>
        <button type="button" className="button button-accent" onClick={() => openModal('register')}>
          <Trans>Register</Trans>
        </button>
      </>
    )
  }
  return (
    <>
      <button
        type="button"
        className="button button-light account-button"
        onClick={() => openProtected('memberCentre')}
      >
        <Avatar src={s.member?.avatar} />
        <span className="account-name">{s.member?.nickname ?? '…'}</span>
        <span className="visually-hidden">
          <Trans>Member centre</Trans>
        </span>
      </button>
      <button
        type="button"
        className="button button-light"
        onClick={() => openProtected('memberCentre', { page: 'transactionHistory' })}
      >
        <Trans>Account record</Trans>
      </button>
      <button
        type="button"
        className="button button-light"
        onClick={() => openProtected('memberCentre', { page: 'personalHistoryCopy' })}
      >
        <Trans>Betting record</Trans>
      </button>
      {isAgentType(s.member?.type) ? (
        <button type="button" className="button button-light" onClick={() => openProtected('agentCentre')}>
          <Trans>Agent centre</Trans>
        </button>
      ) : null}
      <button type="button" className="button button-light" onClick={() => setConfirming(true)}>
        <Trans>Log out</Trans>
      </button>
      <ConfirmDialog
        open={confirming}
        title={t`Log out`}
        confirmLabel={t`Log out`}
        cancelLabel={t`Cancel`}
        closeLabel={t`Close`}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          void logout()
        }}
      >
        <p>
          <Trans>Do you want to log out?</Trans>
        </p>
      </ConfirmDialog>
    </>
  )
}
