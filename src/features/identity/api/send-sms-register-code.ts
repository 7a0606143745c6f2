import { useMutation } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { identityEndpoints } from '#contract/identity'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'

export type SendSmsRegisterCodeInput = EndpointInput<typeof identityEndpoints.smsRegister>

/** Sends a registration code by SMS. */
export const sendSmsRegisterCode = (input: SendSmsRegisterCodeInput) =>
  api.call(identityEndpoints.smsRegister, input)

export function useSendSmsRegisterCode({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<SendSmsRegisterCodeInput, Awaited<ReturnType<typeof sendSmsRegisterCode>>>
} = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendSmsRegisterCode })
}
