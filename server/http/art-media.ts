/**
 * Generated art served as WebP. The art modules draw SVG (server/games/art.ts,
 * server/lottery/art.ts): a few hundred bytes, the same every time. A page of game tiles
 * as SVG costs the browser's main thread dearly, because each SVG image is a document of
 * its own that is laid out (its text shaped with font fallback) and recorded on the main
 * thread when painted. A bitmap is decoded off the main thread and painted as one image,
 * as a real vendor's thumbnail is (decision 013). So the routes that serve generated art
 * answer `<name>.webp` with the SVG rendered once by sharp, and `<name>.svg` as drawn.
 *
 * Rendering runs on libuv's thread pool (sharp), never on the event loop; a process keeps
 * what it rendered (bounded), and parallel first requests for one image share one render.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { lazyModule } from '../lazy-module'
import { limiter } from '../limiter'
import { etagOf, notModified } from './hot-reads'

/**
 * sharp (and libvips) load with the first render, not at start. What is rendered is kept by
 * the caller's cache; sharp's own operation cache would hold a second copy of every input.
 * One libvips thread per render: with two renders at a time (below), art never takes more
 * than two cores from the requests.
 */
const sharpLib = lazyModule('sharp', async () => {
  const { default: sharp } = await import('sharp')
  sharp.cache(false)
  sharp.concurrency(1)
  return sharp
})

export type ArtFormat = 'svg' | 'webp'

/** A requested file name split into its name and format, or null for anything else. */
export function artFile(file: string, name: RegExp): { name: string; format: ArtFormat } | null {
  const dot = file.lastIndexOf('.')
  if (dot < 1) return null
  const ext = file.slice(dot + 1)
  const base = file.slice(0, dot)
  if (ext !== 'svg' && ext !== 'webp') return null
  return name.test(base) ? { name: base, format: ext } : null
}

/**
 * Two renders at a time: a cold lobby asks for dozens of images at once, and renders share
 * libuv's thread pool with password hashing.
 */
const rendering = limiter(2)

/**
 * The SVG drawn at `scale` times its own size, as WebP. The callers choose the scale from
 * where the art shows (a phone's tile is about 120 CSS px wide): sharp on a 2× screen, and
 * 2-4 kB each, because a lobby's first screen asks for a dozen of them over a slow network.
 * Encoder effort 4: about 14 ms of CPU a thumbnail; effort 6 saves 2% of the bytes for 60
 * times the CPU (about 0.9 s a thumbnail), which a cold lobby's burst cannot afford.
 */
export async function svgToWebp(svg: string, scale: number): Promise<Buffer> {
  const sharp = await sharpLib()
  return rendering(() =>
    sharp(Buffer.from(svg), { density: 72 * scale })
      .webp({ quality: 72, effort: 4 })
      .toBuffer(),
  )
}

/**
 * Rendered art per process, at most `max` entries (the oldest goes first). A render in
 * progress is shared by every request for the same key; a failed render is not kept.
 */
export class ArtCache {
  private readonly entries = new Map<string, Promise<Buffer | string | undefined>>()

  constructor(private readonly max: number) {}

  get(key: string, make: () => Promise<Buffer | string | undefined>): Promise<Buffer | string | undefined> {
    const hit = this.entries.get(key)
    if (hit) return hit
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    const pending = make()
    this.entries.set(key, pending)
    const forget = () => {
      if (this.entries.get(key) === pending) this.entries.delete(key)
    }
    pending.then((art) => {
      if (art === undefined) forget()
    }, forget)
    return pending
  }
}

/** The ETag of each piece of art sent (computed once per rendered copy). */
const etags = new WeakMap<Buffer, string>()

function artEtag(art: Buffer | string): string {
  const known = typeof art === 'string' ? undefined : etags.get(art)
  if (known) return known
  const etag = etagOf(art)
  if (typeof art !== 'string') etags.set(art, etag)
  return etag
}

/**
 * Sends art with its type; `immutable` when the address carries the art's current version.
 * An address without it is kept an hour, then asked for again with its ETag: the same art
 * answers 304 without a body (a phone on a slow line does not fetch it whole again).
 */
export function sendArt(
  req: FastifyRequest,
  reply: FastifyReply,
  art: Buffer | string,
  format: ArtFormat,
  immutable: boolean,
) {
  const etag = artEtag(art)
  void reply
    .header('etag', etag)
    .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
    .header('x-content-type-options', 'nosniff')
  if (notModified(req, etag)) return reply.code(304).send()
  return reply
    .header('content-type', format === 'webp' ? 'image/webp' : 'image/svg+xml; charset=utf-8')
    .send(art)
}
