import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { EmptyState } from '../../components/ui/empty-state'

export const Route = createFileRoute('/_bar/vnlottery')({
  component: () => (
    <main className="page">
      <h1>
        <Trans>Vietnamese lottery</Trans>
      </h1>
      <EmptyState title={<Trans>No lottery draws are open right now.</Trans>} />
    </main>
  ),
})
