import { useMutation } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'

export type LoginInput = EndpointInput<typeof identityEndpoints.login>

/** Logs in by username and password, or by mobile number and SMS code. */
export const login = (input: LoginInput) => api.call(identityEndpoints.login, input)

export function useLogin({
  mutationConfig,
}: { mutationConfig?: MutationConfig<LoginInput, Awaited<ReturnType<typeof login>>> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: login })
}
