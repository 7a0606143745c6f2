/// <reference lib="webworker" />
/**
 * The service worker: precaches the shell and lazy chunks, answers navigations with the
 * cached shell (never API paths), and waits for the page's word before taking over.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { PageToWorkerSchema } from './messages'

declare let self: ServiceWorkerGlobalScope

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// API prefixes are never answered with the shell, online or offline; nor is the payment
// gateway's page (/gateway/...), which the server answers itself.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/wps(\/|$)/, /^\/lgw(\/|$)/, /^\/lotto(\/|$)/, /^\/gateway(\/|$)/, /^\/healthz$/],
  }),
)

self.addEventListener('message', (event) => {
  const msg = PageToWorkerSchema.safeParse(event.data)
  if (msg.success && msg.data.type === 'SKIP_WAITING') void self.skipWaiting()
})
