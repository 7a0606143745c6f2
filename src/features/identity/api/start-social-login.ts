import { useMutation } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'

export type StartSocialLoginInput = EndpointInput<typeof identityEndpoints.socialStart>

/** Asks where to send the browser to sign in with a social provider. */
export const startSocialLogin = (input: StartSocialLoginInput) =>
  api.call(identityEndpoints.socialStart, input)

export function useStartSocialLogin({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<StartSocialLoginInput, Awaited<ReturnType<typeof startSocialLogin>>>
} = {}) {
  return useMutation({ ...mutationConfig, mutationFn: startSocialLogin })
}
