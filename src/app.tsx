/**
 * The app as both sides render it: the router over the route tree, with the query client in
 * its context, inside the language and query providers. The server renders it with
 * react-dom/server (src/entry-server.tsx) and the browser hydrates it (src/main.tsx), so
 * every screen is described once (docs/decisions/015-react-rendered-on-both-sides.md).
 */
import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { createRouter, RouterProvider, type RouterHistory } from '@tanstack/react-router'
import { StrictMode, useEffect } from 'react'
import { RouteError, RoutePending } from './components/layout/route-states'
import { routeTree } from './route-tree.gen'

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    // The server's render leaves scrolling to the browser (its restoring script is inline,
    // which the page's CSP refuses).
    scrollRestoration: !history,
    ...(history ? { history, isServer: true } : {}),
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

export type AppRouter = ReturnType<typeof createAppRouter>

/** Calls `onCommit` once, after the app's first commit (a hydration's end). */
function FirstCommit({ onCommit }: { onCommit: () => void }) {
  useEffect(() => onCommit(), [onCommit])
  return null
}

export function App({
  router,
  queryClient,
  i18n,
  onFirstCommit,
}: {
  router: AppRouter
  queryClient: QueryClient
  i18n: I18n
  onFirstCommit?: () => void
}) {
  return (
    <StrictMode>
      {onFirstCommit ? <FirstCommit onCommit={onFirstCommit} /> : null}
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  )
}
