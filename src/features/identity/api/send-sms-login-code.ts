import { useMutation } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'

export type SendSmsLoginCodeInput = EndpointInput<typeof identityEndpoints.smsLogin>

/** Sends a login code by SMS. */
export const sendSmsLoginCode = (input: SendSmsLoginCodeInput) => api.call(identityEndpoints.smsLogin, input)

export function useSendSmsLoginCode({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<SendSmsLoginCodeInput, Awaited<ReturnType<typeof sendSmsLoginCode>>>
} = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendSmsLoginCode })
}
