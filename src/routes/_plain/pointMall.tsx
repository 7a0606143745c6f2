import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { EmptyState } from '../../components/ui/empty-state'

export const Route = createFileRoute('/_plain/pointMall')({
  component: () => (
    <main className="page">
      <h1>
        <Trans>Points mall</Trans>
      </h1>
      <p>
        <Trans>Points never expire.</Trans>
      </p>
      <EmptyState title={<Trans>No rewards can be redeemed yet.</Trans>} />
    </main>
  ),
})
