import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'

export const statusQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'status'],
    queryFn: ({ signal }) => api.system.status({ host: window.location.host }, { signal }),
    staleTime: 30_000,
  })
