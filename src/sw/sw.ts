/// <reference lib="webworker" />
/**
 * The service worker: precaches the shell and lazy chunks, answers navigations from the
 * network (the server's shell carries the brand's boot data and first screen) with the
 * cached shell when the network fails or is slow (never API paths), serves the public lobby
 * reads stale-while-revalidate from IndexedDB (data-cache.ts, rows in cache-rules.ts), waits
 * keeps the lobbies' pictures for offline (image-cache.ts), waits for the page's word before
 * taking over, and shows web push notices (push.ts).
 */
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { serverPathPattern } from '../contract/server-paths'
import { cachedRows, networkFirstRows } from './cache-rules'
import { DataCache, registerCacheRule, ruleFor } from './data-cache'
import { registerImageCache } from './image-cache'
import { PageToWorkerSchema, type WorkerToPage } from './messages'
import { registerPush } from './push'

declare let self: ServiceWorkerGlobalScope

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
// The first worker takes the open page at once: otherwise the page a player opened first
// is not the worker's, its lobby reads go past the store, and that page is "not available
// offline" right after it was opened. The page then asks its lobby reads again through the
// worker (src/lib/offline-data.ts). A new version still waits for the player's word
// (skipWaiting above); claiming changes only who controls a page no worker had.
clientsClaim()

/** How long a navigation waits for the network before the cached shell answers. */
const navigationTimeoutMs = 4000

const cachedShell = createHandlerBoundToURL('index.html')

// Network first (docs/decisions/005-server-rendered-shell.md): the server's shell is fresh
// and painted without script; offline, on an error answer or after the timeout, the
// precached shell (no boot data) answers and the app reads its persisted cache. The
// server's own paths (the API, the payment gateway's page, …) are never answered with the
// shell, online or offline.
registerRoute(
  new NavigationRoute(
    async (options) => {
      const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), navigationTimeoutMs))
      const network = fetch(options.request)
        .then((res) => (res.ok ? res : null))
        .catch(() => null)
      return (await Promise.race([network, timeout])) ?? cachedShell(options)
    },
    { denylist: [serverPathPattern] },
  ),
)

for (const row of cachedRows) registerCacheRule(row)
for (const row of networkFirstRows) registerCacheRule(row, 'network-first')

const dataCache = new DataCache({
  notify: (msg: WorkerToPage) => {
    void self.clients
      .matchAll({ type: 'window' })
      .then((windows) => windows.forEach((w) => w.postMessage(msg)))
  },
})

// The lobby reads: stored answer at once, refreshed behind it. Any failure of the store
// falls through to the plain network, so the worker never answers worse than no worker.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && ruleFor(url) !== undefined,
  async ({ request, event }) => {
    const waitUntil = (p: Promise<unknown>) => (event as ExtendableEvent).waitUntil(p)
    try {
      return (await dataCache.handle(request, waitUntil)) ?? (await fetch(request))
    } catch {
      return fetch(request)
    }
  },
)

// The lobbies' pictures, for offline (image-cache.ts).
registerImageCache(self)

registerPush(self)

self.addEventListener('message', (event) => {
  const msg = PageToWorkerSchema.safeParse(event.data)
  if (!msg.success) return
  if (msg.data.type === 'SKIP_WAITING') void self.skipWaiting()
  if (msg.data.type === 'CLEAR_DATA_CACHE') event.waitUntil(dataCache.clear().catch(() => undefined))
})
