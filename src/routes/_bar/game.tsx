import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { EmptyState } from '../../components/ui/empty-state'

/** Hosts a launched game in a sandboxed iframe; with no game launched it says so. */
export const Route = createFileRoute('/_bar/game')({
  component: () => (
    <main className="page">
      <EmptyState title={<Trans>No game is open.</Trans>}>
        <Link to="/index" className="button button-primary">
          <Trans>Back to home</Trans>
        </Link>
      </EmptyState>
    </main>
  ),
})
