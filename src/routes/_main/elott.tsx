import { createFileRoute } from '@tanstack/react-router'
import { LotteryWinners } from '../-components/lottery-winners'
import { parseVendorParam } from '../../features/games/game-types'
import { ElottGames } from '../../features/lottery/components/elott-page'

const elottTypes = ['ELOTT'] as const

/**
 * /elott: the e-lottery draws (prize mode ELOTT) and their winners. No vendor lobby: by the
 * lottery start rule (spec section 4) an e-lottery entry opens this page rather than a game
 * frame, so a vendor's tiles listed here would only lead back to it. `page` is read so the
 * game-type links that name a vendor tab still fit; the page has no tabs.
 */
export const Route = createFileRoute('/_main/elott')({
  loader: () => import('../../features/lottery/lottery-catalog').then((m) => m.loadLotteryCatalog()),
  validateSearch: (s: Record<string, unknown>) => ({ page: parseVendorParam(s.page) }),
  component: function Elott() {
    return (
      <main className="page">
        <ElottGames winners={<LotteryWinners gameTypes={elottTypes} />} />
      </main>
    )
  },
})
