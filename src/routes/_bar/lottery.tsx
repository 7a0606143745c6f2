import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { EmptyState } from '../../components/ui/empty-state'
import { safeCode } from '../-components/search'

export const Route = createFileRoute('/_bar/lottery')({
  validateSearch: (s: Record<string, unknown>) => ({
    gameCode: safeCode(s.gameCode),
    playType: safeCode(s.playType),
  }),
  component: () => (
    <main className="page">
      <h1>
        <Trans>Lottery</Trans>
      </h1>
      <EmptyState title={<Trans>No lottery draws are open right now.</Trans>} />
    </main>
  ),
})
