import { useMutation } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'

export type SendLoginVerifyCodeInput = EndpointInput<typeof identityEndpoints.loginVerifySend>

/** Sends the code of a login's second step (SMS or e-mail). */
export const sendLoginVerifyCode = (input: SendLoginVerifyCodeInput) =>
  api.call(identityEndpoints.loginVerifySend, input)

export function useSendLoginVerifyCode({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<SendLoginVerifyCodeInput, Awaited<ReturnType<typeof sendLoginVerifyCode>>>
} = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendLoginVerifyCode })
}
