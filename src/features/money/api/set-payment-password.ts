import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { fundsEndpoints } from '#contract/funds'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateMoney } from './money-keys'

export type SetPaymentPasswordInput = EndpointInput<typeof fundsEndpoints.setPaymentPassword>

/** Sets the first payment password, proved by the login password. */
export const setPaymentPassword = (input: SetPaymentPasswordInput) =>
  api.call(fundsEndpoints.setPaymentPassword, input)

export function useSetPaymentPassword({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<SetPaymentPasswordInput, Awaited<ReturnType<typeof setPaymentPassword>>>
} = {}) {
  const queryClient = useQueryClient()
  const { onSuccess, ...rest } = mutationConfig ?? {}
  return useMutation({
    ...rest,
    mutationFn: setPaymentPassword,
    onSuccess: async (...args) => {
      await onSuccess?.(...args)
      await invalidateMoney(queryClient)
    },
  })
}
