/**
 * Guards around protected features (spec sections 4 and 6): a visitor gets the login
 * popup, a trial account the "real account needed" notice; the server refuses both anyway.
 */
import { openModal, type MemberCentrePage, type ModalName } from './modal-store'
import { isAgentType, isGuestType, session } from './session'

/** Opens a protected popup, or what the caller must see instead. */
export function openProtected(
  name: Extract<ModalName, 'memberCentre' | 'agentCentre' | 'gamePopup'>,
  opts: { page?: MemberCentrePage } = {},
): void {
  if (!session.token) {
    openModal('login')
    return
  }
  if (isGuestType(session.member?.type)) {
    openModal('needRealAccount')
    return
  }
  if (name === 'agentCentre' && !isAgentType(session.member?.type)) return
  openModal(name, opts)
}
