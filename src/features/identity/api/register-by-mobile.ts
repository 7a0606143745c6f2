import { useMutation } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'

export type RegisterByMobileInput = EndpointInput<typeof identityEndpoints.registerMobile>

/** Registers an account by mobile number and SMS code. */
export const registerByMobile = (input: RegisterByMobileInput) =>
  api.call(identityEndpoints.registerMobile, input)

export function useRegisterByMobile({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<RegisterByMobileInput, Awaited<ReturnType<typeof registerByMobile>>>
} = {}) {
  return useMutation({ ...mutationConfig, mutationFn: registerByMobile })
}
