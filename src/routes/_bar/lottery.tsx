import { createFileRoute } from '@tanstack/react-router'
import { prizeModes, type PrizeMode } from '#contract/lottery-values'
import { LotteryWinners } from '../-components/lottery-winners'
import { safeCode } from '../-components/search'
import type { LotterySearch } from '../../features/lottery/components/lottery-page'
import { LotteryPage } from '../../features/lottery/components/lottery-page'

/**
 * The prize modes a link may name, from the lottery's plain values: the route's search
 * parsing is in the entry chunk, and the lottery's contract (its zod schemas) loads with
 * the page.
 */
const modes = prizeModes

/** The page's prize modes include the e-lottery, so its winners are of both lottery types. */
const lotteryTypes = ['LOTT', 'ELOTT'] as const

const modeOf = (raw: unknown): PrizeMode | undefined => modes.find((m) => m === raw)

export const Route = createFileRoute('/_bar/lottery')({
  loader: () => import('../../features/lottery/lottery-catalog').then((m) => m.loadLotteryCatalog()),
  validateSearch: (s: Record<string, unknown>): LotterySearch => ({
    gameCode: safeCode(s.gameCode, 24),
    prizeMode: modeOf(s.prizeMode),
    playType: safeCode(s.playType),
  }),
  component: function Lottery() {
    return <LotteryPage search={Route.useSearch()} winners={<LotteryWinners gameTypes={lotteryTypes} />} />
  },
})
