import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FailureSchema } from '#contract/envelope'
import { serverPathPrefixes } from '#contract/server-paths'
import { registerManifest } from '#server/http/manifest'
import type { SystemRepository } from '#server/system/system-repository'
import { build, staticFiles, type TestServer } from '../build-server'

/** A WebP file's picture size, from its VP8 (lossy), VP8L (lossless) or VP8X header. */
function webpSize(file: Buffer): { width: number; height: number } {
  expect(file.subarray(0, 4).toString('latin1')).toBe('RIFF')
  expect(file.subarray(8, 12).toString('latin1')).toBe('WEBP')
  const chunk = file.subarray(12, 16).toString('latin1')
  if (chunk === 'VP8 ') {
    return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff }
  }
  if (chunk === 'VP8L') {
    const bits = file.readUInt32LE(21)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  expect(chunk).toBe('VP8X')
  return { width: file.readUIntLE(24, 3) + 1, height: file.readUIntLE(27, 3) + 1 }
}

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})

const navigation = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

describe('serving the built PWA', () => {
  it('caches hashed assets for a year as immutable', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(staticFiles['assets/app-abc123.js'])
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-type']).toMatch(/javascript/)
  })

  it('caches a public file asked for with its version as immutable, and for an hour without', async () => {
    const versioned = await server.app.inject({ method: 'GET', url: '/brand/logo.svg?v=1' })
    expect(versioned.statusCode).toBe(200)
    expect(versioned.body).toBe(staticFiles['brand/logo.svg'])
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const plain = await server.app.inject({ method: 'GET', url: '/brand/logo.svg' })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['cache-control']).toBe('public, max-age=3600')
  })

  it.each(['index.html', 'sw.js'] as const)(
    'serves /%s with no-cache so a new release is picked up',
    async (file) => {
      const res = await server.app.inject({ method: 'GET', url: `/${file}` })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(staticFiles[file])
      expect(res.headers['cache-control']).toBe('no-cache')
    },
  )

  it('serves /manifest.webmanifest with no-cache, named after the brand in the database', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/manifest.webmanifest' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/)
    expect(res.json()).toMatchObject({
      name: 'Lotus Play',
      short_name: 'Lotus',
      display: 'standalone',
      description: expect.stringContaining('Lotus Play') as unknown,
    })
  })

  it('lists a phone and a desktop screenshot of the demo lobby, each the size it says', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/manifest.webmanifest' })
    const { screenshots } = res.json<{ screenshots: Record<string, string>[] }>()
    expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide'])
    for (const shot of screenshots) {
      expect(shot.type).toBe('image/webp')
      expect(shot.label?.length).toBeGreaterThan(10)
      const file = readFileSync(new URL(`../../public${shot.src}`, import.meta.url))
      const { width, height } = webpSize(file)
      expect(`${width}x${height}`).toBe(shot.sizes)
      // Chrome wants a narrow one taller than wide and a wide one wider than tall.
      expect(shot.form_factor === 'narrow' ? height > width : width > height).toBe(true)
      // Small enough for an install sheet on a phone network.
      expect(file.length).toBeLessThan(150_000)
    }
  })

  it('lists no screenshots outside demo mode (they show the demo brand)', async () => {
    const app = Fastify()
    const repo = { merchant: async () => undefined } as unknown as SystemRepository
    registerManifest(app, repo, 'TIGER', { demo: false })
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' })
    expect(res.json()).not.toHaveProperty('screenshots')
    expect(res.json()).toHaveProperty('description')
    await app.close()
  })

  it('lists a production brand’s stored screenshots only when they read as screenshots', async () => {
    const good = {
      src: '/brand/a.webp',
      sizes: '720x1280',
      type: 'image/webp',
      form_factor: 'narrow',
      label: 'Lobby',
    }
    for (const [stored, listed] of [
      [[good], [good]],
      [[{ ...good, src: 'javascript:alert(1)' }], undefined],
      [[{ ...good, label: 'a\u0000b' }], undefined],
      ['not a list', undefined],
    ] as const) {
      const app = Fastify()
      const repo = {
        merchant: async () => ({ name: 'Tiger', screenshots: stored }),
      } as unknown as SystemRepository
      registerManifest(app, repo, 'TIGER', { demo: false })
      const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' })
      expect(res.json<{ screenshots?: unknown }>().screenshots).toEqual(listed)
      await app.close()
    }
  })

  it('revalidates a shell file with its etag (304 Not Modified)', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/sw.js' })
    const etag = first.headers.etag
    expect(typeof etag).toBe('string')
    const again = await server.app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'if-none-match': String(etag) },
    })
    expect(again.statusCode).toBe(304)
  })

  it.each(['/', '/index', '/register.html', '/pointMall', '/pointMall/detail?id=3'])(
    'answers a navigation to %s with the index.html shell, rendered for the brand',
    async (url) => {
      const res = await server.app.inject({ method: 'GET', url, headers: navigation })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.body).toContain('data-shell="test-shell"')
      expect(res.body).toContain('id="boot-data"')
      expect(res.headers['cache-control']).toBe('no-cache')
    },
  )

  it('answers a navigation announced only by Sec-Fetch-Mode with the shell', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/pointMall',
      headers: { 'sec-fetch-mode': 'navigate' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('data-shell="test-shell"')
  })

  // A link preview's crawler asking for /pointMall with */* gets the page (agent-invite.test.ts).
  it.each(['/assets/app-missing.js', '/favicon-missing.png', '/pointMall'])(
    'answers a non-navigation request for missing %s with the 404 envelope, not the shell',
    async (url) => {
      const headers = { accept: '*/*', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }
      const res = await server.app.inject({ method: 'GET', url, headers })
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('<!doctype html>')
      expect(FailureSchema.parse(res.json()).errorCode).toBe('not_found')
    },
  )

  it.each(serverPathPrefixes.map((prefix) => `${prefix}/nothing-here`))(
    'answers a navigation to the server-owned %s with the 404 envelope, never the shell',
    async (url) => {
      const res = await server.app.inject({ method: 'GET', url, headers: navigation })
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('<!doctype html>')
      expect(FailureSchema.parse(res.json()).errorCode).toBe('not_found')
    },
  )

  it('answers a missing script loaded as a browser loads scripts with 404, so HTML is never run as a script', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/assets/app-def456.js',
      headers: { accept: '*/*', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' },
    })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).not.toMatch(/text\/html/)
  })
})

