import type { QueryClient } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => <Outlet />,
  notFoundComponent: NotFound,
})

function NotFound() {
  return (
    <main className="page">
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <Link to="/index">
        <Trans>Back to home</Trans>
      </Link>
    </main>
  )
}
