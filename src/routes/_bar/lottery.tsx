import { createFileRoute } from '@tanstack/react-router'
import { prizeModes, type PrizeMode } from '#contract/lottery'
import { LotteryPage, type LotterySearch } from '../../features/lottery/components/lottery-page'
import { safeCode } from '../-components/search'

const modeOf = (raw: unknown): PrizeMode | undefined => prizeModes.find((m) => m === raw)

export const Route = createFileRoute('/_bar/lottery')({
  validateSearch: (s: Record<string, unknown>): LotterySearch => ({
    gameCode: safeCode(s.gameCode, 24),
    prizeMode: modeOf(s.prizeMode),
    playType: safeCode(s.playType),
  }),
  component: function Lottery() {
    return <LotteryPage search={Route.useSearch()} />
  },
})
