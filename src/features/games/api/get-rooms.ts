import { queryOptions } from '@tanstack/react-query'
import { gameEndpoints } from '#contract/games'
import { api } from '../../../lib/api'

/** A PVP game's rooms (GLS2_roomList): who sits where changes, so kept briefly. */
export const roomsQueryOptions = (gameId: string) =>
  queryOptions({
    queryKey: ['games', 'roomList', gameId],
    queryFn: ({ signal }) => api.call(gameEndpoints.roomList, { gameId }, { signal }),
    staleTime: 15_000,
  })
