import { queryOptions } from '@tanstack/react-query'
import { gameEndpoints } from '#contract/games'
import { api } from '../../../lib/api'

export const vendorsQueryOptions = () =>
  queryOptions({
    queryKey: ['games', 'gameVendor'],
    queryFn: ({ signal }) => api.call(gameEndpoints.gameVendor, undefined, { signal }),
    staleTime: 5 * 60_000,
  })
