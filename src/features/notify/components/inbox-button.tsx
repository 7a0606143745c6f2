/**
 * The header's messages button with the unread count, for a signed-in member (a trial
 * account has no inbox). It opens the member centre's messages page; the app badge on the
 * home screen icon follows the same count.
 */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { CountBadge } from '../../../components/ui/count-badge'
import { openProtected } from '../../../lib/guards'
import { isGuestType, useSession } from '../../../lib/session'
import { unreadCountQueryOptions } from '../api/inbox'
import './inbox-button.css'

type Badging = Navigator & {
  setAppBadge?: (n?: number) => Promise<void>
  clearAppBadge?: () => Promise<void>
}

export function InboxButton() {
  const { t } = useLingui()
  const { token, member } = useSession()
  const member4 = isGuestType(member?.type)
  const unread = useQuery({
    ...unreadCountQueryOptions(token),
    enabled: token !== null && member !== null && !member4,
  })
  const count = unread.data?.unread ?? 0

  useEffect(() => {
    if (!unread.data) return
    const nav = navigator as Badging
    const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.()
    void done?.catch(() => undefined)
  }, [unread.data, count])

  if (!token || member4) return null
  const label = count > 0 ? t`Messages, ${count} unread` : t`Messages`
  return (
    <button
      type="button"
      className="icon-button inbox-button"
      aria-label={label}
      onClick={() => openProtected('memberCentre', { page: 'messageV2' })}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
        />
      </svg>
      <CountBadge count={count} className="count-badge-corner" />
    </button>
  )
}
