/**
 * The web app manifest, made from the brand in the database so one build serves every
 * white-label brand with its own name and colours.
 */
import type { FastifyInstance } from 'fastify'
import type { SystemRepository } from '../system/system-repository'

export function registerManifest(app: FastifyInstance, repo: SystemRepository, merchantCode: string): void {
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
    }
    return reply.type('application/manifest+json').header('cache-control', 'no-cache').send(manifest)
  })
}
