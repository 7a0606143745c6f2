/**
 * What a member-only games action needs first (spec sections 4 and 6): a visitor gets the
 * login popup, a trial account the "real account needed" notice; the server refuses both.
 */
import { openModal } from '../../lib/modal-store'
import { isGuestType, session } from '../../lib/session'

/** True when a real member is signed in; otherwise opens what the caller must see instead. */
export function realMemberOrPrompt(): boolean {
  if (!session.token) {
    openModal('login')
    return false
  }
  if (isGuestType(session.member?.type)) {
    openModal('needRealAccount')
    return false
  }
  return true
}
