/// <reference lib="webworker" />
/**
 * The service worker: precaches the shell and lazy chunks, answers navigations with the
 * cached shell (never API paths), waits for the page's word before taking over, and shows
 * web push notices (push.ts).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { serverPathPattern } from '../contract/server-paths'
import { PageToWorkerSchema } from './messages'
import { registerPush } from './push'

declare let self: ServiceWorkerGlobalScope

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// The server's own paths (the API, the payment gateway's page, …) are never answered with
// the shell, online or offline.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [serverPathPattern] }))

registerPush(self)

self.addEventListener('message', (event) => {
  const msg = PageToWorkerSchema.safeParse(event.data)
  if (msg.success && msg.data.type === 'SKIP_WAITING') void self.skipWaiting()
})
