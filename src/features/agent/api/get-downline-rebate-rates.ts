import { queryOptions } from '@tanstack/react-query'
import { agentEndpoints } from '#contract/agent'
import { api } from '../../../lib/api'
import { agentKey } from './agent-keys'

/** A direct downline member's rebate rates, with the least and most the agent may set. */
export const downlineRebateRatesQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: agentKey('downlineRebateRates', memberId),
    queryFn: ({ signal }) => api.call(agentEndpoints.downlineRebateRates, { memberId }, { signal }),
  })
