/**
 * What the page does when the service worker hears of a fund notice: the balance, the
 * deposit and withdrawal lists and the inbox refresh by themselves, and a toast says what
 * happened. A renewed push subscription is sent to the server again, as it is once per
 * start while a member is signed in.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { firstSight } from '../../../lib/notice-seen'
import { syncPushSubscription } from '../../../lib/push'
import { isGuestType, useSession } from '../../../lib/session'
import { showToast } from '../../../lib/toast-store'
import { WorkerToPageSchema } from '../../../sw/messages'
import { invalidateInbox } from '../api/inbox'

export function PushListener() {
  const queryClient = useQueryClient()
  const { token, member } = useSession()
  const signedIn = token !== null && member !== null && member !== undefined && !isGuestType(member.type)

  useEffect(() => {
    if (!signedIn) return
    void syncPushSubscription()
  }, [signedIn])

  useEffect(() => {
    const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined
    if (!container) return
    const onMessage = (event: MessageEvent) => {
      const msg = WorkerToPageSchema.safeParse(event.data)
      if (!msg.success) return
      if (msg.data.type === 'PUSH_SUBSCRIPTION_CHANGED') {
        void syncPushSubscription()
        return
      }
      if (msg.data.type !== 'PUSH_NOTICE') return
      const { notice } = msg.data
      // The live channel may have shown it already (src/lib/notice-seen.ts).
      if (firstSight(notice.tag)) {
        showToast(
          `${notice.title}: ${notice.body}`,
          notice.type.endsWith('rejected') ? 'error' : 'success',
          8000,
        )
      }
      void queryClient.invalidateQueries({ queryKey: ['money'] })
      void invalidateInbox(queryClient)
    }
    container.addEventListener('message', onMessage)
    return () => container.removeEventListener('message', onMessage)
  }, [queryClient])

  return null
}
