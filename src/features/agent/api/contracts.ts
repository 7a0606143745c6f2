import { queryOptions, type QueryClient } from '@tanstack/react-query'
import {
  contractEndpointsByKind,
  type ContractAction,
  type ContractActionResult,
  type ContractKind,
  type ContractOverview,
} from '#contract/contracts'
import { useIdempotentMutation } from '../../../hooks/use-idempotent-mutation'
import { api } from '../../../lib/api'
import type { MutationConfig } from '../../../lib/mutation-config'
import { agentKey, agentRootKey } from './agent-keys'

/** One kind's page: my contract, the offers to me, my direct downline agents with theirs. */
export const contractsQueryOptions = (kind: ContractKind) =>
  queryOptions({
    queryKey: agentKey('contracts', kind),
    queryFn: ({ signal }): Promise<ContractOverview> =>
      api.call(contractEndpointsByKind[kind].read, { pageSize: 100 }, { signal }),
  })

/** Offer, accept, reject or terminate a contract of the kind; a retry with the key acts once. */
export const actOnContract = (kind: ContractKind, input: ContractAction, idempotencyKey: string) =>
  api.call(contractEndpointsByKind[kind].act, input, { idempotencyKey }) as Promise<ContractActionResult>

export function useContractAction(
  kind: ContractKind,
  { mutationConfig }: { mutationConfig?: MutationConfig<ContractAction, ContractActionResult> } = {},
) {
  return useIdempotentMutation({
    call: (input: ContractAction, key: string) => actOnContract(kind, input, key),
    invalidate: (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: agentRootKey }),
    mutationConfig,
  })
}
