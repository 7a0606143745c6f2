import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { fundsEndpoints } from '#contract/funds'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateMoney } from './money-keys'

export type ChangePaymentPasswordInput = EndpointInput<typeof fundsEndpoints.changePaymentPassword>

/** Changes the payment password, proved by the current one. */
export const changePaymentPassword = (input: ChangePaymentPasswordInput) =>
  api.call(fundsEndpoints.changePaymentPassword, input)

export function useChangePaymentPassword({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<
    ChangePaymentPasswordInput,
    Awaited<ReturnType<typeof changePaymentPassword>>
  >
} = {}) {
  const queryClient = useQueryClient()
  const { onSuccess, ...rest } = mutationConfig ?? {}
  return useMutation({
    ...rest,
    mutationFn: changePaymentPassword,
    onSuccess: async (...args) => {
      await onSuccess?.(...args)
      await invalidateMoney(queryClient)
    },
  })
}
