import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'

export const vendorsQueryOptions = () =>
  queryOptions({
    queryKey: ['games', 'gameVendor'],
    queryFn: ({ signal }) => api.games.gameVendor(undefined, { signal }),
    staleTime: 5 * 60_000,
  })
