/**
 * The web app manifest, made from the brand in the database so one build serves every
 * white-label brand with its own name and colours.
 *
 * Its screenshots (the richer install sheet of Chrome on Android and desktop) are of the
 * demo brand's lobby (public/screenshots/, remade by scripts/manifest-screenshots.ts), so
 * they are listed in demo mode only: a production brand must not install with another
 * brand's pictures.
 */
import type { FastifyInstance } from 'fastify'
import type { SystemRepository } from '../system/system-repository'

/** The demo lobby on a phone and on a desktop (WebP, out of the service worker's precache). */
export const demoScreenshots = [
  {
    src: '/screenshots/lobby-narrow.webp',
    sizes: '720x1280',
    type: 'image/webp',
    form_factor: 'narrow',
    label: 'The lobby on a phone: hot games and lottery draws',
  },
  {
    src: '/screenshots/lobby-wide.webp',
    sizes: '1280x720',
    type: 'image/webp',
    form_factor: 'wide',
    label: 'The lobby on a desktop: every game category in one bar',
  },
] as const

export function registerManifest(
  app: FastifyInstance,
  repo: SystemRepository,
  merchantCode: string,
  opts: { demo: boolean },
): void {
  app.get('/manifest.webmanifest', async (_req, reply) => {
    const m = await repo.merchant(merchantCode)
    const manifest = {
      id: '/index',
      name: m?.name ?? 'Portal',
      short_name: m?.shortName ?? 'Portal',
      // In English: the manifest has one language and the stores read it as such.
      description: `${m?.name ?? 'Portal'}: live casino, slots, sports and lottery in one app.`,
      lang: m?.defaultLanguage ?? 'km',
      start_url: '/index',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: m?.themeColor ?? '#0e7c66',
      background_color: m?.backgroundColor ?? '#ffffff',
      icons: [
        { src: '/brand/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/brand/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/brand/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      ...(opts.demo ? { screenshots: demoScreenshots } : {}),
    }
    return reply.type('application/manifest+json').header('cache-control', 'no-cache').send(manifest)
  })
}
