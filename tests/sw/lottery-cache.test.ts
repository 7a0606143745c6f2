/**
 * The lottery's rows in the worker's data cache: the menus and game settings are served
 * from the store first like the other lobbies; the results and popular draws (which change
 * with every draw) come from the network while it answers, and from the store with their
 * age only when it does not. Nothing of a member can be registered.
 */
import 'fake-indexeddb/auto'
import { beforeAll, describe, expect, it } from 'vitest'
import { lotteryEndpoints } from '#contract/lottery'
import { cachedRows, networkFirstRows } from '#src/sw/cache-rules.ts'
import { ageHeader, DataCache, DataCacheDb, registerCacheRule, storedAtHeader } from '#src/sw/data-cache.ts'

const origin = 'https://portal.example'
const menusPath = lotteryEndpoints.gameMenus.path
const popularPath = lotteryEndpoints.popular.path
const menusBody = (name: string) =>
  JSON.stringify({
    success: true,
    value: {
      menus: [
        {
          gameGroupCode: 'ELOTT',
          labelName: 'E-lottery',
          prizeMode: 'ELOTT',
          games: [
            {
              lottoGameCode: 'E5D1',
              name,
              prizeMode: 'ELOTT',
              kind: 'D5',
              gameGroupCode: 'ELOTT',
              labelName: 'E-lottery',
              schedule: { type: 'interval', seconds: 60, timeZone: 'Asia/Phnom_Penh' },
              isHot: true,
              iconUrl: '/media/lottery/E5D1.svg?v=1',
            },
          ],
        },
      ],
    },
  })
const popularBody = (serverTime: number) => JSON.stringify({ success: true, value: { serverTime, list: [] } })

let dbCount = 0
function setup() {
  let now = Date.UTC(2026, 10, 23, 12)
  let mode: 'online' | 'offline' | 'down' = 'online'
  const fetched: string[] = []
  const pending: Promise<unknown>[] = []
  const cache = new DataCache({
    db: new DataCacheDb(`lottery-cache-${++dbCount}`),
    now: () => now,
    fetch: async (r) => {
      fetched.push(new URL(r.url).pathname)
      if (mode === 'offline') throw new TypeError('Failed to fetch')
      if (mode === 'down') return new Response('{}', { status: 503 })
      const path = new URL(r.url).pathname
      return new Response(path === popularPath ? popularBody(now) : menusBody(`Lucky 5 @${now}`), {
        status: 200,
      })
    },
  })
  return {
    cache,
    fetched,
    advance: (ms: number) => (now += ms),
    set: (m: typeof mode) => (mode = m),
    async request(path: string) {
      const res = await cache.handle(
        new Request(origin + path, { headers: { Language: 'EN', Merchant: 'demo' } }),
        (p) => pending.push(p),
      )
      await Promise.all(pending.splice(0))
      return res
    },
  }
}

beforeAll(() => {
  for (const row of cachedRows) registerCacheRule(row)
  for (const row of networkFirstRows) registerCacheRule(row, 'network-first')
})

describe('the lottery in the data cache', () => {
  it('registers the public lottery reads and nothing of a member', () => {
    const all = [...cachedRows, ...networkFirstRows].map((r) => r.name)
    expect(all).toEqual(
      expect.arrayContaining([
        'lottery.gameMenus',
        'lottery.vnMenu',
        'lottery.gameSetting',
        'lottery.popular',
        'lottery.openedNumero',
        'lottery.vnOpened',
      ]),
    )
    for (const row of [...cachedRows, ...networkFirstRows]) {
      expect(row.auth, row.name).toBe('public')
      expect(row.method, row.name).toBe('GET')
    }
    expect(() => registerCacheRule(lotteryEndpoints.orders, 'network-first')).toThrow()
    expect(() => registerCacheRule(lotteryEndpoints.recentGames, 'network-first')).toThrow()
    expect(() => registerCacheRule(lotteryEndpoints.vnRecent)).toThrow()
    expect(() => registerCacheRule(lotteryEndpoints.placeOrder, 'network-first')).toThrow()
    // A read that changes with time cannot be served stored-first.
    expect(() => registerCacheRule(lotteryEndpoints.popular)).toThrow()
  })

  it('serves the menus from the store first, with their age', async () => {
    const t = setup()
    const first = await t.request(menusPath)
    expect(first?.headers.get(ageHeader)).toBeNull()
    const firstBody = await first?.text()
    t.advance(120_000)
    const second = await t.request(menusPath)
    expect(await second?.text()).toBe(firstBody)
    expect(second?.headers.get(ageHeader)).toBe('120')
  })

  it('asks the network first for the popular draws, and falls back to the store with its age', async () => {
    const t = setup()
    const start = Date.UTC(2026, 10, 23, 12)
    expect(await (await t.request(popularPath))?.text()).toBe(popularBody(start))
    t.advance(60_000)
    const fresh = await t.request(popularPath)
    expect(await fresh?.text()).toBe(popularBody(start + 60_000))
    expect(fresh?.headers.get(storedAtHeader)).toBeNull()

    t.advance(5 * 60_000)
    t.set('offline')
    const stored = await t.request(popularPath)
    expect(await stored?.text()).toBe(popularBody(start + 60_000))
    expect(stored?.headers.get(ageHeader)).toBe('300')
    expect(Number(stored?.headers.get(storedAtHeader))).toBe(start + 60_000)

    t.set('down')
    const onError = await t.request(popularPath)
    expect(onError?.status).toBe(200)
    expect(await onError?.text()).toBe(popularBody(start + 60_000))
  })

  it('fails offline what was never stored', async () => {
    const t = setup()
    t.set('offline')
    await expect(t.request(`${lotteryEndpoints.openedNumero.path}?pageSize=20`)).rejects.toThrow(
      'Failed to fetch',
    )
  })
})
