/**
 * The member's missions summary (decision 030): read by the missions pages and by the reward
 * centre's count (the tab bar's Me counts both), so it sits here, as features never import
 * each other. Every missions query is under ['missions', token, …]: a check-in or a claim
 * invalidates them all, and the badge drops.
 */
import { useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { missionEndpoints } from '#contract/missions'
import { useHydrated } from '../hooks/use-hydrated'
import { api } from './api'
import { isGuestType, useSession } from './session'
import { sessionStore } from './storage'

export const missionsRootKey = ['missions'] as const

export function missionsKey(...parts: unknown[]): unknown[] {
  return [...missionsRootKey, sessionStore.token(), ...parts]
}

/** The missions with the member's state, the sign-in strip and `claimable` (the badge). */
export const missionSummaryQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: missionsKey('summary', locale),
    queryFn: ({ signal }) => api.call(missionEndpoints.summary, undefined, { signal }),
  })

/**
 * The missions ready to claim (the summary's `claimable`, today's check-in included): asked
 * only once the app has taken over the page and only for a real member, as the reward
 * centre's count is; 0 otherwise.
 */
export function useMissionsClaimable(): number {
  const hydrated = useHydrated()
  const { token, member } = useSession()
  const { i18n } = useLingui()
  const enabled = hydrated && token !== null && member !== null && !isGuestType(member.type)
  const summary = useQuery({ ...missionSummaryQueryOptions(i18n.locale), enabled })
  return enabled && summary.data ? summary.data.claimable : 0
}
