import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { identityEndpoints } from '#contract/identity'
import { api } from './api'
import { forgetRemembered } from './device-session'
import { memberKey } from './member-keys'
import { openModal } from './modal-store'
import { clearDataCache } from './offline-data'
import { releasePushSubscription } from './push'
import { beginLogout, endSession } from './session'
import { showToast } from './toast-store'

export interface LogoutOptions {
  /**
   * A trial account leaving to register for real: no "logged out" toast, no trip home; the
   * registration opens where the player is.
   */
  thenRegister?: boolean
}

/** Logs out: ends the session on the server, clears session storage, goes home. */
export function useLogout() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async ({ thenRegister = false }: LogoutOptions = {}) => {
    // From here an answer that the session is over is this logout's own doing.
    beginLogout()
    // The leaving member's notices stop coming to this device, while the session still holds.
    await releasePushSubscription().catch(() => undefined)
    // The local session ends even when the network is down; the server's expires by itself.
    await api.call(identityEndpoints.logout).catch(() => undefined)
    endSession()
    forgetRemembered()
    clearDataCache()
    queryClient.removeQueries({ queryKey: memberKey })
    if (thenRegister) {
      openModal('register')
      return
    }
    showToast(t`You have logged out.`, 'info')
    await navigate({ to: '/index' })
  }
}
