/**
 * Serves the built PWA: hashed assets cached for a year, the shell files never cached
 * without revalidation, and index.html for navigations to any app route. The server's own
 * prefixes (src/contract/server-paths.ts) never fall back to the shell: a miss there answers
 * the envelope 404 (or 405 for a known path).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { serverPathPattern } from '#contract/server-paths'
import { failure } from './errors'

const noCacheFiles = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js'])

export function cacheControlFor(filePath: string): string {
  // A precompressed sibling (index.html.br) is cached like the file it stands for.
  const base = path.basename(filePath).replace(/\.(br|gz)$/, '')
  if (noCacheFiles.has(base)) return 'no-cache'
  if (filePath.split(path.sep).includes('assets')) return 'public, max-age=31536000, immutable'
  return 'public, max-age=3600'
}

function isNavigation(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const mode = req.headers['sec-fetch-mode']
  if (mode === 'navigate') return true
  const accept = req.headers.accept ?? ''
  return accept.includes('text/html')
}

export async function registerStatic(
  app: FastifyInstance,
  opts: { staticDir: string; methodsByPath: ReadonlyMap<string, string[]> },
): Promise<void> {
  const hasShell = existsSync(path.join(opts.staticDir, 'index.html'))
  if (hasShell) {
    await app.register(fastifyStatic, {
      root: opts.staticDir,
      index: false,
      // build-pwa.ts writes .br and .gz beside each text file.
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders(res, filePath) {
        res.header('cache-control', cacheControlFor(filePath))
      },
    })
    // The root is a navigation like any other; the app redirects it to /index.
    app.get('/', (_req, reply) => reply.sendFile('index.html'))
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
      return reply.sendFile('index.html')
    }
    return reply.code(404).send(failure('not_found', `nothing at ${url}`))
  })
}
