/**
 * The authenticator app's calls (decision 031): set-up, its first code, and turning it off;
 * each reads the security settings (lib/security-config.ts) again after.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { authenticatorEndpoints } from '#contract/authenticator'
import { api } from '../../../lib/api'
import { securityConfigKey } from '../../../lib/security-config'

export function useAuthenticatorSetup() {
  return useMutation({ mutationFn: () => api.call(authenticatorEndpoints.authenticatorSetup) })
}

/** Confirming and turning off change the settings: they are read again after. */
function useSecurityChange<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityConfigKey() }),
  })
}

export function useAuthenticatorConfirm() {
  return useSecurityChange((code: string) => api.call(authenticatorEndpoints.authenticatorConfirm, { code }))
}

export function useAuthenticatorDisable() {
  return useSecurityChange((code: string) => api.call(authenticatorEndpoints.authenticatorDisable, { code }))
}
