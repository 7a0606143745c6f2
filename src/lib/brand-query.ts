import { queryOptions } from '@tanstack/react-query'
import { systemEndpoints } from '#contract/system'
import { api } from './api'

// Every layout route loads the brand settings before it renders, and several features read
// them (the header, the currency of every amount), so they live with the shared queries.
export const brandQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'consolidatedSettings'],
    queryFn: ({ signal }) => api.call(systemEndpoints.consolidatedSettings, undefined, { signal }),
    staleTime: 5 * 60_000,
  })
