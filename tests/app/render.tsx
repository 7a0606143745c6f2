/**
 * Renders UI inside the providers the app gives it: Lingui (activated in a locale), a
 * query client, and a router (a bare one around a single component, or the app's own
 * route tree at a path).
 */
import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterAll } from 'vitest'
import type { Locale } from '#contract/locales'
import { activateLocale, i18n } from '#src/lib/i18n.ts'
import { createQueryClient } from '#src/lib/query-client.ts'
import { routeTree } from '#src/route-tree.gen.ts'

/**
 * The app's query client, with the keyed writes' retries 10 ms apart instead of seconds:
 * the tests see the same retries (count, key, when they stop) without waiting for the
 * backoff, whose own values are tested in money-mutations.test.tsx.
 */
export const testQueryClient = () => createQueryClient({ mutationRetryDelay: () => 10 })

export async function renderUi(ui: ReactNode, locale: Locale = 'en') {
  await activateLocale(locale)
  const queryClient = testQueryClient()
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <>{ui}</> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  }) as AnyRouter
  const utils = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return { ...utils, router, queryClient }
}

/**
 * The popups are lazy chunks. Loading one cold (transforming its module graph) can take
 * longer under a loaded machine than a test waits for an element, so their modules are
 * loaded once before the app renders: a test then waits only for React, never for the
 * transform, as a browser's warm cache would serve them.
 */
const popupChunks = Promise.all([
  import('#src/features/identity/components/auth-modals.tsx'),
  import('#src/features/notify/components/notice-popup.tsx'),
  import('#src/features/identity/components/auth-popups.tsx'),
  import('#src/features/notify/components/notice-popup-host.tsx'),
  import('#src/features/member/components/member-centre-modal.tsx'),
  import('#src/features/notify/components/inbox-button.tsx'),
  import('#src/features/notify/components/messages-page.tsx'),
  import('#src/features/notify/components/push-listener.tsx'),
  // The game launch's chunks.
  import('#src/features/games/launch/run-launch.ts'),
  import('#src/features/games/launch/launch-popups.tsx'),
  import('#src/features/games/components/game-popup-host.tsx'),
  import('#src/features/games/launch/game-frame-page.tsx'),
])
// A file whose tests end before the chunks have loaded (renderUi does not wait for them)
// keeps its environment until they have: none is still loading when it is torn down.
afterAll(async () => {
  await popupChunks
})

export async function renderApp(path: string, locale: Locale = 'en') {
  await popupChunks
  await activateLocale(locale)
  const queryClient = testQueryClient()
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  const utils = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return { ...utils, router, queryClient }
}
