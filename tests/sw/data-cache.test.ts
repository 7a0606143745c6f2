/**
 * The service worker's lobby data cache on a fake IndexedDB: what is keyed together,
 * stale-while-revalidate with the age headers, the 7-day expiry, the cap and its eviction
 * order, a corrupted entry, a full quota, and logout.
 */
import 'fake-indexeddb/auto'
import { beforeAll, describe, expect, it } from 'vitest'
import { contentEndpoints } from '#contract/content'
import { gameEndpoints } from '#contract/games'
import { identityEndpoints } from '#contract/identity'
import { cachedRows } from '#src/sw/cache-rules.ts'
import {
  ageHeader,
  cacheKey,
  DataCache,
  DataCacheDb,
  maxAgeMs,
  registerCacheRule,
  storedAtHeader,
} from '#src/sw/data-cache.ts'
import type { WorkerToPage } from '#src/sw/messages.ts'

const origin = 'https://portal.example'
const vendorsPath = gameEndpoints.gameVendor.path
const hotPath = gameEndpoints.hotGames.path
const vendorsBody = (title: string) =>
  JSON.stringify({ success: true, value: { data: { lanes: [{ title, gameType: 'RNG', cards: [] }] } } })
const hotBody = JSON.stringify({ success: true, value: { list: [] } })

function get(pathAndQuery: string, headers: Record<string, string> = { Language: 'EN', Merchant: 'demo' }) {
  return new Request(origin + pathAndQuery, { headers })
}

let dbCount = 0
function setup(opts: { maxEntries?: number; maxBytes?: number; db?: DataCacheDb } = {}) {
  let now = Date.UTC(2026, 0, 1)
  let body = vendorsBody('Slots')
  let online = true
  const fetched: string[] = []
  const notices: WorkerToPage[] = []
  const pending: Promise<unknown>[] = []
  const cache = new DataCache({
    db: opts.db ?? new DataCacheDb(`test-cache-${++dbCount}`),
    now: () => now,
    fetch: async (r) => {
      fetched.push(r.url)
      if (!online) throw new TypeError('Failed to fetch')
      const path = new URL(r.url).pathname
      return new Response(path === hotPath ? hotBody : body, { status: 200 })
    },
    notify: (m) => notices.push(m),
    ...opts,
  })
  return {
    cache,
    fetched,
    notices,
    advance: (ms: number) => (now += ms),
    serve: (b: string) => (body = b),
    offline: () => (online = false),
    /** One request through the cache, with its background work finished. */
    async request(req: Request) {
      const res = await cache.handle(req, (p) => pending.push(p))
      await Promise.all(pending.splice(0))
      return res
    },
  }
}

beforeAll(() => {
  for (const row of cachedRows) registerCacheRule(row)
})

