/**
 * Bootstrap: theme, language, the persisted query cache (lobby data survives reloads and
 * offline starts), the server's boot data, the router, and the service worker. The page's
 * static first screen (rendered by the server) stays until the app has drawn the first route
 * out of sight, in short stages, then the app's screen takes its place.
 *
 * The server's page asks for this module only once its first screen has shown its lead
 * picture (src/start.ts).
 */
import './fonts.css'
import './styles.css'
import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouteError, RoutePending } from './components/layout/route-states'
import { defaultLocale } from '#contract/locales'
import { env } from './config/env'
import { checkBootParts, readBootBlock, rememberLanguageCookie, seedBootData } from './lib/boot-data'
import { activateLocale, i18n } from './lib/i18n'
import { languageStore } from './lib/storage'
import { createQueryClient, persistedQuery } from './lib/query-client'
import { applyBrandColor, initTheme } from './lib/theme'
import { announcementsQueryOptions } from './features/notices/api/get-announcements'
import { hotGamesQueryOptions, winnersQueryOptions } from './features/games/api/get-home-rows'
import { gameListInfiniteOptions } from './features/games/api/get-game-list'
import { vendorsQueryOptions } from './features/games/api/get-vendors'
import { registerPwa } from './features/pwa/register'
import { routeTree } from './route-tree.gen'
import { yieldToMain } from './utils/idle'
import { warmIntl } from './lib/intl-warmup'
import { takeOverScreen } from './lib/takeover-stages'

const queryClient = createQueryClient()

/** Built in a task of its own at start (it walks the whole route tree), not at evaluation. */
function createAppRouter() {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

type AppRouter = ReturnType<typeof createAppRouter>

/** Fetches and runs the code of the routes the page's address matches; a failure is left to the route's load. */
function loadRouteCode(router: AppRouter): Promise<unknown> {
  const [routes] = router.getMatchedRoutes(window.location.pathname)
  return Promise.all(routes.map((route) => router.loadRouteChunk(route)?.catch(() => undefined)))
}

const cacheKey = 'portal-cache'

/**
 * Restores the saved lobby data into the cache and keeps saving it. With something saved it
 * runs before the first route loads (beside the language catalog), so an offline start renders
 * from it instead of failing; on a first visit there is nothing to restore, and its code loads
 * after the first render.
 */
async function persistCache(afterRender: boolean): Promise<void> {
  const [{ createSyncStoragePersister }, { persistQueryClient, persistQueryClientSave }] = await Promise.all([
    import('@tanstack/query-sync-storage-persister'),
    import('@tanstack/react-query-persist-client'),
  ])
  const options = {
    queryClient,
    persister: createSyncStoragePersister({ storage: window.localStorage, key: cacheKey }),
    buster: env.VITE_APP_VERSION,
    maxAge: 7 * 24 * 60 * 60_000,
    dehydrateOptions: { shouldDehydrateQuery: persistedQuery },
  }
  const [, restored] = persistQueryClient(options)
  await restored
  // Started after the first render, it saves from the next change of the cache on; what the
  // first screen already loaded is saved now, so an offline reload finds it.
  if (afterRender) await persistQueryClientSave(options)
}

async function start() {
  initTheme()
  // The modules' evaluation is a task of its own; reading the boot data starts the next.
  await yieldToMain()
  registerPwa()
  let saved = false
  try {
    saved = window.localStorage.getItem(cacheKey) !== null
  } catch {
    // Storage refused (private mode): nothing saved, and persisting will find out by itself.
  }
  const restored = saved ? persistCache(false) : Promise.resolve()
  // The server rendered the page in the stored choice (its cookie), else in the browser's
  // language as the brand offers it: without a stored choice the app keeps that language.
  const block = readBootBlock()
  applyBrandColor(block?.core.settings.themeColor)
  const stored = languageStore.get()
  const locale = stored ?? block?.core.locale ?? defaultLocale
  if (stored) rememberLanguageCookie(stored)
  // The locale data's one-time set-up runs on a worker's thread while the app boots.
  warmIntl(locale)
  const ready = Promise.all([restored.catch(() => undefined), activateLocale(locale)])
  // The router is built in a task of its own (it walks the whole route tree), and the first
  // route's code is asked for at once, beside the language catalog: it then neither waits
  // for the route's data nor runs inside the task that matches the route.
  await yieldToMain()
  const router = createAppRouter()
  // The boot data's larger parts (the lanes, the games) are checked in tasks of their own
  // while the language catalog and the route's code load.
  const [, , boot] = await Promise.all([
    ready,
    loadRouteCode(router),
    block ? checkBootParts(block, yieldToMain) : null,
  ])
  if (boot) {
    seedBootData(queryClient, boot, {
      announcements: (l) => announcementsQueryOptions(l).queryKey,
      winners: winnersQueryOptions().queryKey,
      vendors: vendorsQueryOptions().queryKey,
      hotGames: hotGamesQueryOptions().queryKey,
      gameList: (filter) => gameListInfiniteOptions(filter).queryKey,
    })
  }
  // Saved status is shown at once but always re-checked: maintenance or a switched flag
  // must not wait for the saved copy to age.
  await queryClient.invalidateQueries({ queryKey: ['system', 'status'], refetchType: 'none' })
  const el = document.getElementById('root')
  if (!el) throw new Error('no #root element')
  // The first route's data and code are ready before the app replaces the static screen,
  // so the page never goes blank in between.
  await yieldToMain()
  await router.load().catch(() => undefined)
  // Matching the route and drawing the page are separate tasks, so neither blocks input long.
  await yieldToMain()
  // The app draws out of sight, in stages of a task each, while the server's screen shows;
  // then it takes that screen's place whole (src/lib/takeover-stages.tsx).
  await takeOverScreen(
    el,
    (container) =>
      createRoot(container).render(
        <StrictMode>
          <I18nProvider i18n={i18n}>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </I18nProvider>
        </StrictMode>,
      ),
    yieldToMain,
  )
  if (!saved) void persistCache(true).catch(() => undefined)
}

void start()
