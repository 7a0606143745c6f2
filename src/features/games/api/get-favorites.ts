import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { gamePageSize } from '#contract/first-screen'
import { gameEndpoints } from '#contract/games'
import { api } from '../../../lib/api'
import { memberGamesKey } from './game-keys'
import { nextPageNo } from './get-game-list'

/** The codes of the member's favourite games (what the heart on each tile shows). */
export const favoriteIdsQueryOptions = () =>
  queryOptions({
    queryKey: memberGamesKey('favoriteIds'),
    queryFn: ({ signal }) => api.call(gameEndpoints.favoriteIds, undefined, { signal }),
  })

/** The member's favourite games, page by page. */
export const favoriteListInfiniteOptions = () =>
  infiniteQueryOptions({
    queryKey: memberGamesKey('favoriteList'),
    queryFn: ({ pageParam, signal }) =>
      api.call(gameEndpoints.favoriteList, { pageNo: pageParam, pageSize: gamePageSize }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
  })
