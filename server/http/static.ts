/**
 * Serves the built PWA: hashed assets cached for a year, the shell files never cached
 * without revalidation, and index.html for navigations to any app route. The server's own
 * prefixes (src/contract/server-paths.ts) never fall back to the shell: a miss there answers
 * the envelope 404 (or 405 for a known path).
 *
 * A navigation gets the page rendered for its brand, language and address (shell.ts): boot
 * data and the app's markup rendered by React, cached, sent with an ETag, no-cache and
 * compressed as negotiated. `/index.html` itself is the plain file (the service worker
 * precaches it).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { serverPathPattern } from '#contract/server-paths'
import { failure } from './errors'
import { sendHot, type HotReads } from './hot-reads'
import type { PageRenderer } from './page-render'
import { createShell, fontPreloads, inlineEntryStyles, type Shell } from './shell'

const noCacheFiles = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js'])

/**
 * Hashed assets are immutable; so is a public file asked for with a version in its address
 * (`/brand/logo.svg?v=2`: whoever changes the file changes the version, as the generated
 * media do). Other public files are kept an hour.
 */
export function cacheControlFor(filePath: string, url = ''): string {
  // A precompressed sibling (index.html.br) is cached like the file it stands for.
  const base = path.basename(filePath).replace(/\.(br|gz)$/, '')
  if (noCacheFiles.has(base)) return 'no-cache'
  if (filePath.split(path.sep).includes('assets')) return 'public, max-age=31536000, immutable'
  if (/[?&]v=[\w.-]+/.test(url)) return 'public, max-age=31536000, immutable'
  return 'public, max-age=3600'
}

/**
 * A page is asked for: a browser's navigation, a request that takes HTML, or a link
 * preview's crawler (Telegram, Messenger, WhatsApp ask with `Accept: *\/*` and no
 * Sec-Fetch headers) asking for an app route: a path with no file extension, or `.html`.
 * A page's own fetch or script load (Sec-Fetch-Dest other than document) never is.
 */
function isNavigation(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const mode = req.headers['sec-fetch-mode']
  if (mode === 'navigate') return true
  const accept = req.headers.accept ?? ''
  if (accept.includes('text/html')) return true
  const last = (req.url.split('?')[0] ?? '').split('/').pop() ?? ''
  const appRoute = !last.includes('.') || last.endsWith('.html')
  // A link unfurler says who it is: it gets the page whatever it accepts (some ask for
  // text/* or JSON first) and whatever Sec-Fetch headers its client library sends.
  if (appRoute && linkUnfurler.test(req.headers['user-agent'] ?? '')) return true
  const dest = req.headers['sec-fetch-dest']
  if (mode !== undefined || (dest !== undefined && dest !== 'document')) return false
  const anything = accept === '' || accept.split(',').some((t) => t.split(';')[0]?.trim() === '*/*')
  return anything && appRoute
}

/** The user agents of link previews and search crawlers (messengers, social sites, search). */
const linkUnfurler =
  /TelegramBot|facebookexternalhit|Facebot|Twitterbot|Slackbot|Discordbot|WhatsApp|LinkedInBot|Zalo|Line\/|Viber|SkypeUriPreview|redditbot|Pinterest|Embedly|vkShare|Iframely|Googlebot|bingbot|Applebot|DuckDuckBot|YandexBot|Baiduspider|KakaoTalk|Snapchat|Mastodon|Bluesky/i

export async function registerStatic(
  app: FastifyInstance,
  opts: {
    staticDir: string
    methodsByPath: ReadonlyMap<string, string[]>
    /** Renders the shell per brand and language; without it navigations get the plain file. */
    render?: {
      hotReads: HotReads
      merchantOf: (req: FastifyRequest) => string
      countryHeader: string
      renderer: PageRenderer | null
      publicUrl?: string | undefined
    }
  },
): Promise<void> {
  const indexFile = path.join(opts.staticDir, 'index.html')
  const hasShell = existsSync(indexFile)
  const shell: Shell | null =
    hasShell && opts.render
      ? createShell(app, {
          template: inlineEntryStyles(readFileSync(indexFile, 'utf8'), opts.staticDir),
          fonts: fontPreloads(opts.staticDir),
          ...opts.render,
        })
      : null

  async function sendShell(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const page = shell ? await shell.entry(req) : null
    if (!page) return reply.sendFile('index.html')
    // The app's own redirect (its address for this page), before any byte of a page.
    if (page.redirect) return reply.header('cache-control', 'no-cache').redirect(page.redirect, 302)
    // An address no route has is the app's not-found page, sent as a 404.
    if (page.status !== 200) void reply.code(page.status)
    return sendHot(req, reply, page.entry, {
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
      vary: 'Accept-Encoding, Cookie',
    })
  }

  if (hasShell) {
    await app.register(fastifyStatic, {
      root: opts.staticDir,
      index: false,
      // The build's own files (.vite/, .ssr/ with the server's render, .build-hash) are not the PWA's.
      dotfiles: 'ignore',
      // build-pwa.ts writes .br and .gz beside each text file.
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders(res, filePath) {
        res.header('cache-control', cacheControlFor(filePath, res.request.url))
      },
    })
    // The root is a navigation like any other; the app redirects it to /index.
    app.get('/', sendShell)
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/'
    const methods = opts.methodsByPath.get(url)
    if (methods) {
      return reply
        .code(405)
        .header('allow', methods.join(', '))
        .send(failure('method_not_allowed', `${req.method} is not allowed on ${url}`))
    }
    if (serverPathPattern.test(url)) {
      return reply.code(404).send(failure('not_found', `no endpoint at ${url}`))
    }
    if (hasShell && isNavigation(req)) {
      return sendShell(req, reply)
    }
    return reply.code(404).send(failure('not_found', `nothing at ${url}`))
  })
}
