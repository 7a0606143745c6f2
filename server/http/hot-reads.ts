/**
 * The hot public reads (white-label settings, game vendors, announcements, …: rows marked
 * `hotRead` in the contract) served from a cache of their serialized answer.
 *
 * - Key: the brand, the language and the parsed query, so every caller of a brand in one
 *   language shares one answer.
 * - Built once per period: the handler runs, the answer is checked against its schema and
 *   serialized, and its ETag is the hash of those bytes. Compressed copies (br, gzip) are
 *   made the first time a caller asks for them.
 * - Fresh for `ttlMs` (SETTINGS_TTL_SECONDS): another instance's operator change reaches
 *   this one within that time, as the settings caches do; a change made through this
 *   process's operator API drops the brand's entries at once (`invalidate`).
 * - Concurrent misses share one build; a build that fails is not kept.
 * - Bounded: at most `maxEntries`, in two parts (a segmented LRU). A new answer waits in a
 *   small probation part, and moves to the kept part when a caller asks for it again while
 *   fresh; an answer rebuilt after its period keeps its part. The kept part drops its least
 *   recently used answer back to probation. A flood of requests with made-up query values
 *   (each a new key, even each asked twice) churns probation and the kept part's least used
 *   end: the answers real callers keep asking for (the settings, the vendors, the shells)
 *   stay cached through it.
 */
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib'
import negotiate from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'

export interface HotEntry {
  body: Buffer
  etag: string
  br?: Buffer
  gzip?: Buffer
}

export interface HotReads {
  /**
   * The cached answer under `key`, built by `build` (which returns the serialized answer) when
   * stale. `compressBest`: its brotli copy is made with the build, at the best quality (the
   * shells, whose keys a caller cannot multiply); other answers are compressed at a quicker
   * setting when a caller first asks for them.
   */
  entry(
    merchantCode: string,
    key: string,
    build: () => Promise<string>,
    opts?: { compressBest?: boolean },
  ): Promise<HotEntry>
  /** A brand's value kept the same way (the brand part of an answer that also carries the caller's own). */
  value<T>(merchantCode: string, key: string, build: () => Promise<T>): Promise<T>
  /** Drops every cached answer of a brand, or of every brand. */
  invalidate(merchantCode?: string): void
  readonly size: number
}

/** Answers below this many bytes are sent as they are: compressing them saves nothing. */
export const compressAbove = 1024

