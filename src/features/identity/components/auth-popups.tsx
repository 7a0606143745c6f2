/**
 * The sign-in popups as the popup host opens them (src/features/identity/popups.ts): each reads
 * the brand's flags and the session itself, and moves to the next popup through the
 * modal store.
 */
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { referralCodeParam } from '#contract/agent-invite'
import { isFlagEnabled, type FeatureFlag } from '#contract/system'
import { openProtected } from '../../../lib/guards'
import { closeModal, switchModal } from '../../../lib/modal-store'
import type { PopupProps } from '../../../lib/popup-registry'
import { isGuestType, useSession } from '../../../lib/session'
import { statusQueryOptions } from '../../../lib/status-query'
import { useLogout } from '../../../lib/use-logout'
import {
  AfterLoginModal,
  ChangePasswordModal,
  ForgotPasswordModal,
  LoginModal,
  NeedRealAccountDialog,
  RegisterModal,
} from './auth-modals'

function useFlag(flag: FeatureFlag): boolean {
  const status = useQuery(statusQueryOptions())
  return isFlagEnabled(status.data?.info.whitelabel ?? [], flag)
}

export function LoginPopup({ onClose }: PopupProps) {
  const freePlay = useFlag('FREEPLAY3')
  const smsLogin = useFlag('MOBILEVERCODELOGIN3')
  return (
    <LoginModal
      open
      onClose={onClose}
      onForgot={() => switchModal('login', 'forgotPassword')}
      onRegister={() => switchModal('login', 'register')}
      freePlay={freePlay}
      smsLogin={smsLogin}
    />
  )
}

export function RegisterPopup({ onClose }: PopupProps) {
  const mobileEnabled = useFlag('MOBILENUMREG3')
  // The /register route's invitation code (?referralCode=).
  const search = useSearch({ strict: false })
  const referralCode = referralCodeParam in search ? search[referralCodeParam] : undefined
  return <RegisterModal open onClose={onClose} mobileEnabled={mobileEnabled} referralCode={referralCode} />
}

export function ForgotPasswordPopup({ onClose }: PopupProps) {
  const mobileEnabled = useFlag('CHNGPASSVERIF3')
  return (
    <ForgotPasswordModal
      open
      onClose={onClose}
      mobileEnabled={mobileEnabled}
      onDone={() => switchModal('forgotPassword', 'login')}
    />
  )
}

export function ChangePasswordPopup({ onClose }: PopupProps) {
  const s = useSession()
  const navigate = useNavigate()
  const logout = useLogout()
  return (
    <ChangePasswordModal
      open
      forced={s.mustChangePassword}
      onClose={onClose}
      onDone={() => {
        closeModal('changePassword')
        void navigate({ to: '/index' })
      }}
      onLogout={() => {
        closeModal('changePassword')
        void logout()
      }}
    />
  )
}

export function AfterLoginPopup({ onClose }: PopupProps) {
  const s = useSession()
  const logout = useLogout()
  return (
    <AfterLoginModal
      open
      nickname={s.member?.nickname ?? ''}
      guest={isGuestType(s.member?.type)}
      onRegister={() => {
        closeModal('afterLogin')
        void logout({ thenRegister: true })
      }}
      onClose={onClose}
      onMemberCentre={() => {
        closeModal('afterLogin')
        openProtected('memberCentre')
      }}
    />
  )
}

export function NeedRealAccountPopup({ onClose }: PopupProps) {
  const logout = useLogout()
  return (
    <NeedRealAccountDialog
      open
      onClose={onClose}
      onRegister={() => {
        closeModal('needRealAccount')
        void logout({ thenRegister: true })
      }}
    />
  )
}
