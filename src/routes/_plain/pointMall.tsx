import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { parsePointTab, PointsPage } from '../../features/loyalty/points/points-page'

/** The member's points: the balance, how to earn and use them, and the points details. */
export const Route = createFileRoute('/_plain/pointMall')({
  validateSearch: (s: Record<string, unknown>): { tab?: 'details' } => ({ tab: parsePointTab(s.tab) }),
  component: PointMall,
})

function PointMall() {
  const { tab } = Route.useSearch()
  return (
    <main className="page">
      <h1>
        <Trans>Points mall</Trans>
      </h1>
      <PointsPage tab={tab ?? 'overview'} />
    </main>
  )
}
