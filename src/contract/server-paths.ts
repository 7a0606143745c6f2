/**
 * The paths the platform server answers itself, not the PWA's router. The service worker
 * never answers a navigation under them with the cached shell, the static server answers
 * a miss under them with the envelope 404 rather than the shell, and the dev server
 * proxies them to the platform.
 */
export const serverPathPrefixes = [
  '/wps',
  '/lgw',
  '/lotto',
  // The payment gateway's own pages (the demo gateway's pay page in demo mode).
  '/gateway',
  '/healthz',
  // Built from the brand in the database (server/http/manifest.ts).
  '/manifest.webmanifest',
  // The outbox pages when DEV_TOOLS is on; never the shell, so a miss there is plain.
  '/dev',
  // Game thumbnails and vendor logos the server draws (server/games/media-routes.ts).
  '/media/games',
  '/media/logos',
  // Bank logos: the operator's pictures and the drawn monograms (server/money/bank-logo-routes.ts).
  '/media/banks',
  // Lottery game icons (server/lottery/).
  '/media/lottery',
  // The home page's generated banner art (server/content/banner-art.ts).
  '/media/banners',
  // The seamless-wallet API game vendors call (server/vendors/adapter.ts).
  '/vendor-api',
  // The demo vendor's game pages and its own API, in demo mode (server/vendors/demo/).
  '/demo-vendor',
] as const

export type ServerPathPrefix = (typeof serverPathPrefixes)[number]

/**
 * Matches a path (with or without its query) that is a server prefix itself or lies under
 * one: `/wps`, `/wps/x` and `/healthz?probe=1`, never `/wpsx`.
 */
export const serverPathPattern = new RegExp(
  `^(${serverPathPrefixes.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})([/?]|$)`,
)
