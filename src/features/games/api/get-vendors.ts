import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { gameEndpoints } from '#contract/games'

export const vendorsQueryOptions = () =>
  queryOptions({
    queryKey: ['games', 'gameVendor'],
    queryFn: ({ signal }) => api.call(gameEndpoints.gameVendor, undefined, { signal }),
    staleTime: 5 * 60_000,
  })
