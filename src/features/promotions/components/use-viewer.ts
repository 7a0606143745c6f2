import { isGuestType, useSession } from '../../../lib/session'

/** Who looks at the promotions: a member claims; a visitor or a trial account is asked to register. */
export type Viewer = 'member' | 'visitor' | 'guest'

export function useViewer(): Viewer {
  const { token, member } = useSession()
  if (token === null) return 'visitor'
  return isGuestType(member?.type) ? 'guest' : 'member'
}
