/**
 * The count of rewards a member may claim now (the promotions list's `claimable`, less the
 * app-download reward while the page runs in a browser tab, where a tap cannot pay it), on
 * the reward centre's entry in the member centre and on the tab bar's Me. Asked only once the
 * app has taken over the page and only for a real member: the server's first paint and a
 * visitor's or guest's pages make no request for it. A claim refreshes the same query.
 * The missions ready to claim (decision 030) are added, so the tab bar's Me counts both.
 */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { CountBadge } from '../../../components/ui/count-badge'
import { useHydrated } from '../../../hooks/use-hydrated'
import { useMissionsClaimable } from '../../../lib/missions-summary'
import { isGuestType, useSession } from '../../../lib/session'
import { promotionsQueryOptions } from '../api/get-promotions'
import { claimableCount, useDisplayMode } from '../components/display-mode'

export function useClaimableCount(): number {
  const hydrated = useHydrated()
  const { token, member } = useSession()
  const { i18n } = useLingui()
  const enabled = hydrated && token !== null && member !== null && !isGuestType(member.type)
  const mode = useDisplayMode()
  const list = useQuery({ ...promotionsQueryOptions(true, i18n.locale), enabled })
  const missions = useMissionsClaimable()
  return (enabled && list.data ? claimableCount(list.data, mode) : 0) + missions
}

/** The count as a pill, with words for screen readers; nothing at 0. */
export function RewardBadge({ corner = false }: { corner?: boolean }) {
  const { t } = useLingui()
  const count = useClaimableCount()
  return (
    <CountBadge
      count={count}
      label={t`Rewards to claim: ${count}`}
      className={corner ? 'count-badge-corner' : 'count-badge-inline'}
    />
  )
}
