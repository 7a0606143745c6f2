import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../lib/api'
import { memberKey } from '../../lib/member-keys'
import { clearDataCache } from '../../lib/offline-data'
import { releasePushSubscription } from '../../lib/push'
import { beginLogout, endSession } from '../../lib/session'
import { showToast } from '../../lib/toast-store'

/** Logs out: ends the session on the server, clears session storage, goes home. */
export function useLogout() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async () => {
    // The leaving member's notices stop coming to this device, while the session still holds.
    await releasePushSubscription().catch(() => undefined)
    beginLogout()
    // The local session ends even when the network is down; the server's expires by itself.
    await api.call(identityEndpoints.logout).catch(() => undefined)
    endSession()
    clearDataCache()
    queryClient.removeQueries({ queryKey: memberKey })
    showToast(t`You have logged out.`, 'info')
    await navigate({ to: '/index' })
  }
}
