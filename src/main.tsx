/**
 * Bootstrap: language, query client, router.
 */
import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { activateLocale, currentLocale, i18n } from './lib/i18n'
import { createQueryClient } from './lib/query-client'
import { routeTree } from './route-tree.gen'
import '@fontsource/noto-sans-khmer/400.css'
import '@fontsource/noto-sans-khmer/700.css'
import './styles.css'

const queryClient = createQueryClient()
const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

async function start() {
  await activateLocale(currentLocale())
  const el = document.getElementById('root')
  if (!el) throw new Error('no #root element')
  createRoot(el).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  )
}

void start()
