/**
 * The winners board on the lottery pages: the latest lottery wins (play.winnerBoard, the
 * settled bets of the lottery's game types, newest first) in the home page's winners ticker.
 * /lottery shows both lottery types (its prize modes include the e-lottery), /vnlottery the
 * lottery and /elott the e-lottery. A draw refreshes it (refreshAfterDraw invalidates the
 * board's key). No wins, no ticker.
 */
import { queryOptions, useQueries, useSuspenseQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { GameType } from '#contract/games'
import { playEndpoints, type Winner } from '#contract/play'
import { api } from '../../lib/api'
import { brandQueryOptions } from '../../lib/brand-query'
import { serverRead } from '../../lib/server-reads'
import { WinnersTicker } from './winners-ticker'

/** How many wins each lottery page runs through. */
export const lotteryWinnersLimit = 20

export const lotteryWinnersQueryOptions = (gameType: GameType) =>
  queryOptions({
    queryKey: ['play', 'winnerBoard', gameType, lotteryWinnersLimit],
    meta: serverRead(playEndpoints.winnerBoard),
    queryFn: ({ signal }) =>
      api.call(playEndpoints.winnerBoard, { gameType, limit: lotteryWinnersLimit }, { signal }),
    staleTime: 60_000,
  })

const noWinners: readonly Winner[] = []

/** The boards' wins together, newest first (module-level, so useQueries keeps the result). */
function newestFirst(boards: readonly { data?: { list: Winner[] } | undefined }[]): readonly Winner[] {
  const all = boards.flatMap((b) => b.data?.list ?? [])
  if (all.length === 0) return noWinners
  return all.sort((a, b) => b.time - a.time).slice(0, lotteryWinnersLimit)
}

export function LotteryWinners({ gameTypes }: { gameTypes: readonly ('LOTT' | 'ELOTT')[] }) {
  const { data: brand } = useSuspenseQuery(brandQueryOptions())
  const list = useQueries({
    queries: gameTypes.map((g) => lotteryWinnersQueryOptions(g)),
    combine: newestFirst,
  })
  const currency = useMemo(
    () => ({ symbol: brand.currencySymbol, decimals: brand.currencyDecimals }),
    [brand.currencySymbol, brand.currencyDecimals],
  )
  return <WinnersTicker list={list} currency={currency} />
}
