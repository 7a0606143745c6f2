import { useMutation } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'

export type ResetByEmailInput = EndpointInput<typeof identityEndpoints.resetByEmail>

/** Sets a new password with the code sent by e-mail. */
export const resetByEmail = (input: ResetByEmailInput) => api.call(identityEndpoints.resetByEmail, input)

export function useResetByEmail({
  mutationConfig,
}: { mutationConfig?: MutationConfig<ResetByEmailInput, Awaited<ReturnType<typeof resetByEmail>>> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: resetByEmail })
}
