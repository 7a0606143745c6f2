import { queryOptions } from '@tanstack/react-query'
import { api } from './api'

export const statusQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'status'],
    queryFn: ({ signal }) => api.system.status({ host: window.location.host }, { signal }),
    // Always checked on mount: maintenance or a block must show without waiting.
    staleTime: 0,
    refetchInterval: 60_000,
  })
