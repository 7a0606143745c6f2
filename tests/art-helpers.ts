/**
 * Checks on the generated art the server renders as WebP (server/http/art-media.ts).
 */
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { expect } from 'vitest'

/**
 * Asks for `url` `parallel` times at once, as a cold page does: every answer is the same
 * immutable WebP picture of a few kB and of `width` × `height`. Returns its bytes.
 */
export async function expectSharedWebp(
  app: FastifyInstance,
  url: string,
  [width, height]: readonly [number, number],
  parallel = 5,
): Promise<Buffer> {
  const answers = await Promise.all(
    Array.from({ length: parallel }, () => app.inject({ method: 'GET', url })),
  )
  const bytes = answers[0]?.rawPayload ?? Buffer.alloc(0)
  for (const res of answers) {
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.rawPayload.equals(bytes)).toBe(true)
  }
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF')
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP')
  expect(bytes.length).toBeLessThan(12 * 1024)
  const meta = await sharp(bytes).metadata()
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height])
  return bytes
}

/** Each address gets the envelope's 404, never kept by a cache. */
export async function expectNoArt(app: FastifyInstance, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const res = await app.inject({ method: 'GET', url })
    expect(res.statusCode, url).toBe(404)
    expect(res.headers['cache-control'], url).toBe('no-store')
    expect(res.json(), url).toMatchObject({ success: false, errorCode: 'not_found' })
  }
}

/**
 * An address without the art's version is kept an hour, then asked for again with its
 * ETag: the same art answers 304 with no body, other art (a stale ETag) the picture whole.
 */
export async function expectRevalidated(app: FastifyInstance, url: string): Promise<void> {
  const first = await app.inject({ method: 'GET', url })
  expect(first.statusCode, url).toBe(200)
  expect(first.headers['cache-control'], url).toBe('public, max-age=3600')
  const etag = String(first.headers.etag ?? '')
  expect(etag, url).toMatch(/^"[\w-]{27}"$/)
  const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })
  expect(again.statusCode, url).toBe(304)
  expect(again.rawPayload.length, url).toBe(0)
  expect(again.headers.etag, url).toBe(etag)
  const stale = await app.inject({ method: 'GET', url, headers: { 'if-none-match': '"an-older-picture"' } })
  expect(stale.statusCode, url).toBe(200)
  expect(stale.rawPayload.equals(first.rawPayload), url).toBe(true)
}
