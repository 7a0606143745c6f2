import { useMutation } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'

export type ForgotByEmailInput = EndpointInput<typeof identityEndpoints.forgotByEmail>

/** Sends a password-reset code by e-mail. */
export const forgotByEmail = (input: ForgotByEmailInput) => api.call(identityEndpoints.forgotByEmail, input)

export function useForgotByEmail({
  mutationConfig,
}: { mutationConfig?: MutationConfig<ForgotByEmailInput, Awaited<ReturnType<typeof forgotByEmail>>> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: forgotByEmail })
}
