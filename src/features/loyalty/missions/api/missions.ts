/**
 * The missions' reads and the claim (a check-in included), with an Idempotency-Key: a retry
 * after a dropped answer replays the first claim instead of failing as already claimed. A
 * claim refreshes every missions query (the badge drops), the promotions' count and the money.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { missionEndpoints as ep } from '#contract/missions'
import { useIdempotentMutation } from '../../../../hooks/use-idempotent-mutation'
import { api } from '../../../../lib/api'
import { moneyRootKey } from '../../../../lib/member-keys'
import { missionsKey, missionsRootKey } from '../../../../lib/missions-summary'
import type { MutationConfig } from '../../../../lib/mutation-config'

export { missionSummaryQueryOptions } from '../../../../lib/missions-summary'

export const milestonesQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: missionsKey('milestones', locale),
    queryFn: ({ signal }) => api.call(ep.milestones, undefined, { signal }),
  })

export const leaderboardQueryOptions = () =>
  queryOptions({
    queryKey: missionsKey('leaderboard'),
    queryFn: ({ signal }) => api.call(ep.leaderboard, undefined, { signal }),
  })

export const missionRulesQueryOptions = (missionId: number, locale: string) =>
  queryOptions({
    queryKey: missionsKey('rules', missionId, locale),
    queryFn: ({ signal }) => api.call(ep.rules, { missionId }, { signal }),
  })

type ClaimInput = EndpointInput<typeof ep.claim>
export const claimMission = (input: ClaimInput, key: string) =>
  api.call(ep.claim, input, { idempotencyKey: key })
type Claimed = Awaited<ReturnType<typeof claimMission>>

async function invalidateAfterMission(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: missionsRootKey }),
    queryClient.invalidateQueries({ queryKey: moneyRootKey }),
  ])
}

export const useClaimMission = (mutationConfig?: MutationConfig<ClaimInput, Claimed>) =>
  useIdempotentMutation({ call: claimMission, invalidate: invalidateAfterMission, mutationConfig })
