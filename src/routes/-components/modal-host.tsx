/**
 * Every popup of the app, mounted at the root and opened through the modal store. Each
 * popup's code loads when it first opens, so the home page does not carry them all.
 */
import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import { isFlagEnabled } from '#contract/system'
import { useNavigate } from '@tanstack/react-router'
import { closeModal, openModal, switchModal, useModals, type ModalName } from '../../lib/modal-store'
import { useSession } from '../../lib/session'
import { openProtected } from '../../lib/guards'
import { useLogout } from '../../features/auth/use-logout'
import { statusQueryOptions } from '../../lib/status-query'
import { announcementsQueryOptions } from '../../features/notices/api/get-announcements'

const auth = () => import('../../features/auth/components/auth-modals')
const LoginModal = lazy(() => auth().then((m) => ({ default: m.LoginModal })))
const RegisterModal = lazy(() => auth().then((m) => ({ default: m.RegisterModal })))
const ForgotPasswordModal = lazy(() => auth().then((m) => ({ default: m.ForgotPasswordModal })))
const ChangePasswordModal = lazy(() => auth().then((m) => ({ default: m.ChangePasswordModal })))
const AfterLoginModal = lazy(() => auth().then((m) => ({ default: m.AfterLoginModal })))
const NeedRealAccountDialog = lazy(() => auth().then((m) => ({ default: m.NeedRealAccountDialog })))
const NoticePopup = lazy(() =>
  import('../../features/notices/components/notice-popup').then((m) => ({ default: m.NoticePopup })),
)
const MemberCentre = lazy(() => import('./member-centre').then((m) => ({ default: m.MemberCentre })))
const AgentCentreModal = lazy(() =>
  import('../../features/agent/components/agent-centre-modal').then((m) => ({ default: m.AgentCentreModal })),
)
const GamePopup = lazy(() =>
  import('../../features/games/components/game-popup').then((m) => ({ default: m.GamePopup })),
)

export function ModalHost() {
  const { i18n } = useLingui()
  const modals = useModals()
  const open = (n: ModalName) => modals.stack.includes(n)
  const status = useQuery(statusQueryOptions())
  const notices = useQuery({ ...announcementsQueryOptions(i18n.locale), enabled: open('notice') })
  const tree = status.data?.info.whitelabel ?? []
  const s = useSession()
  const navigate = useNavigate()
  const logout = useLogout()
  return (
    <Suspense fallback={null}>
      {open('login') ? (
        <LoginModal
          open
          onClose={() => closeModal('login')}
          onForgot={() => switchModal('login', 'forgotPassword')}
          onRegister={() => switchModal('login', 'register')}
          freePlay={isFlagEnabled(tree, 'FREEPLAY3')}
          smsLogin={isFlagEnabled(tree, 'MOBILEVERCODELOGIN3')}
        />
      ) : null}
      {open('register') ? (
        <RegisterModal
          open
          onClose={() => closeModal('register')}
          mobileEnabled={isFlagEnabled(tree, 'MOBILENUMREG3')}
          referralCode={modals.referralCode}
        />
      ) : null}
      {open('forgotPassword') ? (
        <ForgotPasswordModal
          open
          onClose={() => closeModal('forgotPassword')}
          mobileEnabled={isFlagEnabled(tree, 'CHNGPASSVERIF3')}
          onDone={() => switchModal('forgotPassword', 'login')}
        />
      ) : null}
      {open('changePassword') ? (
        <ChangePasswordModal
          open
          forced={s.mustChangePassword}
          onClose={() => closeModal('changePassword')}
          onDone={() => {
            closeModal('changePassword')
            void navigate({ to: '/index' })
          }}
          onLogout={() => {
            closeModal('changePassword')
            void logout()
          }}
        />
      ) : null}
      {open('afterLogin') ? (
        <AfterLoginModal
          open
          nickname={s.member?.nickname ?? ''}
          onClose={() => closeModal('afterLogin')}
          onMemberCentre={() => {
            closeModal('afterLogin')
            openProtected('memberCentre')
          }}
        />
      ) : null}
      {open('needRealAccount') ? (
        <NeedRealAccountDialog
          open
          onClose={() => closeModal('needRealAccount')}
          onRegister={() => {
            closeModal('needRealAccount')
            void logout().then(() => openModal('register'))
          }}
        />
      ) : null}
      {open('notice') ? (
        <NoticePopup open notices={notices.data?.popup ?? []} onClose={() => closeModal('notice')} />
      ) : null}
      {open('memberCentre') ? (
        <MemberCentre
          onClose={() => closeModal('memberCentre')}
          avatarChoice={isFlagEnabled(tree, 'PROFPIC3')}
        />
      ) : null}
      {open('agentCentre') ? (
        <AgentCentreModal
          open
          onClose={() => closeModal('agentCentre')}
          flags={{
            enableCt: isFlagEnabled(tree, 'enableCt'),
            salary: isFlagEnabled(tree, 'salary'),
            hourSalary: isFlagEnabled(tree, 'hourSalary'),
          }}
        />
      ) : null}
      {open('gamePopup') ? <GamePopup open onClose={() => closeModal('gamePopup')} /> : null}
    </Suspense>
  )
}
