/// <reference lib="webworker" />
/**
 * The service worker: precaches the shell and lazy chunks, answers navigations from the
 * network (the server's shell carries the brand's boot data and first screen) with the
 * cached shell when the network fails or is slow (never API paths), waits for the page's
 * word before taking over, and shows web push notices (push.ts).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { serverPathPattern } from '../contract/server-paths'
import { PageToWorkerSchema } from './messages'
import { registerPush } from './push'

declare let self: ServiceWorkerGlobalScope

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

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

registerPush(self)

self.addEventListener('message', (event) => {
  const msg = PageToWorkerSchema.safeParse(event.data)
  if (msg.success && msg.data.type === 'SKIP_WAITING') void self.skipWaiting()
})
