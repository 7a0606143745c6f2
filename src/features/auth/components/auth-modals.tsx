/**
 * The sign-in family of popups. Their forms arrive with sign-in; until then each says
 * plainly that it is not open yet, with the same frame, title and focus behaviour.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Modal } from '../../../components/ui/modal'

interface ShellProps {
  open: boolean
  onClose: () => void
}

function NotOpenYet() {
  return (
    <p>
      <Trans>This is not open yet. Please contact customer service if you need help.</Trans>
    </p>
  )
}

export function LoginModal({
  open,
  onClose,
  onForgot,
  onRegister,
}: ShellProps & { onForgot: () => void; onRegister: () => void }) {
  const { t } = useLingui()
  return (
    <Modal open={open} onClose={onClose} title={t`Log in`} closeLabel={t`Close`} size="small">
      <NotOpenYet />
      <div className="modal-links">
        <button type="button" className="link-button" onClick={onForgot}>
          <Trans>Forgot password?</Trans>
        </button>
        <button type="button" className="link-button" onClick={onRegister}>
          <Trans>Register</Trans>
        </button>
      </div>
    </Modal>
  )
}

export function RegisterModal({
  open,
  onClose,
  mobileEnabled,
  referralCode,
}: ShellProps & { mobileEnabled: boolean; referralCode: string | undefined }) {
  const { t } = useLingui()
  const [tab, setTab] = useState<'username' | 'mobile'>('username')
  return (
    <Modal open={open} onClose={onClose} title={t`Register`} closeLabel={t`Close`} size="small">
      <div role="tablist" aria-label={t`Registration method`} className="tabs">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'username'}
          onClick={() => setTab('username')}
        >
          <Trans>Username</Trans>
        </button>
        {mobileEnabled ? (
          <button type="button" role="tab" aria-selected={tab === 'mobile'} onClick={() => setTab('mobile')}>
            <Trans>Mobile number</Trans>
          </button>
        ) : null}
      </div>
      <div role="tabpanel">
        {referralCode ? (
          <p>
            <Trans>Invitation code: {referralCode}</Trans>
          </p>
        ) : null}
        <NotOpenYet />
      </div>
    </Modal>
  )
}

export function ForgotPasswordModal({ open, onClose }: ShellProps) {
  const { t } = useLingui()
  return (
    <Modal open={open} onClose={onClose} title={t`Forgot password`} closeLabel={t`Close`} size="small">
      <NotOpenYet />
    </Modal>
  )
}

export function ChangePasswordModal({ open, onClose }: ShellProps) {
  const { t } = useLingui()
  return (
    <Modal open={open} onClose={onClose} title={t`Change password`} closeLabel={t`Close`} size="small">
      <NotOpenYet />
    </Modal>
  )
}

export function AfterLoginModal({ open, onClose }: ShellProps) {
  const { t } = useLingui()
  return (
    <Modal open={open} onClose={onClose} title={t`Welcome back`} closeLabel={t`Close`} size="small">
      <NotOpenYet />
    </Modal>
  )
}

/** Shown to a trial (guest) account opening a real-money feature. */
export function NeedRealAccountDialog({
  open,
  onClose,
  onRegister,
}: ShellProps & { onRegister: () => void }) {
  const { t } = useLingui()
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t`A real account is needed`}
      closeLabel={t`Close`}
      size="small"
      footer={
        <button type="button" className="button button-primary" onClick={onRegister} data-autofocus>
          <Trans>Register or log in</Trans>
        </button>
      }
    >
      <p>
        <Trans>Trial accounts cannot use this. Please register or log in with a real account.</Trans>
      </p>
    </Modal>
  )
}
