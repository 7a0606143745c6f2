import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { fundsEndpoints } from '#contract/funds'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateMoney } from './money-keys'

export type AddBankCardInput = EndpointInput<typeof fundsEndpoints.addBankCard>

/** Adds a bank card to receive withdrawals. */
export const addBankCard = (input: AddBankCardInput) => api.call(fundsEndpoints.addBankCard, input)

export function useAddBankCard({
  mutationConfig,
}: { mutationConfig?: MutationConfig<AddBankCardInput, Awaited<ReturnType<typeof addBankCard>>> } = {}) {
  const queryClient = useQueryClient()
  const { onSuccess, ...rest } = mutationConfig ?? {}
  return useMutation({
    ...rest,
    mutationFn: addBankCard,
    onSuccess: async (...args) => {
      await onSuccess?.(...args)
      await invalidateMoney(queryClient)
    },
  })
}
