import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { identityEndpoints, type LoginResponse } from '#contract/identity'
import { api } from '../../lib/api'
import { closeModal, openModal, openModals } from '../../lib/modal-store'
import { setMember, startSession } from '../../lib/session'

/**
 * What follows a successful login or registration (spec section 4): the session is
 * stored; a default or expired password opens the forced change (not after an SMS or
 * social login); otherwise the member info loads and the after-login popup opens, unless a
 * member-only popup was waiting for the login (or the agent entrance opens the agent centre).
 */
export function useAfterLogin() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async (
    res: LoginResponse,
    account: string,
    opts: { loginType: 'username' | 'sms' | 'social'; from: 'login' | 'register' | 'freePlay' | 'agent' },
  ) => {
    startSession(res, account, opts.from === 'agent' ? 'agent' : 'member')
    const member = await api.call(identityEndpoints.memberInfo)
    setMember(member)
    queryClient.setQueryData(['member', 'info', res.token], member)
    closeModal('login')
    closeModal('register')
    if ((res.mustChangePassword || res.passwordExpired) && opts.loginType === 'username') {
      openModal('changePassword')
      return
    }
    if (opts.from === 'register') {
      await navigate({ to: '/index' })
      return
    }
    // The agent entrance opens the agent centre on the team overview.
    if (opts.from === 'agent') {
      openModal('agentCentre', { agentPage: 'agentTeamOverview' })
      return
    }
    // A popup that asked for the login (a link to the member centre) shows now instead.
    if (openModals().length > 0) return
    openModal('afterLogin')
  }
}
