/**
 * The bench's yardstick (bench/sections/size.ts): a hello-world of the portal's own stack,
 * React 19 with react-dom, TanStack Router and Query, Lingui and zod, built in the same run
 * as the portal, so the home route's JavaScript is read as a ratio to what the stack weighs.
 */
import { i18n } from '@lingui/core'
import { I18nProvider, useLingui } from '@lingui/react'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import {
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { z } from 'zod/mini'

i18n.load('en', { hello: 'Hello, world' })
i18n.activate('en')

const Greeting = z.object({ text: z.string() })

function Home() {
  const { _ } = useLingui()
  const greeting = useQuery({
    queryKey: ['greeting'],
    queryFn: async () => Greeting.parse({ text: _('hello') }),
  })
  return <h1>{greeting.data?.text ?? _('hello')}</h1>
}

const rootRoute = createRootRoute({
  component: () => (
    <main>
      <Link to="/">Home</Link>
      <Outlet />
    </main>
  ),
})
const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home })
const router = createRouter({ routeTree: rootRoute.addChildren([homeRoute]) })
const queryClient = new QueryClient()

hydrateRoot(
  document.getElementById('root') as HTMLElement,
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
)
