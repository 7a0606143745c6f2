import { useMutation } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'

export type ForgotBySmsInput = EndpointInput<typeof identityEndpoints.forgotBySms>

/** Sends a password-reset code by SMS. */
export const forgotBySms = (input: ForgotBySmsInput) => api.call(identityEndpoints.forgotBySms, input)

export function useForgotBySms({
  mutationConfig,
}: { mutationConfig?: MutationConfig<ForgotBySmsInput, Awaited<ReturnType<typeof forgotBySms>>> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: forgotBySms })
}
