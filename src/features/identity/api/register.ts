import { useMutation } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'

export type RegisterInput = EndpointInput<typeof identityEndpoints.register>

/** Registers an account by username. */
export const register = (input: RegisterInput) => api.call(identityEndpoints.register, input)

export function useRegister({
  mutationConfig,
}: { mutationConfig?: MutationConfig<RegisterInput, Awaited<ReturnType<typeof register>>> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: register })
}
