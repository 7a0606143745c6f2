import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'

export const brandQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'consolidatedSettings'],
    queryFn: ({ signal }) => api.system.consolidatedSettings(undefined, { signal }),
    staleTime: 5 * 60_000,
  })
