import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { EmptyState } from '../../components/ui/empty-state'

export const Route = createFileRoute('/_bar/seamless')({
  component: () => (
    <main className="page">
      <h1>
        <Trans>Seamless games</Trans>
      </h1>
      <EmptyState title={<Trans>No games to show yet.</Trans>} />
    </main>
  ),
})
