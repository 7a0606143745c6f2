/**
 * Bootstrap: theme, language, the boot data, the router, and the service worker.
 *
 * The server rendered the page from the same components (src/entry-server.tsx) and the boot
 * data in the page (`#boot-data`): the app seeds the same data, loads the route's code and
 * hydrates that markup with `hydrateRoot`, in a transition, so hydration runs in slices and a
 * tap made meanwhile is replayed by React. Where there is no server markup (the precached
 * shell of an offline or installed start) it renders by itself with `createRoot`, from the
 * lobby data saved on the device (docs/decisions/015-react-rendered-on-both-sides.md).
 */
import './fonts.css'
// The shell's stylesheet, in the order of its cascade: the server writes it into every page
// as one file (vite.config.ts, cssCodeSplit), so these imports stay here, together and in order.
import './styles.css'
import './components/layout/app-header.css'
import './routes/-components/tab-bar.css'
import './components/layout/layout.css'
import './components/ui/modal.css'
import './components/ui/pagination.css'
import './components/ui/feedback.css'
import './components/ui/forms.css'
import './routes/-components/home-page.css'
import './routes/-components/banner-carousel.css'
import './routes/-components/winners-ticker.css'
import './routes/-components/home-rows.css'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { defaultLocale } from '#contract/locales'
import { App, createAppRouter } from './app'
import { seedAppData } from './boot-seed'
import { env } from './config/env'
import { registerPwa } from './features/pwa/register'
import { bootQueriesOf, checkBootParts, readBootBlock, rememberLanguageCookie } from './lib/boot-data'
import { resumeDeviceSession } from './lib/device-session'
import { holdReadsUntil, untilHydrated } from './lib/hydration'
import { activateLocale, i18n } from './lib/i18n'
import { warmIntl } from './lib/intl-warmup'
import { createQueryClient, persistedQuery } from './lib/query-client'
import { seedServerReads } from './lib/server-reads'
import { holdSessionForHydration } from './lib/session'
import { languageStore } from './lib/storage'
import { applyBrandColor, initTheme } from './lib/theme'
import { yieldToMain } from './utils/idle'

const queryClient = createQueryClient()

const cacheKey = 'portal-cache'

/**
 * Restores the saved lobby data into the cache and keeps saving it. Without server markup it
 * runs before the first render (an offline start renders from it); after a hydration it runs
 * once the page is hydrated (the first render must draw what the server drew), and saves at
 * once what the page already has, so an offline reload finds it.
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
  if (afterRender) await persistQueryClientSave(options)
}

/** Fetches and runs the code of the routes the page's address matches; a failure is left to the route's load. */
function loadRouteCode(router: ReturnType<typeof createAppRouter>): Promise<unknown> {
  const [routes] = router.getMatchedRoutes(window.location.pathname)
  return Promise.all(routes.map((route) => router.loadRouteChunk(route)?.catch(() => undefined)))
}

async function start() {
  initTheme()
  registerPwa()
  const el = document.getElementById('root')
  if (!el) throw new Error('no #root element')
  const block = readBootBlock()
  applyBrandColor(block?.core.settings.themeColor)
  const stored = languageStore.get()
  const locale = stored ?? block?.core.locale ?? defaultLocale
  if (stored) rememberLanguageCookie(stored)
  // The server's markup is hydrated when it was drawn in the language the app starts in
  // (a stored choice the cookie lost is drawn anew in that choice instead).
  const hydrate = el.hasAttribute('data-ssr') && block !== null && block.core.locale === locale
  // The locale data's one-time set-up runs on a worker's thread while the app boots.
  warmIntl(locale)
  let saved = false
  try {
    saved = window.localStorage.getItem(cacheKey) !== null
  } catch {
    // Storage refused (private mode): nothing saved, and persisting will find out by itself.
  }
  const restored = !hydrate && saved ? persistCache(false).catch(() => undefined) : Promise.resolve()
  const router = createAppRouter(queryClient)
  const [, , boot] = await Promise.all([
    Promise.all([restored, activateLocale(locale)]),
    loadRouteCode(router),
    block ? checkBootParts(block, yieldToMain) : null,
  ])
  if (boot) seedAppData(queryClient, boot)
  // The public reads the server's render made for the page, each checked against its row.
  if (block) await seedServerReads(queryClient, bootQueriesOf(block))
  // Saved status is shown at once but always re-checked: maintenance or a switched flag
  // must not wait for the saved copy to age.
  await queryClient.invalidateQueries({ queryKey: ['system', 'status'], refetchType: 'none' })
  const giveSessionBack = hydrate ? holdSessionForHydration() : null
  // The router renders a hydrated page as the server did (no Suspense boundary of its own
  // around the root's matches), as TanStack Router's own hydration sets it.
  if (hydrate) router.ssr = { manifest: undefined }
  const drawnAt = window.location.pathname + window.location.search
  await router.load().catch(() => undefined)
  // The browser went elsewhere than the page the server drew (a log-in-only brand sends a
  // visitor to /login): that page is drawn anew, not hydrated.
  const moved = router.state.location.pathname + router.state.location.searchStr !== drawnAt
  if (hydrate && moved) {
    giveSessionBack?.()
    router.ssr = undefined
  }
  if (hydrate && !moved) {
    let committed = () => {}
    const firstCommit = new Promise<void>((resolve) => (committed = resolve))
    const done = untilHydrated(el, firstCommit)
    // The app's reads wait for the whole page to be hydrated (src/lib/hydration.ts).
    holdReadsUntil(done)
    const app = <App router={router} queryClient={queryClient} i18n={i18n} onFirstCommit={committed} />
    // Where the page stands, for its own scripts and the tests: hydrating, then ready.
    document.documentElement.dataset.app = 'hydrating'
    startTransition(() => {
      hydrateRoot(el, app, {
        onRecoverableError(error, info) {
          // The server's markup and the app's first render differ: React draws the part
          // anew, and the difference is a defect to fix (the end-to-end suite fails on it).
          // Where it was, for whoever reads the console.
          console.error('hydration', error, info.componentStack?.trim().split('\n').slice(0, 8).join(' < '))
        },
      })
    })
    // Once hydrated, the member's session and the saved data come back.
    await done
    giveSessionBack?.()
    // A tab without a session on a remembered device signs in by itself.
    void resumeDeviceSession()
    document.documentElement.dataset.app = 'ready'
    void persistCache(true).catch(() => undefined)
  } else {
    let committed = () => {}
    const firstCommit = new Promise<void>((resolve) => (committed = resolve))
    createRoot(el).render(
      <App router={router} queryClient={queryClient} i18n={i18n} onFirstCommit={committed} />,
    )
    await firstCommit
    void resumeDeviceSession()
    document.documentElement.dataset.app = 'ready'
    if (!saved) void persistCache(true).catch(() => undefined)
  }
}

void start()