describe('the lobby data cache', () => {
  it('keys by path, sorted query, Language and Merchant', () => {
    const a = cacheKey(get(`${hotPath}?limit=18&gameType=RNG`))
    expect(cacheKey(get(`${hotPath}?gameType=RNG&limit=18`))).toBe(a)
    expect(cacheKey(get(`${hotPath}?gameType=LIVE&limit=18`))).not.toBe(a)
    expect(cacheKey(get(`${hotPath}?limit=18&gameType=RNG`, { Language: 'KM', Merchant: 'demo' }))).not.toBe(
      a,
    )
    expect(cacheKey(get(`${hotPath}?limit=18&gameType=RNG`, { Language: 'EN', Merchant: 'other' }))).not.toBe(
      a,
    )
    // A member's token does not change a public answer, so it is not part of the key.
    expect(
      cacheKey(
        get(`${hotPath}?limit=18&gameType=RNG`, { Language: 'EN', Merchant: 'demo', Authorization: 'tok' }),
      ),
    ).toBe(a)
  })

  it('serves a stored answer at once with its age, and refreshes it behind', async () => {
    const t = setup()
    const first = await t.request(get(vendorsPath))
    expect(first?.headers.get(ageHeader)).toBeNull()
    expect(await first?.text()).toBe(vendorsBody('Slots'))

    t.advance(5 * 60_000)
    t.serve(vendorsBody('Live'))
    const second = await t.request(get(vendorsPath))
    expect(await second?.text()).toBe(vendorsBody('Slots'))
    expect(second?.headers.get(ageHeader)).toBe('300')
    expect(Number(second?.headers.get(storedAtHeader))).toBe(Date.UTC(2026, 0, 1))
    expect(t.fetched).toHaveLength(2)
    expect(t.notices).toEqual([{ type: 'DATA_REFRESHED', path: vendorsPath }])

    const third = await t.request(get(vendorsPath))
    expect(await third?.text()).toBe(vendorsBody('Live'))
    expect(third?.headers.get(ageHeader)).toBe('0')
  })

  it('answers offline from the store and fails only what was never stored', async () => {
    const t = setup()
    await t.request(get(vendorsPath))
    t.offline()
    const res = await t.request(get(vendorsPath))
    expect(await res?.text()).toBe(vendorsBody('Slots'))
    await expect(t.request(get(`${hotPath}?limit=5`))).rejects.toThrow('Failed to fetch')
  })

  it('drops an entry older than 7 days instead of serving it', async () => {
    const t = setup()
    await t.request(get(vendorsPath))
    t.advance(maxAgeMs + 1)
    t.offline()
    await expect(t.request(get(vendorsPath))).rejects.toThrow('Failed to fetch')
    expect(await t.cache.db.meta.count()).toBe(0)
  })

  it('leaves writes, member rows and unregistered paths to the network', async () => {
    const t = setup()
    expect(
      await t.cache.handle(new Request(origin + vendorsPath, { method: 'POST', body: '{}' }), () => {}),
    ).toBeNull()
    expect(await t.cache.handle(get('/wps/relay/MCSFE_getFavoriteGames'), () => {})).toBeNull()
    expect(() => registerCacheRule(identityEndpoints.logout)).toThrow()
    expect(() => registerCacheRule(gameEndpoints.favoriteIds)).toThrow()
    expect(() => registerCacheRule(contentEndpoints.announcements)).not.toThrow()
    expect(t.fetched).toHaveLength(0)
  })

  it('evicts the least recently used entries past the count cap', async () => {
    const t = setup({ maxEntries: 3 })
    for (const n of [1, 2, 3]) {
      await t.request(get(`${hotPath}?limit=${n}`))
      t.advance(1000)
    }
    await t.request(get(`${hotPath}?limit=1`)) // used again: now the most recent
    t.advance(1000)
    await t.request(get(`${hotPath}?limit=4`))
    const kept = (await t.cache.db.meta.toArray()).map((m) => m.key).sort()
    expect(kept).toEqual([1, 3, 4].map((n) => cacheKey(get(`${hotPath}?limit=${n}`))).sort())
  })

  it('evicts the least recently used entries past the byte cap', async () => {
    const t = setup({ maxBytes: hotBody.length * 2 * 2 })
    for (const n of [1, 2, 3]) {
      await t.request(get(`${hotPath}?limit=${n}`))
      t.advance(1000)
    }
    const kept = (await t.cache.db.meta.toArray()).map((m) => m.key).sort()
    expect(kept).toEqual([2, 3].map((n) => cacheKey(get(`${hotPath}?limit=${n}`))).sort())
  })

  it('drops a corrupted entry and refetches it', async () => {
    const t = setup()
    await t.request(get(vendorsPath))
    const key = cacheKey(get(vendorsPath))
    for (const corrupt of ['{not json', JSON.stringify({ success: true, value: { data: { lanes: 'x' } } })]) {
      await t.cache.db.bodies.put({ key, body: corrupt })
      const res = await t.request(get(vendorsPath))
      expect(res?.headers.get(ageHeader)).toBeNull()
      expect(await res?.text()).toBe(vendorsBody('Slots'))
      expect((await t.cache.db.bodies.get(key))?.body).toBe(vendorsBody('Slots'))
    }
  })

  it('on a full quota evicts the older half and stores; when still full, answers without storing', async () => {
    const db = new DataCacheDb(`test-cache-quota-${++dbCount}`)
    const t = setup({ db })
    for (const n of [1, 2, 3, 4]) {
      await t.request(get(`${hotPath}?limit=${n}`))
      t.advance(1000)
    }
    const realPut = db.bodies.put.bind(db.bodies)
    let refusals = 1
    db.bodies.put = (...args: Parameters<typeof realPut>) => {
      if (refusals-- > 0) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      return realPut(...args)
    }
    await t.request(get(`${hotPath}?limit=5`))
    expect(await db.meta.count()).toBe(3)
    expect(await db.meta.get(cacheKey(get(`${hotPath}?limit=5`)))).toBeDefined()

    refusals = Infinity
    const res = await t.request(get(`${hotPath}?limit=6`))
    expect(await res?.text()).toBe(hotBody)
    expect(await db.meta.get(cacheKey(get(`${hotPath}?limit=6`)))).toBeUndefined()
  })

  it('empties at logout', async () => {
    const t = setup()
    await t.request(get(vendorsPath))
    await t.cache.clear()
    expect(await t.cache.db.meta.count()).toBe(0)
    expect(await t.cache.db.bodies.count()).toBe(0)
  })
})
