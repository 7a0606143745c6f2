import { queryOptions } from '@tanstack/react-query'
import { gameEndpoints, type Match } from '#contract/games'
import { api } from '../../../lib/api'
import { serverRead } from '../../../lib/server-reads'

/** Featured sports or esports fixtures (GCSGAME_getGameMatchV2), soonest first. */
export const matchesQueryOptions = (gameType: Match['gameType']) =>
  queryOptions({
    queryKey: ['games', 'gameMatches', gameType],
    meta: serverRead(gameEndpoints.gameMatches),
    queryFn: ({ signal }) => api.call(gameEndpoints.gameMatches, { gameType, limit: 20 }, { signal }),
    staleTime: 60_000,
  })
