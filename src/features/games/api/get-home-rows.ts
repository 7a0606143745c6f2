/**
 * The home page's game rows: the hot games (lobby data, kept on the device with the rest
 * of 'games'), the member's recent games (member data, never persisted) and the winners
 * board (fresh every visit).
 */
import { queryOptions } from '@tanstack/react-query'
import { homeHotLimit, tickerWinners } from '#contract/first-screen'
import { gameEndpoints } from '#contract/games'
import { playEndpoints } from '#contract/play'
import { api } from '../../../lib/api'
import { memberGamesKey } from './game-keys'

export const hotGamesQueryOptions = () =>
  queryOptions({
    queryKey: ['games', 'hotGames', homeHotLimit],
    queryFn: ({ signal }) => api.call(gameEndpoints.hotGames, { limit: homeHotLimit }, { signal }),
    staleTime: 5 * 60_000,
  })

export const recentGamesQueryOptions = () =>
  queryOptions({
    queryKey: memberGamesKey('recent'),
    queryFn: ({ signal }) => api.call(gameEndpoints.recentGames, { limit: 20 }, { signal }),
    // A row the home page does without offline (member data, never stored on the device).
    meta: { offlineOptional: true },
  })

export const winnersQueryOptions = () =>
  queryOptions({
    queryKey: ['play', 'winnerBoard', tickerWinners],
    queryFn: ({ signal }) => api.call(playEndpoints.winnerBoard, { limit: tickerWinners }, { signal }),
    staleTime: 60_000,
    // The ticker is kept by the worker (network first), but the home page does without it.
    meta: { offlineOptional: true },
  })
