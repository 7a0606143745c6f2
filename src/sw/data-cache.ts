/// <reference lib="webworker" />
/**
 * The lobby data cache of the service worker (no DOM here): public lobby reads
 * (announcements, vendor lanes, game lists, later the lottery menus) kept in IndexedDB
 * (Dexie) and served stale-while-revalidate, so a repeat visit paints at once and an
 * offline start still shows the lobby.
 *
 * - **What:** only the rows registered with `registerCacheRule`, each a public GET that
 *   depends on nothing but the brand, the Language header and the query (`hotRead`).
 *   Member rows cannot be registered, so nothing of a member is ever stored; the
 *   Authorization header a logged-in page sends does not change those answers and is not
 *   part of the key. Writes (anything but GET) never match.
 * - **Key:** path + query with its parameters sorted + Language + Merchant headers.
 * - **Served:** a stored answer is returned at once and refreshed from the network in the
 *   background; when the refreshed body differs, open windows get `DATA_REFRESHED` and
 *   refetch. Without a stored answer the network answers and its success is stored.
 *   A `network-first` row (a read that changes with time, like the lottery results and
 *   countdowns) asks the network first and stores its success; the stored answer is served
 *   only when the network cannot answer (offline, a timeout, a 5xx).
 * - **Age:** an answer from the store carries `X-Cache-Stored-At` (epoch ms when the
 *   network gave it) and `X-Cache-Age-Seconds`; a network answer carries neither.
 * - **Limits:** an entry older than 7 days (since it was stored) is dropped, not served.
 *   The store holds at most `maxEntries` entries and `maxBytes` of bodies; past either,
 *   the least recently used entries (the oldest `usedAt`, set on every hit) are evicted
 *   first. A full quota (QuotaExceededError) evicts the older half and tries once more;
 *   when that fails too the answer is simply not stored. The worker never throws for it.
 * - **Corrupt entries:** a stored body that is not JSON or fails the row's zod check is
 *   deleted and the network asked instead.
 * - **Logout:** the page posts `CLEAR_DATA_CACHE`; every entry goes.
 *
 * The database itself (name, tables) is src/lib/db.ts.
 */
import type { EndpointDef } from '../contract/endpoint'
import { successEnvelope } from '../contract/envelope'
import { DataCacheDb, type EntryMeta } from '../lib/db'
import type { WorkerToPage } from './messages'

export const maxAgeMs = 7 * 24 * 60 * 60_000
export const maxEntries = 300
export const maxBytes = 20 * 1024 * 1024
export const storedAtHeader = 'X-Cache-Stored-At'
export const ageHeader = 'X-Cache-Age-Seconds'

/** How a row is served: stored first (lobby lists) or network first (live draws). */
export type CacheStrategy = 'stale-while-revalidate' | 'network-first'

export interface CacheRule {
  path: string
  strategy: CacheStrategy
  /** Whether a stored body is still a valid success envelope of the row. */
  valid(json: unknown): boolean
}

/** The rows the cache serves, by path: other features register theirs (lottery menus). */
const rules = new Map<string, CacheRule>()

/**
 * Registers a row. Stale-while-revalidate takes only `hotRead` rows (their answer depends on
 * nothing but brand, language and query); network-first takes any public GET, whose answer
 * may also change with time but never with who asks.
 */
export function registerCacheRule(
  def: EndpointDef,
  strategy: CacheStrategy = 'stale-while-revalidate',
): void {
  if (
    def.method !== 'GET' ||
    def.auth !== 'public' ||
    (strategy === 'stale-while-revalidate' && !def.hotRead)
  ) {
    throw new Error(`${def.name} is not a public read that depends only on brand, language and query`)
  }
  const envelope = successEnvelope(def.response)
  rules.set(def.path, { path: def.path, strategy, valid: (json) => envelope.safeParse(json).success })
}

export function ruleFor(url: URL): CacheRule | undefined {
  return rules.get(url.pathname)
}

/** The store key: path, sorted query, Language and Merchant. */
export function cacheKey(request: Request): string {
  const url = new URL(request.url)
  const params = [...url.searchParams.entries()].sort(([a, av], [b, bv]) =>
    a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1,
  )
  const query = new URLSearchParams(params).toString()
  const language = request.headers.get('Language') ?? ''
  const merchant = request.headers.get('Merchant') ?? ''
  return `${url.pathname}?${query}|L=${language}|M=${merchant}`
}

function isQuotaError(err: unknown): boolean {
  const e = err as { name?: string; inner?: { name?: string } } | null
  return e?.name === 'QuotaExceededError' || e?.inner?.name === 'QuotaExceededError'
}

export interface DataCacheOptions {
  db?: DataCacheDb
  now?: () => number
  fetch?: (request: Request) => Promise<Response>
  /** Tells open windows a stored answer changed. */
  notify?: (msg: WorkerToPage) => void
  maxEntries?: number
  maxBytes?: number
}

export interface Hit {
  body: string
  storedAt: number
}

export class DataCache {
  readonly db: DataCacheDb
  private readonly now: () => number
  private readonly fetchFn: (request: Request) => Promise<Response>
  private readonly notify: (msg: WorkerToPage) => void
  private readonly maxEntries: number
  private readonly maxBytes: number

  constructor(opts: DataCacheOptions = {}) {
    this.maxEntries = opts.maxEntries ?? maxEntries
    this.maxBytes = opts.maxBytes ?? maxBytes
    this.db = opts.db ?? new DataCacheDb()
    this.now = opts.now ?? Date.now
    this.fetchFn = opts.fetch ?? ((r) => fetch(r))
    this.notify = opts.notify ?? (() => undefined)
  }

