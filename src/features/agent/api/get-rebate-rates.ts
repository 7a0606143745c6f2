import { queryOptions } from '@tanstack/react-query'
import { agentEndpoints } from '#contract/agent'
import { api } from '../../../lib/api'
import { agentKey } from './agent-keys'

/** The agent's own rebate rate per game type: the most it may give an account it opens. */
export const rebateRatesQueryOptions = () =>
  queryOptions({
    queryKey: agentKey('rebateRates'),
    queryFn: ({ signal }) => api.call(agentEndpoints.rebateRates, undefined, { signal }),
  })
