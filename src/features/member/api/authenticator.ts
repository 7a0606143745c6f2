/**
 * The authenticator app's calls (decision 031): the security settings, set-up, its first
 * code, and turning it off. Under the member's key, so logging out drops them.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { authenticatorEndpoints } from '#contract/authenticator'
import { api } from '../../../lib/api'
import { memberKey } from '../../../lib/member-keys'
import { sessionStore } from '../../../lib/storage'

const securityKey = () => [...memberKey, 'securityConfig', sessionStore.token()] as const

export const securityConfigQueryOptions = () =>
  queryOptions({
    queryKey: securityKey(),
    queryFn: ({ signal }) => api.call(authenticatorEndpoints.securityConfig, undefined, { signal }),
  })

export function useAuthenticatorSetup() {
  return useMutation({ mutationFn: () => api.call(authenticatorEndpoints.authenticatorSetup) })
}

/** Confirming and turning off change the settings: they are read again after. */
function useSecurityChange<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKey() }),
  })
}

export function useAuthenticatorConfirm() {
  return useSecurityChange((code: string) => api.call(authenticatorEndpoints.authenticatorConfirm, { code }))
}

export function useAuthenticatorDisable() {
  return useSecurityChange((code: string) => api.call(authenticatorEndpoints.authenticatorDisable, { code }))
}