describe('security headers', () => {
  it.each(['/', '/assets/app-abc123.js', '/wps/system/status', '/wps/system/whitelabel', '/wps/nope'])(
    'are sent on %s',
    async (url) => {
      const res = await server.app.inject({ method: 'GET', url, headers: navigation })
      const csp = String(res.headers['content-security-policy'] ?? '')
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map(([name, ...values]) => [name, values]),
      )
      expect(directives.get('default-src')).toEqual(["'self'"])
      expect(directives.get('object-src')).toEqual(["'none'"])
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      const framing = res.headers['x-frame-options'] ?? directives.get('frame-ancestors')
      expect(framing).toBeTruthy()
      expect(directives.get('frame-ancestors') ?? []).not.toContain('*')
      // The /game frame opens this site's demo vendor pages and https launch hosts.
      expect(directives.get('frame-src')).toEqual(expect.arrayContaining(["'self'", 'https:']))
    },
  )
})

describe('an address the router cannot read', () => {
  it.each([
    ['/media/banners/%3Csvg%20onload=alert(1)%3E%zz', 400],
    ['/wps/system/%E0%A4%A', 400],
  ])(
    '%s is refused in the envelope, with the security headers and without the address',
    async (url, status) => {
      const res = await server.app.inject({ method: 'GET', url, headers: navigation })
      expect(res.statusCode).toBe(status)
      expect(res.json()).toMatchObject({ success: false, errorCode: 'bad_request' })
      expect(res.body).not.toContain('svg')
      expect(res.headers['content-security-policy']).toContain("default-src 'self'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['cache-control']).toBe('no-store')
    },
  )
})

describe('precompressed files', () => {
  it('serves the brotli sibling of the plain shell file with its own no-cache', async () => {
    const { writeFileSync, readFileSync } = await import('node:fs')
    const { brotliCompressSync } = await import('node:zlib')
    const path = await import('node:path')
    const index = path.join(server.staticDir, 'index.html')
    writeFileSync(`${index}.br`, brotliCompressSync(readFileSync(index)))
    const res = await server.app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('no-cache')
  })
})
