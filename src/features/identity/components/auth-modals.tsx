/**
 * The sign-in family of popups: log in, register, forgot password, change password
 * (forced after a default or expired password), after-login, and the trial-account notice.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Modal } from '../../../components/ui/modal'
import { AuthFormsStyles } from './auth-forms-styles'
import { ChangePasswordForm } from './change-password-form'
import { ForgotPasswordForm } from './forgot-password-form'
import { LoginForm } from './login-form'
import { MobileRegisterForm } from './mobile-register-form'
import { RegisterForm } from './register-form'

interface ShellProps {
  open: boolean
  onClose: () => void
}

export function LoginModal({
  open,
  onClose,
  onForgot,
  onRegister,
  freePlay,
  smsLogin,
}: ShellProps & { onForgot: () => void; onRegister: () => void; freePlay: boolean; smsLogin: boolean }) {
  const { t } = useLingui()
  return (
    <Modal open={open} onClose={onClose} title={t`Log in`} closeLabel={t`Close`} size="small">
      <AuthFormsStyles />
      <LoginForm freePlay={freePlay} smsLogin={smsLogin} />
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
      <AuthFormsStyles />
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
        {tab === 'username' ? (
          <RegisterForm referralCode={referralCode} />
        ) : (
          <MobileRegisterForm referralCode={referralCode} />
        )}
      </div>
    </Modal>
  )
}

export function ForgotPasswordModal({
  open,
  onClose,
  mobileEnabled,
  onDone,
}: ShellProps & { mobileEnabled: boolean; onDone: () => void }) {
  const { t } = useLingui()
  return (
    <Modal open={open} onClose={onClose} title={t`Forgot password`} closeLabel={t`Close`} size="small">
      <AuthFormsStyles />
      <ForgotPasswordForm mobileEnabled={mobileEnabled} onDone={onDone} />
    </Modal>
  )
}

export function ChangePasswordModal({
  open,
  onClose,
  forced,
  onDone,
  onLogout,
}: ShellProps & { forced: boolean; onDone: () => void; onLogout: () => void }) {
  const { t } = useLingui()
  return (
    <Modal
      open={open}
      // A forced change cannot be skipped: the only other way out is to log out.
      onClose={forced ? () => undefined : onClose}
      title={t`Change password`}
      closeLabel={forced ? t`Log out` : t`Close`}
      size="small"
      closeOnBackdrop={!forced}
    >
      {forced ? (
        <p role="note">
          <Trans>For your safety, please set a new password before you continue.</Trans>
        </p>
      ) : null}
      <ChangePasswordForm onDone={onDone} />
      {forced ? (
        <button type="button" className="link-button" onClick={onLogout}>
          <Trans>Log out</Trans>
        </button>
      ) : null}
    </Modal>
  )
}

export function AfterLoginModal({
  open,
  onClose,
  nickname,
  guest = false,
  onMemberCentre,
  onRegister,
}: ShellProps & {
  nickname: string
  /** A trial account: welcomed (never "back"), told it plays with play money, offered registration. */
  guest?: boolean
  onMemberCentre: () => void
  onRegister?: () => void
}) {
  const { t } = useLingui()
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={guest ? t`Welcome` : t`Welcome back`}
      closeLabel={t`Close`}
      size="small"
      footer={
        <>
          {guest ? (
            <button type="button" className="button" onClick={onRegister}>
              <Trans>Register to play for real</Trans>
            </button>
          ) : (
            <button type="button" className="button" onClick={onMemberCentre}>
              <Trans>Member centre</Trans>
            </button>
          )}
          <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
            <Trans>Start playing</Trans>
          </button>
        </>
      }
    >
      <p>
        {guest ? (
          <Trans>
            You are playing free with play money. Try the free-play slots; register any time to play for real.
          </Trans>
        ) : (
          <Trans>You are logged in as {nickname}.</Trans>
        )}
      </p>
    </Modal>
  )
}

/** Shown to a trial (guest) account reaching for a real-money feature: registration, not a refusal. */
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
      title={t`Register to play for real`}
      closeLabel={t`Close`}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            <Trans>Keep playing free</Trans>
          </button>
          <button type="button" className="button button-primary" onClick={onRegister} data-autofocus>
            <Trans>Register</Trans>
          </button>
        </>
      }
    >
      <p>
        <Trans>
          You are playing free with play money. Register to deposit, withdraw, claim rewards and play every
          game for real.
        </Trans>
      </p>
    </Modal>
  )
}
