import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { fundsEndpoints } from '#contract/funds'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateMoney } from './money-keys'

export type DeleteBankCardInput = EndpointInput<typeof fundsEndpoints.deleteBankCard>

/** Deletes one of the member's bank cards. */
export const deleteBankCard = (input: DeleteBankCardInput) => api.call(fundsEndpoints.deleteBankCard, input)

export function useDeleteBankCard({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<DeleteBankCardInput, Awaited<ReturnType<typeof deleteBankCard>>>
} = {}) {
  const queryClient = useQueryClient()
  const { onSuccess, ...rest } = mutationConfig ?? {}
  return useMutation({
    ...rest,
    mutationFn: deleteBankCard,
    onSuccess: async (...args) => {
      await onSuccess?.(...args)
      await invalidateMoney(queryClient)
    },
  })
}
