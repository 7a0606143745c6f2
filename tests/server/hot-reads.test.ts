import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { count, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentEndpoints } from '#contract/content'
import { successEnvelope } from '#contract/envelope'
import { gameEndpoints } from '#contract/games'
import { systemEndpoints } from '#contract/system'
import { announcements, cdnHosts } from '#server/db/schema'
import { createHotReads } from '#server/http/hot-reads'
import { build, runOps, type TestServer } from '../build-server'
import { createClock } from '../identity-helpers'
import { balances, moneyMember } from '../money-helpers'

describe('the hot-read cache', () => {
  it('builds once per period and again after it', async () => {
    let t = 0
    let builds = 0
    const hot = createHotReads({ ttlMs: 2000, now: () => t })
    const build = async () => JSON.stringify({ n: ++builds })
    expect((await hot.entry('A', 'k', build)).body.toString()).toBe('{"n":1}')
    t = 1999
    expect((await hot.entry('A', 'k', build)).body.toString()).toBe('{"n":1}')
    t = 2000
    expect((await hot.entry('A', 'k', build)).body.toString()).toBe('{"n":2}')
  })

  it('compresses a shell with its build, at the best quality, and any other answer only when asked', async () => {
    const hot = createHotReads({ ttlMs: 60_000 })
    const page = `<!doctype html>${'<p>Lotus Play</p>'.repeat(400)}`
    const shell = await hot.entry('A', 'shell', async () => page, { compressBest: true })
    expect(shell.br && brotliDecompressSync(shell.br).toString()).toBe(page)
    // A JSON answer's key holds the caller's query: made-up values must not each cost a
    // compression, so none is made until a caller asks for it.
    const answer = await hot.entry('A', 'answer?platform=x1', async () => JSON.stringify({ page }))
    expect(answer.br).toBeUndefined()
  })

  it('lets concurrent misses share one build, and keeps no failed one', async () => {
    let builds = 0
    const hot = createHotReads({ ttlMs: 60_000 })
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const slow = async () => {
      builds += 1
      await gate
      return '{"ok":true}'
    }
    const waiting = Array.from({ length: 20 }, () => hot.entry('A', 'k', slow))
    release()
    const all = await Promise.all(waiting)
    expect(builds).toBe(1)
    expect(new Set(all.map((e) => e.etag)).size).toBe(1)

    await expect(hot.entry('A', 'bad', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect((await hot.entry('A', 'bad', async () => '"fine"')).body.toString()).toBe('"fine"')
  })

  it('drops a brand at once, and keeps no answer whose build began before the drop', async () => {
    const hot = createHotReads({ ttlMs: 60_000 })
    await hot.entry('A', 'k', async () => '"a1"')
    await hot.entry('B', 'k', async () => '"b1"')
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const racing = hot.entry('A', 'k2', async () => {
      await gate
      return '"old"'
    })
    hot.invalidate('A')
    release()
    expect((await racing).body.toString()).toBe('"old"')
    expect((await hot.entry('A', 'k2', async () => '"new"')).body.toString()).toBe('"new"')
    expect((await hot.entry('A', 'k', async () => '"a2"')).body.toString()).toBe('"a2"')
    expect((await hot.entry('B', 'k', async () => '"b2"')).body.toString()).toBe('"b1"')
    hot.invalidate()
    expect((await hot.entry('B', 'k', async () => '"b3"')).body.toString()).toBe('"b3"')
  })

  it('holds at most its bound of answers, dropping the oldest new one first', async () => {
    const hot = createHotReads({ ttlMs: 60_000, maxEntries: 8 })
    for (const k of ['a', 'b', 'c', 'd']) await hot.entry('A', k, async () => `"${k}"`)
    expect(hot.size).toBeLessThanOrEqual(8)
    expect((await hot.entry('A', 'a', async () => '"a again"')).body.toString()).toBe('"a again"')
    for (let i = 0; i < 50; i++) {
      await hot.entry('A', `k${i}`, async () => `"${i}"`)
      await hot.entry('A', `k${i}`, async () => `"${i} again"`)
    }
    // Three quarters of the bound hold the answers asked for twice, the rest new ones.
    expect(hot.size).toBeGreaterThanOrEqual(6)
    expect(hot.size).toBeLessThanOrEqual(8)
  })

  it('keeps an answer callers keep asking for when a flood asks each made-up key twice', async () => {
    const hot = createHotReads({ ttlMs: 60_000, maxEntries: 8, now: () => 0 })
    let builds = 0
    const settings = async () => `"settings ${++builds}"`
    await hot.entry('A', 'settings', settings)
    await hot.entry('A', 'settings', settings)
    for (let i = 0; i < 100; i++) {
      await hot.entry('A', 'settings', settings)
      await hot.entry('A', `k${i}`, async () => `"${i}"`)
      await hot.entry('A', `k${i}`, async () => `"${i}"`)
    }
    expect(builds).toBe(1)
    expect(hot.size).toBeLessThanOrEqual(8)
  })

  it('keeps the answers callers share through a flood of made-up keys', async () => {
    let t = 0
    const hot = createHotReads({ ttlMs: 60_000, maxEntries: 8, now: () => t })
    let builds = 0
    const settings = async () => `"settings ${++builds}"`
    await hot.entry('A', 'settings', settings)
    await hot.entry('A', 'settings', settings)
    // Every request of the flood names a new query value: each is a miss and a new key.
    for (let i = 0; i < 1000; i++) await hot.entry('A', `status?host=${i}.example`, async () => `"${i}"`)
    expect(hot.size).toBeLessThanOrEqual(8)
    expect((await hot.entry('A', 'settings', settings)).body.toString()).toBe('"settings 1"')
    expect(builds).toBe(1)
    // Rebuilt after its period, it stays among the kept answers.
    t = 60_000
    expect((await hot.entry('A', 'settings', settings)).body.toString()).toBe('"settings 2"')
    for (let i = 0; i < 1000; i++) await hot.entry('A', `status?host=x${i}.example`, async () => `"${i}"`)
    expect((await hot.entry('A', 'settings', settings)).body.toString()).toBe('"settings 2"')
  })
})

describe('hot public reads over HTTP', () => {
  let server: TestServer
  const clock = createClock()
  const ttlSeconds = 30

  beforeAll(async () => {
    server = await build({ now: clock.now, config: { SETTINGS_TTL_SECONDS: ttlSeconds } })
  })
  afterAll(async () => {
    await server?.close()
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { language: 'EN', ...headers } })

  it('sends an ETag, and answers 304 with no body to a caller that has the answer', async () => {
    const first = await get(systemEndpoints.whitelabel.path)
    expect(first.statusCode).toBe(200)
    const etag = first.headers.etag
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers['cache-control']).toBe('public, no-cache')
    expect(first.headers.vary).toMatch(/Accept-Encoding/)
    expect(successEnvelope(systemEndpoints.whitelabel.response).safeParse(first.json()).success).toBe(true)

    const again = await get(systemEndpoints.whitelabel.path, { 'if-none-match': String(etag) })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const stale = await get(systemEndpoints.whitelabel.path, { 'if-none-match': '"something-else"' })
    expect(stale.statusCode).toBe(200)
  })

  it('compresses with br or gzip as the caller accepts, to the same bytes', async () => {
    const plain = await get(systemEndpoints.whitelabel.path)
    expect(plain.rawPayload.length).toBeGreaterThan(1024)
    expect(plain.headers['content-encoding']).toBeUndefined()

    const br = await get(systemEndpoints.whitelabel.path, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true)
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)

    const gz = await get(systemEndpoints.whitelabel.path, { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true)
    expect(gz.headers.etag).toBe(plain.headers.etag)
  })

  it('compresses the other JSON answers above 1 kB too, and leaves small ones as they are', async () => {
    const plain = await get(systemEndpoints.status.path)
    expect(plain.rawPayload.length).toBeGreaterThan(1024)
    const br = await get(systemEndpoints.status.path, { 'accept-encoding': 'br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json())
    const small = await get(systemEndpoints.health.path, { 'accept-encoding': 'br' })
    expect(small.rawPayload.length).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it('shows an operator’s flag change at once', async () => {
    const on = await get(systemEndpoints.whitelabel.path)
    expect(on.body).toContain('"FREEPLAY3"')
    const before = JSON.stringify(on.json())
    await runOps(server, 'flag', 'set', 'FREEPLAY3', 'off')
    const off = await get(systemEndpoints.whitelabel.path)
    expect(JSON.stringify(off.json())).not.toBe(before)
    expect(off.headers.etag).not.toBe(on.headers.etag)
    await runOps(server, 'flag', 'set', 'FREEPLAY3', 'on')
    expect((await get(systemEndpoints.whitelabel.path)).headers.etag).toBe(on.headers.etag)
  })

  const announcementsOf = async (language: string) => {
    const res = await get(`${contentEndpoints.announcements.path}?types=PL`, { language })
    return successEnvelope(contentEndpoints.announcements.response)
      .parse(res.json())
      .value.player.map((n) => n.title)
  }

  it('shows an announcement the operator adds at once, in its language only', async () => {
    const en = await announcementsOf('EN')
    const km = await announcementsOf('KM')
    const out = await runOps(
      server,
      'announcement',
      'add',
      'PL',
      'km',
      'Weekend',
      'cashback',
      'all',
      'weekend',
    )
    expect(out).toMatch(/^announcement \d+ added$/)
    expect(await announcementsOf('KM')).toEqual([...km, 'Weekend'])
    expect(await announcementsOf('EN')).toEqual(en)
    const id = out.match(/\d+/)?.[0] ?? ''
    await runOps(server, 'announcement', 'expire', id)
    expect(await announcementsOf('KM')).toEqual(km)
  })

  it('shows a change made elsewhere (another instance) within SETTINGS_TTL_SECONDS', async () => {
    const before = await announcementsOf('EN')
    expect(before.length).toBeGreaterThan(0)
    // Another instance's operator writes to the shared database: this one's cache does not hear of it.
    await server.db.execute(sql`update announcements set title = title || ' (new)' where type = 'PL'`)
    clock.advance(ttlSeconds * 1000 - 1000)
    expect(await announcementsOf('EN')).toEqual(before)
    clock.advance(1000)
    expect(await announcementsOf('EN')).toEqual(before.map((t) => `${t} (new)`))
  })

  it("applies the operator's wallet mode at once: the member's wallets follow it with no wait", async () => {
    const m = await moneyMember(server, '5.00')
    expect((await balances(server, m.token)).balance).toHaveLength(1)
    try {
      await runOps(server, 'wallet-mode', 'MULTI')
      expect((await balances(server, m.token)).balance.length).toBeGreaterThan(1)
    } finally {
      await runOps(server, 'wallet-mode', 'SINGLE')
    }
    expect((await balances(server, m.token)).balance).toHaveLength(1)
  })

  it('answers the fields a game list ignores from one cached answer, whatever their values', async () => {
    const list = (query: string) => get(`${gameEndpoints.gameList.path}?pageSize=5&${query}`)
    const first = await list('platform=W&clientType=3')
    expect(first.statusCode).toBe(200)
    const size = server.services.hotReads.size
    for (const v of ['x1', 'x2', 'x3']) {
      const again = await list(`platform=${v}&clientType=${v}&merchant=${v}`)
      expect(again.headers.etag).toBe(first.headers.etag)
    }
    expect(server.services.hotReads.size).toBe(size)
    // A field it answers by is its own answer.
    const rng = await list('gameType=RNG&platform=x4')
    expect(rng.statusCode).toBe(200)
    expect(server.services.hotReads.size).toBe(size + 1)
  })

  it('keeps the brand’s part of the status, while each caller still gets their own address', async () => {
    const status = async (ip: string) => {
      const res = await server.app.inject({
        method: 'GET',
        url: systemEndpoints.status.path,
        remoteAddress: ip,
        headers: { language: 'EN' },
      })
      return successEnvelope(systemEndpoints.status.response).parse(res.json()).value
    }
    const a = await status('198.51.100.7')
    expect(a.clientIp).toBe('198.51.100.7')
    expect((await status('198.51.100.8')).clientIp).toBe('198.51.100.8')
    await server.db.insert(cdnHosts).values({
      merchantCode: server.config.MERCHANT_CODE,
      kind: 'image',
      url: 'https://img9.example',
    })
    expect((await status('198.51.100.9')).info.imageCDNs).toEqual(a.info.imageCDNs)
    server.services.hotReads.invalidate(server.config.MERCHANT_CODE)
    expect((await status('198.51.100.9')).info.imageCDNs).toContain('https://img9.example')
  })

  it('refuses a bad announcement from the operator with the reason, and writes nothing', async () => {
    const rows = async () => (await server.db.select({ n: count() }).from(announcements))[0]?.n
    const n = await rows()
    await expect(runOps(server, 'announcement', 'add', 'XX', 'km', 'T', 'c')).rejects.toThrow(
      /type is one of/,
    )
    await expect(runOps(server, 'announcement', 'add', 'PL', 'fr', 'T', 'c')).rejects.toThrow(
      /language is one of/,
    )
    await expect(runOps(server, 'announcement', 'add', 'PL', 'km', 'T\u0007', 'c')).rejects.toThrow(
      /control characters/,
    )
    await expect(runOps(server, 'announcement', 'expire', '999999')).rejects.toThrow(/no announcement/)
    expect(await rows()).toEqual(n)
  })
})
