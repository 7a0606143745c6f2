/**
 * The lottery's reads. Public lobby data (menus, settings, results, the popular draws)
 * sits under ['lottery', …]; the service worker keeps those answers (src/sw/cache-rules.ts)
 * and the page refetches them when it reports a refreshed one. The member's own bets and
 * recent games sit under ['member', 'lottery', token, …], dropped at logout and never
 * stored on the device.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { lotteryEndpoints, type PrizeMode } from '#contract/lottery'
import { api } from '../../../lib/api'
import { memberKey } from '../../../lib/member-keys'
import { serverRead } from '../../../lib/server-reads'
import { sessionStore } from '../../../lib/storage'

const memberLottery = [...memberKey, 'lottery'] as const
const memberLotteryKey = (...parts: unknown[]) => [...memberLottery, sessionStore.token(), ...parts]

/** How many results the lobby lists, and how many bets "My bets" shows. */
export const resultsShown = 20
export const myBetsShown = 20

export const gameMenusQueryOptions = (prizeMode?: PrizeMode) =>
  queryOptions({
    queryKey: ['lottery', 'gameMenus', prizeMode ?? 'ALL'],
    meta: serverRead(lotteryEndpoints.gameMenus),
    queryFn: ({ signal }) => api.call(lotteryEndpoints.gameMenus, prizeMode ? { prizeMode } : {}, { signal }),
    staleTime: 5 * 60_000,
  })

export const vnMenuQueryOptions = () =>
  queryOptions({
    queryKey: ['lottery', 'vnMenu'],
    meta: serverRead(lotteryEndpoints.vnMenu),
    queryFn: ({ signal }) => api.call(lotteryEndpoints.vnMenu, undefined, { signal }),
    staleTime: 5 * 60_000,
  })

export const gameSettingQueryOptions = (lottoGameCode: string) =>
  queryOptions({
    queryKey: ['lottery', 'gameSetting', lottoGameCode],
    meta: serverRead(lotteryEndpoints.gameSetting),
    queryFn: ({ signal }) => api.call(lotteryEndpoints.gameSetting, { lottoGameCode }, { signal }),
    staleTime: 5 * 60_000,
  })

/** The countdown's source: never served from a store, so its serverTime is the server's now. */
export const nearQueryOptions = (lottoGameCode: string) =>
  queryOptions({
    queryKey: ['lottery', 'near', lottoGameCode],
    queryFn: ({ signal }) => api.call(lotteryEndpoints.near, { lottoGameCode }, { signal }),
    staleTime: 0,
    gcTime: 60_000,
  })

/** A row the page does without offline (src/features/offline/components/offline-status.tsx). */
const optionalOffline = { offlineOptional: true }

export const popularQueryOptions = () =>
  queryOptions({
    queryKey: ['lottery', 'popular'],
    meta: { ...optionalOffline, ...serverRead(lotteryEndpoints.popular) },
    queryFn: ({ signal }) => api.call(lotteryEndpoints.popular, undefined, { signal }),
    staleTime: 30_000,
  })

export const openedQueryOptions = (lottoGameCode?: string, pageSize = resultsShown) =>
  queryOptions({
    queryKey: ['lottery', 'opened', lottoGameCode ?? 'ALL', pageSize],
    meta: { ...optionalOffline, ...serverRead(lotteryEndpoints.openedNumero) },
    queryFn: ({ signal }) =>
      api.call(lotteryEndpoints.openedNumero, lottoGameCode ? { lottoGameCode, pageSize } : { pageSize }, {
        signal,
      }),
    staleTime: 30_000,
  })

export const vnOpenedQueryOptions = () =>
  queryOptions({
    queryKey: ['lottery', 'vnOpened'],
    meta: { ...optionalOffline, ...serverRead(lotteryEndpoints.vnOpened) },
    queryFn: ({ signal }) => api.call(lotteryEndpoints.vnOpened, {}, { signal }),
    staleTime: 60_000,
  })

export const drawQueryOptions = (lottoGameCode: string, numero: string) =>
  queryOptions({
    queryKey: ['lottery', 'draw', lottoGameCode, numero],
    queryFn: ({ signal }) => api.call(lotteryEndpoints.draw, { lottoGameCode, numero }, { signal }),
    staleTime: 5 * 60_000,
  })

export const myBetsQueryOptions = (lottoGameCode?: string) =>
  queryOptions({
    queryKey: memberLotteryKey('orders', lottoGameCode ?? 'ALL'),
    queryFn: ({ signal }) =>
      api.call(
        lotteryEndpoints.orders,
        lottoGameCode
          ? { lottoGameCode, pageNo: 1, pageSize: myBetsShown }
          : { pageNo: 1, pageSize: myBetsShown },
        { signal },
      ),
    staleTime: 0,
  })

export const vnRecentQueryOptions = () =>
  queryOptions({
    queryKey: memberLotteryKey('vnRecent'),
    queryFn: ({ signal }) => api.call(lotteryEndpoints.vnRecent, undefined, { signal }),
  })

/** After a draw closes: the countdown, the results, the member's bets (their outcome), the winners. */
export function refreshAfterDraw(queryClient: QueryClient, lottoGameCode: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['lottery', 'near', lottoGameCode] }),
    queryClient.invalidateQueries({ queryKey: ['lottery', 'opened'] }),
    queryClient.invalidateQueries({ queryKey: ['lottery', 'popular'] }),
    queryClient.invalidateQueries({ queryKey: [...memberLottery] }),
    // The winners board (play.winnerBoard): a draw may have paid new wins.
    queryClient.invalidateQueries({ queryKey: ['play', 'winnerBoard'] }),
  ]).then(() => undefined)
}

/** After a bet: the member's bets and every money figure (the header balance). */
export function invalidateAfterBet(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...memberLottery] }),
    queryClient.invalidateQueries({ queryKey: ['money'] }),
  ]).then(() => undefined)
}