export function createHotReads(opts: { ttlMs: number; now?: () => number; maxEntries?: number }): HotReads {
  const now = opts.now ?? Date.now
  const maxEntries = opts.maxEntries ?? 2000
  const probationMax = Math.max(1, Math.floor(maxEntries / 4))
  const protectedMax = Math.max(1, maxEntries - probationMax)
  type Entry = { merchantCode: string; builtAt: number; value: unknown }
  const probation = new Map<string, Entry>()
  const kept = new Map<string, Entry>()
  const building = new Map<string, Promise<unknown>>()
  // A brand's invalidation also voids builds already running, so they are not kept.
  const generation = new Map<string, number>()
  let everyBrand = 0
  const genOf = (merchantCode: string) => `${everyBrand}.${generation.get(merchantCode) ?? 0}`

  /** Sets the key last in one part, dropping that part's oldest past its bound. */
  function put(part: Map<string, Entry>, bound: number, key: string, entry: Entry): void {
    part.delete(key)
    part.set(key, entry)
    while (part.size > bound) {
      const oldest = part.keys().next()
      if (oldest.done) break
      part.delete(oldest.value)
    }
  }

  /**
   * Sets the key last in the kept part. The part's least recently used answer past its bound
   * goes back to probation (a second chance) rather than out.
   */
  function keep(key: string, entry: Entry): void {
    probation.delete(key)
    kept.delete(key)
    kept.set(key, entry)
    while (kept.size > protectedMax) {
      const oldest = kept.entries().next()
      if (oldest.done) break
      kept.delete(oldest.value[0])
      put(probation, probationMax, oldest.value[0], oldest.value[1])
    }
  }

  function store(key: string, entry: Entry, wasKept: boolean): void {
    if (wasKept) {
      keep(key, entry)
    } else {
      kept.delete(key)
      put(probation, probationMax, key, entry)
    }
  }

  /** The value under the key, built when missing or older than the TTL; one build at a time. */
  function cached<T>(merchantCode: string, key: string, build: () => Promise<T>): Promise<T> {
    const full = `${merchantCode}\u0000${key}`
    const at = now()
    const hit = kept.get(full)
    if (hit && at - hit.builtAt < opts.ttlMs) {
      // Least recently used order: the answers asked for most stay longest.
      kept.delete(full)
      kept.set(full, hit)
      return Promise.resolve(hit.value as T)
    }
    const trial = probation.get(full)
    if (trial && at - trial.builtAt < opts.ttlMs) {
      // Asked for again while fresh: a real caller's answer, kept through floods.
      keep(full, trial)
      return Promise.resolve(trial.value as T)
    }
    const running = building.get(full)
    if (running) return running as Promise<T>
    const wasKept = hit !== undefined
    const gen = genOf(merchantCode)
    const made = build()
      .then((value) => {
        if (genOf(merchantCode) === gen) store(full, { merchantCode, builtAt: at, value }, wasKept)
        return value
      })
      .finally(() => {
        if (building.get(full) === made) building.delete(full)
      })
    building.set(full, made)
    return made
  }

  return {
    entry(merchantCode, key, build, entryOpts) {
      return cached(merchantCode, `answer\u0000${key}`, async (): Promise<HotEntry> => {
        const body = Buffer.from(await build(), 'utf8')
        const etag = etagOf(body)
        // A page's shell: brotli at its best, once per build and off the event loop (about
        // 85 ms of a worker thread for the home page), so it stays within the first round
        // trip of a new connection (about 14 kB), where the quicker setting left it a round
        // trip over. Not for answers whose keys a caller can vary (a query's fields): that
        // would let requests with made-up values keep the worker threads busy.
        const br = entryOpts?.compressBest && body.length > compressAbove ? await brotliBest(body) : undefined
        return br ? { body, etag, br } : { body, etag }
      })
    },

    value(merchantCode, key, build) {
      return cached(merchantCode, `value\u0000${key}`, build)
    },

    invalidate(merchantCode) {
      for (const part of [probation, kept]) {
        for (const [k, v] of part) {
          if (merchantCode === undefined || v.merchantCode === merchantCode) part.delete(k)
        }
      }
      for (const k of building.keys()) {
        if (merchantCode === undefined || k.startsWith(`${merchantCode}\u0000`)) building.delete(k)
      }
      if (merchantCode === undefined) everyBrand += 1
      else generation.set(merchantCode, (generation.get(merchantCode) ?? 0) + 1)
    },

    get size() {
      return probation.size + kept.size
    },
  }
}

const brotliAsync = promisify(brotliCompress)

function brotliBest(body: Buffer): Promise<Buffer> {
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })
}

function compressed(entry: HotEntry, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    entry.br ??= brotliCompressSync(entry.body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
      },
    })
    return entry.br
  }
  entry.gzip ??= gzipSync(entry.body, { level: 9 })
  return entry.gzip
}

/** A strong ETag for these bytes: part of their SHA-256. */
export function etagOf(bytes: Buffer | string): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`
}

/** The If-None-Match header names this ETag (or is `*`). */
export function notModified(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match']
  if (!header) return false
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*')
}

const jsonAnswer = {
  contentType: 'application/json; charset=utf-8',
  cacheControl: 'public, no-cache',
  vary: 'Accept-Encoding, Language, Merchant',
}

/**
 * Sends a cached answer (JSON unless `as` says otherwise): 304 when the caller already has it, else its bytes, compressed
 * as the caller accepts. Every cache may keep it, but must ask again before using it
 * (no-cache): the ETag makes the question cheap.
 */
export function sendHot(
  req: FastifyRequest,
  reply: FastifyReply,
  entry: HotEntry,
  as: { contentType: string; cacheControl: string; vary: string } = jsonAnswer,
): FastifyReply {
  void reply.header('etag', entry.etag).header('cache-control', as.cacheControl).header('vary', as.vary)
  if (notModified(req, entry.etag)) return reply.code(304).send()
  void reply.header('content-type', as.contentType)
  if (entry.body.length > compressAbove) {
    const accept = req.headers['accept-encoding']
    const encoding = accept ? negotiate(accept, ['br', 'gzip']) : null
    if (encoding === 'br' || encoding === 'gzip') {
      return reply.header('content-encoding', encoding).send(compressed(entry, encoding))
    }
  }
  return reply.send(entry.body)
}
