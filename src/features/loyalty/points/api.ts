/**
 * The points reads (decision 030): the member's balance, the settings in force, the ways
 * points turn into money and the points details, each under the session's key so a member's
 * points never show from another's cache.
 */
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import type { PointRewardKind, RedemptionStatus } from '#contract/point-mall'
import { pointEndpoints } from '#contract/points'
import { recordEndpoints } from '#contract/records'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import { moneyRootKey } from '../../../lib/member-keys'
import type { MutationConfig } from '../../../lib/mutation-config'
import { sessionStore } from '../../../lib/storage'

const pointsKey = (...parts: unknown[]) => ['points', sessionStore.token(), ...parts]

export const pointBalanceQueryOptions = () =>
  queryOptions({
    queryKey: pointsKey('balance'),
    queryFn: ({ signal }) => api.call(pointEndpoints.balance, undefined, { signal }),
  })

export const pointConfigQueryOptions = () =>
  queryOptions({
    queryKey: pointsKey('config'),
    queryFn: ({ signal }) => api.call(pointEndpoints.config, undefined, { signal }),
  })

export const pointConversionsQueryOptions = () =>
  queryOptions({
    queryKey: pointsKey('conversionTypes'),
    queryFn: ({ signal }) => api.call(pointEndpoints.conversionTypes, undefined, { signal }),
  })

export const pointMovementsQueryOptions = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: pointsKey('movements', pageNo, pageSize),
    queryFn: ({ signal }) =>
      api.call(recordEndpoints.movements, { pageNo, pageSize, book: 'points' }, { signal }),
    placeholderData: keepPreviousData,
  })

/** The brand's rewards, of one kind or all, with the member's stock and limit left. */
export const pointRewardsQueryOptions = (kind?: PointRewardKind) =>
  queryOptions({
    queryKey: pointsKey('rewards', kind ?? 'all'),
    queryFn: ({ signal }) => api.call(pointEndpoints.rewards, kind ? { kind } : {}, { signal }),
    placeholderData: keepPreviousData,
  })

/** The member's redemptions, newest first, a page at a time, of one status or all. */
export const pointRedemptionsQueryOptions = (pageNo: number, pageSize: number, status?: RedemptionStatus) =>
  queryOptions({
    queryKey: pointsKey('redemptions', status ?? 'all', pageNo, pageSize),
    queryFn: ({ signal }) =>
      api.call(pointEndpoints.redemptions, { pageNo, pageSize, ...(status ? { status } : {}) }, { signal }),
    placeholderData: keepPreviousData,
  })

/** After points were spent: the points (balance, catalogue, history, details) and the money. */
export async function invalidatePointsAndMoney(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['points'] }),
    queryClient.invalidateQueries({ queryKey: moneyRootKey }),
  ])
}

export type RedeemInput = EndpointInput<typeof pointEndpoints.redeem>
export type ConvertInput = EndpointInput<typeof pointEndpoints.convert>

const redeem = (input: RedeemInput, idempotencyKey: string) =>
  api.call(pointEndpoints.redeem, input, { idempotencyKey })
const convert = (input: ConvertInput, idempotencyKey: string) =>
  api.call(pointEndpoints.convert, input, { idempotencyKey })

/** Redeems a reward; the key lives as long as the sheet, so a retry redeems once. */
export function useRedeem(mutationConfig?: MutationConfig<RedeemInput, Awaited<ReturnType<typeof redeem>>>) {
  return useIdempotentMutation({ call: redeem, invalidate: invalidatePointsAndMoney, mutationConfig })
}

/** Converts points to cash or a bonus, once per key. */
export function useConvert(
  mutationConfig?: MutationConfig<ConvertInput, Awaited<ReturnType<typeof convert>>>,
) {
  return useIdempotentMutation({ call: convert, invalidate: invalidatePointsAndMoney, mutationConfig })
}
