/**
 * Guards around protected features (spec sections 4 and 6): a visitor gets the login
 * popup, a trial account the "real account needed" notice; the server refuses both anyway.
 * A link straight to a guarded popup is guarded where the popups are shown
 * (src/routes/-components/modal-host.tsx).
 */
import { openModal, type OpenModalOptions } from './modal-store'
import { popupEntry, type PopupName } from './popup-registry'
import { isAgentType, isGuestType, session } from './session'

/** Opens a protected popup, or what the caller must see instead. */
export function openProtected(name: PopupName, opts: OpenModalOptions = {}): void {
  if (!session.token) {
    openModal('login')
    return
  }
  if (isGuestType(session.member?.type)) {
    openModal('needRealAccount')
    return
  }
  if (popupEntry(name)?.guard === 'agent' && !isAgentType(session.member?.type)) return
  openModal(name, opts)
}
