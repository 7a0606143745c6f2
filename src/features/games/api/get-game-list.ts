import { infiniteQueryOptions } from '@tanstack/react-query'
import type { EndpointInput } from '#contract/endpoint'
import { gamePageSize } from '#contract/first-screen'
import { gameEndpoints } from '#contract/games'
import { api } from '../../../lib/api'

export type GameListFilter = Omit<EndpointInput<typeof gameEndpoints.gameList>, 'pageNo' | 'pageSize'>

interface Paged {
  total: number
  pageNo: number
  pageSize: number
}

/** The page after `last`, while rows remain. */
export function nextPageNo(last: Paged): number | undefined {
  return last.pageNo * last.pageSize < last.total ? last.pageNo + 1 : undefined
}

/** One lobby's games (a vendor, maybe a sub-type and a name search), page by page. */
export const gameListInfiniteOptions = (filter: GameListFilter) =>
  infiniteQueryOptions({
    queryKey: ['games', 'gameList', filter],
    queryFn: ({ pageParam, signal }) =>
      api.call(gameEndpoints.gameList, { ...filter, pageNo: pageParam, pageSize: gamePageSize }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
    staleTime: 60_000,
  })

/** How many games one page of the header's search shows. */
export const gameSearchPageSize = 24

/** Games of every vendor and type whose name holds `term` (the header's search), page by page. */
export const gameSearchInfiniteOptions = (term: string) =>
  infiniteQueryOptions({
    queryKey: ['games', 'search', term],
    queryFn: ({ pageParam, signal }) =>
      api.call(
        gameEndpoints.gameList,
        { gameName: term, pageNo: pageParam, pageSize: gameSearchPageSize },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
    staleTime: 60_000,
  })
