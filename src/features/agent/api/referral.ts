/** The member's referral calls (src/contract/referral.ts): friends, earnings and rewards paid. */
import { queryOptions } from '@tanstack/react-query'
import { referralEndpoints } from '#contract/referral'
import { api } from '../../../lib/api'

const referralKey = (...parts: unknown[]) => ['referral', ...parts]

export const referralFriendsQueryOptions = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: referralKey('friends', pageNo, pageSize),
    queryFn: ({ signal }) => api.call(referralEndpoints.friends, { pageNo, pageSize }, { signal }),
    staleTime: 60_000,
  })

export const referralClaimsQueryOptions = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: referralKey('claims', pageNo, pageSize),
    queryFn: ({ signal }) => api.call(referralEndpoints.claims, { pageNo, pageSize }, { signal }),
    staleTime: 60_000,
  })

export const referralOverviewQueryOptions = () =>
  queryOptions({
    queryKey: referralKey('overview'),
    queryFn: ({ signal }) => api.call(referralEndpoints.overview, undefined, { signal }),
    staleTime: 60_000,
  })
