/**
 * The web app manifest, made from the brand in the database so one build serves every
 * white-label brand with its own name and colours.
 *
 * Its screenshots (the richer install sheet of Chrome on Android and desktop): in demo mode,
 * the demo brand's lobby (public/screenshots/, remade by scripts/manifest-screenshots.ts); a
 * production brand lists its own, added by the operator (`brand screenshot add`, kept on the
 * brand's row and checked again here as they are read), and none until then: it must not
 * install with another brand's pictures.
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import { printable } from '#contract/text'
import type { SystemRepository } from '../system/system-repository'

/** Chrome's rules for a screenshot it shows: each side 320-3840 px, the long one at most 2.3× the short. */
export const screenshotSide = { min: 320, max: 3840, ratio: 2.3 } as const

/** A screenshot's address: an https address (the brand's CDN) or a path on this origin. */
export const screenshotSrcPattern = /^(?:https:\/\/[^\s"'<>\\]+|\/[^\s"'<>\\]*)$/

/** A screenshot as the manifest lists it (and the brand's row keeps it). */
export const ScreenshotSchema = z.object({
  src: z.string().check(z.maxLength(500), z.regex(screenshotSrcPattern)),
  sizes: z.string().check(z.regex(/^\d{3,4}x\d{3,4}$/)),
  type: z.enum(['image/webp', 'image/png', 'image/jpeg']),
  form_factor: z.enum(['narrow', 'wide']),
  label: z.string().check(z.minLength(1), z.maxLength(120), z.regex(printable)),
})
export type Screenshot = z.infer<typeof ScreenshotSchema>

/** The most screenshots a brand lists (Chrome shows up to eight). */
export const maxScreenshots = 8

/** The brand's stored screenshots, or none when what is stored does not read as such. */
export function storedScreenshots(value: unknown): Screenshot[] {
  const parsed = z.array(ScreenshotSchema).safeParse(value)
  return parsed.success ? parsed.data.slice(0, maxScreenshots) : []
}

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
    }
    const screenshots = opts.demo ? [...demoScreenshots] : storedScreenshots(m?.screenshots)
    return reply
      .type('application/manifest+json')
      .header('cache-control', 'no-cache')
      .send(screenshots.length ? { ...manifest, screenshots } : manifest)
  })
}
