import { useMutation } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'

export type VerifyLoginInput = EndpointInput<typeof identityEndpoints.loginVerify>

/** Completes a login from a new place with the second step the server asked for. */
export const verifyLogin = (input: VerifyLoginInput) => api.call(identityEndpoints.loginVerify, input)

export function useVerifyLogin({
  mutationConfig,
}: { mutationConfig?: MutationConfig<VerifyLoginInput, Awaited<ReturnType<typeof verifyLogin>>> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: verifyLogin })
}
