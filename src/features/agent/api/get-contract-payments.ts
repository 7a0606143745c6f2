import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { contractEndpointsByKind, type ContractKind, type ContractPaymentHistory } from '#contract/contracts'
import type { EndpointInput } from '#contract/endpoint'
import { api } from '../../../lib/api'
import { agentKey } from './agent-keys'

export type ContractPaymentsInput = EndpointInput<typeof contractEndpointsByKind.dailySalary.payments>

/** One page of a kind's payments, to me or to my direct downline agents, with their sum. */
export const contractPaymentsQueryOptions = (kind: ContractKind, query: ContractPaymentsInput) =>
  queryOptions({
    queryKey: agentKey('contractPayments', kind, query),
    queryFn: ({ signal }): Promise<ContractPaymentHistory> =>
      api.call(contractEndpointsByKind[kind].payments, query, { signal }),
    placeholderData: keepPreviousData,
  })
