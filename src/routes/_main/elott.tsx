import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { vendorsQueryOptions } from '../../features/games/api/get-vendors'
import { parseVendorParam } from '../../features/games/game-types'
import { ElottGames } from '../../features/lottery/components/elott-page'
import { GamesRoute } from '../-components/games-route'
import { LotteryWinners } from '../-components/lottery-winners'

const elottTypes = ['ELOTT'] as const

/** The in-house e-lottery draws, then the e-lottery providers' lobby when the brand has any. */
export const Route = createFileRoute('/_main/elott')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(vendorsQueryOptions()),
      import('../../features/lottery/lottery-catalog').then((m) => m.loadLotteryCatalog()),
    ]),
  validateSearch: (s: Record<string, unknown>) => ({ page: parseVendorParam(s.page) }),
  component: function Elott() {
    const { data } = useSuspenseQuery(vendorsQueryOptions())
    const vendors = data.data.lanes.some((l) => l.gameType === 'ELOTT' && l.cards.length > 0)
    const page = Route.useSearch().page
    if (!vendors) {
      return (
        <main className="page">
          <ElottGames main winners={<LotteryWinners gameTypes={elottTypes} />} />
        </main>
      )
    }
    // The providers' lobby is the page's <main>; the draws stand above it.
    return (
      <div className="elott-page">
        <div className="page">
          <ElottGames main={false} winners={<LotteryWinners gameTypes={elottTypes} />} />
        </div>
        <GamesRoute types={['ELOTT']} page={page} />
      </div>
    )
  },
})
