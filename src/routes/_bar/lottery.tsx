import { createFileRoute } from '@tanstack/react-router'
import type { PrizeMode } from '#contract/lottery'
import type { LotterySearch } from '../../features/lottery/components/lottery-page'
import { LotteryPage } from '../../features/lottery/components/lottery-page'
import { LotteryWinners } from '../-components/lottery-winners'
import { safeCode } from '../-components/search'

/**
 * The prize modes a link may name. Written out here, not imported: the route's search
 * parsing is in the entry chunk, and the lottery's contract (its zod schemas) loads with
 * the page. The compiler checks the list against the contract's.
 */
const modes = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const satisfies readonly PrizeMode[]
type Unlisted = Exclude<PrizeMode, (typeof modes)[number]>
const everyModeListed: Unlisted extends never ? true : false = true
void everyModeListed

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
