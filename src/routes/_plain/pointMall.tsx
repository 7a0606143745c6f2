import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MobileFields } from '../../features/identity/components/mobile-fields'
import { validatePointMallSearch } from '../../features/loyalty/points/mall-search'
import { PointsPage } from '../../features/loyalty/points/points-page'

/** The member's points: the balance, the rewards, the redemptions and the points details. */
export const Route = createFileRoute('/_plain/pointMall')({
  validateSearch: validatePointMallSearch,
  component: PointMall,
})

function PointMall() {
  const { tab, reward, convert } = Route.useSearch()
  return (
    <main className="page">
      <h1>
        <Trans>Points mall</Trans>
      </h1>
      <PointsPage
        tab={tab ?? 'overview'}
        reward={reward}
        convert={convert === 1}
        PhoneFields={MobileFields}
      />
    </main>
  )
}
