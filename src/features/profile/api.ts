/**
 * The profile calls (src/contract/profile.ts): the member's profile under the session's key,
 * the update and the e-mail / mobile binding, each putting the answer back in the cache.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { profileEndpoints, type BindSend, type BindVerify, type ProfileUpdate } from '#contract/profile'
import { systemEndpoints } from '#contract/system'
import { api } from '../../lib/api'
import { memberKey } from '../../lib/member-keys'
import { sessionStore } from '../../lib/storage'

export const profileKey = () => [...memberKey, 'profile', sessionStore.token()] as const

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKey(),
    queryFn: ({ signal }) => api.call(profileEndpoints.info, undefined, { signal }),
  })

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'countries'],
    queryFn: ({ signal }) => api.call(systemEndpoints.country, undefined, { signal }),
    staleTime: 60 * 60_000,
  })

/** Saves the fields; the answer (the whole profile) replaces the cached one, and the member info (nickname) refreshes. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ProfileUpdate) => api.call(profileEndpoints.update, body),
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileKey(), profile)
      await queryClient.invalidateQueries({ queryKey: [...memberKey, 'info'] })
    },
  })
}

export const sendBindCode = (body: BindSend) => api.call(profileEndpoints.bindSend, body)

export function useBindVerify() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BindVerify) => api.call(profileEndpoints.bindVerify, body),
    onSuccess: (profile) => queryClient.setQueryData(profileKey(), profile),
  })
}
