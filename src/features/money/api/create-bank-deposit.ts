import type { EndpointInput } from '#contract/endpoint'
import { fundsEndpoints } from '#contract/funds'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { invalidateMoney } from './money-keys'

export type CreateBankDepositInput = EndpointInput<typeof fundsEndpoints.depositBank>

/** Submits a bank-transfer deposit (credited once an operator confirms the transfer). A retry with the same key moves the money once. */
export const createBankDeposit = (input: CreateBankDepositInput, idempotencyKey: string) =>
  api.call(fundsEndpoints.depositBank, input, { idempotencyKey })

export function useCreateBankDeposit({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<CreateBankDepositInput, Awaited<ReturnType<typeof createBankDeposit>>>
} = {}) {
  return useIdempotentMutation({ call: createBankDeposit, invalidate: invalidateMoney, mutationConfig })
}
