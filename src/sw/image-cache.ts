/// <reference lib="webworker" />
/**
 * The pictures of the lobbies, kept for offline (issue 31): game tiles, vendor logos, the
 * lottery's and the point mall's art, banners and avatars. A lobby browsed online then shows
 * its pictures offline, not empty boxes.
 *
 * - **What:** same-origin images under the public picture paths (`/media/…`, `/avatars/…`),
 *   and images of another origin that answered with CORS (an opaque answer has no status to
 *   check and would take the quota's worst case). Nothing of a member: a feedback picture or
 *   a deposit receipt is read through the API, never a public path.
 * - **Served:** stale-while-revalidate: the stored picture at once, refreshed behind it, so a
 *   picture changed under the same address is seen on the next visit.
 * - **Limits:** at most 400 pictures, none older than 30 days; on a full quota the cache is
 *   emptied rather than failing the page.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { StaleWhileRevalidate } from 'workbox-strategies'

export const imageCacheName = 'portal-images'
export const imageCacheLimits = { maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 }

/** The public picture paths of this origin. */
const publicPictures = /^\/(media|avatars)\//

/** Whether the worker keeps this request's picture. */
export function isCachedImage(
  request: Pick<Request, 'destination' | 'method'>,
  url: URL,
  origin: string,
): boolean {
  if (request.method !== 'GET' || request.destination !== 'image') return false
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false
  if (url.origin === origin) return publicPictures.test(url.pathname)
  return true
}

export function registerImageCache(sw: ServiceWorkerGlobalScope): void {
  registerRoute(
    ({ request, url }) => isCachedImage(request, url, sw.location.origin),
    new StaleWhileRevalidate({
      cacheName: imageCacheName,
      plugins: [
        // 200 only: an opaque cross-origin answer (status 0) or an error is never kept.
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ ...imageCacheLimits, purgeOnQuotaError: true }),
      ],
    }),
  )
}