  /** A valid, unexpired stored answer, or null (an expired or corrupt one is deleted). */
  async read(key: string, rule: CacheRule): Promise<Hit | null> {
    try {
      // One read-only transaction for both rows: a page's lobby reads arrive together, and
      // read-only transactions run side by side where read-write ones would queue.
      const [meta, body] = await this.db.transaction('r', this.db.meta, this.db.bodies, () =>
        Promise.all([this.db.meta.get(key), this.db.bodies.get(key)]),
      )
      if (!meta) return null
      if (!body || this.now() - meta.storedAt > maxAgeMs || !validJson(body.body, rule)) {
        await this.remove([key])
        return null
      }
      // The eviction order's "last used" is kept after the answer, not before it.
      void this.db.meta.update(key, { usedAt: this.now() }).catch(() => undefined)
      return { body: body.body, storedAt: meta.storedAt }
    } catch {
      // An unreadable store is a miss: the network answers.
      return null
    }
  }

  /** Stores an answer; on a full quota evicts and tries once more, then gives up quietly. */
  async write(key: string, path: string, body: string): Promise<boolean> {
    const now = this.now()
    const meta: EntryMeta = { key, path, storedAt: now, usedAt: now, bytes: body.length * 2 }
    const put = () =>
      this.db.transaction('rw', this.db.meta, this.db.bodies, async () => {
        await this.db.bodies.put({ key, body })
        await this.db.meta.put(meta)
      })
    try {
      await put()
    } catch (err) {
      if (!isQuotaError(err)) return false
      try {
        await this.evictOlderHalf()
        await put()
      } catch {
        return false
      }
    }
    try {
      await this.enforceLimits()
    } catch {
      // Limits are enforced again on the next write.
    }
    return true
  }

  async clear(): Promise<void> {
    await this.db.transaction('rw', this.db.meta, this.db.bodies, async () => {
      await this.db.meta.clear()
      await this.db.bodies.clear()
    })
  }

  /** Drops expired entries, then the least recently used until under both caps. */
  async enforceLimits(): Promise<void> {
    const expired = await this.db.meta
      .where('storedAt')
      .below(this.now() - maxAgeMs)
      .primaryKeys()
    if (expired.length) await this.remove(expired)
    const all = await this.db.meta.orderBy('usedAt').toArray()
    let count = all.length
    let bytes = all.reduce((sum, m) => sum + m.bytes, 0)
    const evict: string[] = []
    for (const m of all) {
      if (count <= this.maxEntries && bytes <= this.maxBytes) break
      evict.push(m.key)
      count -= 1
      bytes -= m.bytes
    }
    if (evict.length) await this.remove(evict)
  }

  private async evictOlderHalf(): Promise<void> {
    const keys = await this.db.meta.orderBy('usedAt').primaryKeys()
    await this.remove(keys.slice(0, Math.max(1, Math.ceil(keys.length / 2))))
  }

  private async remove(keys: string[]): Promise<void> {
    await this.db.transaction('rw', this.db.meta, this.db.bodies, async () => {
      await this.db.meta.bulkDelete(keys)
      await this.db.bodies.bulkDelete(keys)
    })
  }

  /**
   * Answers a GET of a registered row: the stored answer (refreshed in the background
   * through `waitUntil`), else the network's. Null when the request is not the cache's.
   */
  async handle(request: Request, waitUntil: (p: Promise<unknown>) => void): Promise<Response | null> {
    if (request.method !== 'GET') return null
    const url = new URL(request.url)
    const rule = ruleFor(url)
    if (!rule) return null
    const key = cacheKey(request)
    if (rule.strategy === 'network-first') return this.networkFirst(request, key, rule, waitUntil)
    const hit = await this.read(key, rule)
    if (hit) {
      waitUntil(this.refresh(request, key, rule, hit.body).catch(() => undefined))
      return cachedResponse(hit, this.now())
    }
    const res = await this.fetchFn(request)
    if (res.ok) waitUntil(this.store(res.clone(), key, rule).catch(() => undefined))
    return res
  }

  /** The network's answer (stored when it succeeds); the stored one when the network fails. */
  private async networkFirst(
    request: Request,
    key: string,
    rule: CacheRule,
    waitUntil: (p: Promise<unknown>) => void,
  ): Promise<Response> {
    let res: Response
    try {
      res = await this.fetchFn(request)
    } catch (err) {
      const hit = await this.read(key, rule)
      if (hit) return cachedResponse(hit, this.now())
      throw err
    }
    if (res.ok) {
      waitUntil(this.store(res.clone(), key, rule).catch(() => undefined))
      return res
    }
    if (res.status >= 500) {
      const hit = await this.read(key, rule)
      if (hit) return cachedResponse(hit, this.now())
    }
    return res
  }

  private async store(res: Response, key: string, rule: CacheRule): Promise<string | null> {
    const body = await res.text()
    if (!validJson(body, rule)) return null
    return (await this.write(key, rule.path, body)) ? body : null
  }

  private async refresh(request: Request, key: string, rule: CacheRule, previous: string): Promise<void> {
    const res = await this.fetchFn(request)
    if (!res.ok) return
    const body = await this.store(res, key, rule)
    if (body !== null && body !== previous) this.notify({ type: 'DATA_REFRESHED', path: rule.path })
  }
}

function validJson(body: string, rule: CacheRule): boolean {
  try {
    return rule.valid(JSON.parse(body))
  } catch {
    return false
  }
}

export function cachedResponse(hit: Hit, now: number): Response {
  return new Response(hit.body, {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      [storedAtHeader]: String(hit.storedAt),
      [ageHeader]: String(Math.max(0, Math.floor((now - hit.storedAt) / 1000))),
    },
  })
}

export { DataCacheDb }
