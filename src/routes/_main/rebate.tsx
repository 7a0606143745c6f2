import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { RebatePage } from '../../features/promotions/rebate/rebate-page'

/** The rebate rates by game type, with the member's rebate of the period so far. */
export const Route = createFileRoute('/_main/rebate')({
  component: Rebate,
})

function Rebate() {
  return (
    <main className="page">
      <h1>
        <Trans>Rebate rates</Trans>
      </h1>
      <RebatePage />
    </main>
  )
}
