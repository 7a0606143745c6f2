import { useMutation } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'

export type ResetByMobileInput = EndpointInput<typeof identityEndpoints.resetByMobile>

/** Sets a new password with the code sent by SMS. */
export const resetByMobile = (input: ResetByMobileInput) => api.call(identityEndpoints.resetByMobile, input)

export function useResetByMobile({
  mutationConfig,
}: { mutationConfig?: MutationConfig<ResetByMobileInput, Awaited<ReturnType<typeof resetByMobile>>> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: resetByMobile })
}
