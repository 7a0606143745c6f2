/**
 * The public catalogue: the seeded demo games, the game list's paging, filters and name
 * search (literal, bounded, refused with a clear code when malformed), hot games, the
 * vendor by game-type matrix, rooms, ranks, featured fixtures, vendor maintenance, the
 * generated art, and a production install that lists no games.
 */
import { count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import { gameEndpoints, maxGameSearchLength, type Game } from '#contract/games'
import { games, members, vendors } from '#server/db/schema'
import { seedDemoBrand, seedForStart } from '#server/db/seed'
import * as seed from '#server/db/seed-data'
import { createGamesRepository } from '#server/games/games-repository'
import { expectNoArt, expectRevalidated, expectSharedWebp } from '../art-helpers'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, fieldPaths, plainCall } from '../identity-helpers'

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})

const e = gameEndpoints

async function get<T>(
  def: { path: string; response: Parameters<typeof successEnvelope>[0] },
  query: Record<string, string> = {},
): Promise<T> {
  const qs = new URLSearchParams(query).toString()
  const res = await plainCall(server, 'GET', `${def.path}${qs ? `?${qs}` : ''}`)
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(def.response).parse(res.json()).value as T
}

interface GamePage {
  list: Game[]
  total: number
  pageNo: number
  pageSize: number
}

const gameList = (query: Record<string, string>) => get<GamePage>(e.gameList, query)
const listRaw = (query: Record<string, string>) =>
  plainCall(server, 'GET', `${e.gameList.path}?${new URLSearchParams(query).toString()}`)

describe('the seeded catalogue', () => {
  it('holds a few thousand games spread over every demo vendor', async () => {
    const all = await gameList({ pageSize: '1' })
    expect(all.total).toBeGreaterThan(2500)
    const perVendor = await server.db
      .select({ vassalage: games.vassalage, n: count() })
      .from(games)
      .groupBy(games.vassalage)
    expect(perVendor.map((v) => v.vassalage).sort()).toEqual(seed.demoVendors.map((v) => v[1]).sort())
    const rng = await gameList({ gameType: 'RNG', pageSize: '1' })
    expect(rng.total).toBeGreaterThan(2000)
  })

  it('gives every game its thumbnail, a vendor wallet and a known play type', async () => {
    const page = await gameList({ gameType: 'PVP', pageSize: '100' })
    expect(page.list.length).toBeGreaterThan(0)
    for (const g of page.list) {
      expect(g.iconUrl).toBe(`games/${g.gameId}.webp?v=1`)
      expect(g.accountTypeId).toBeGreaterThanOrEqual(100)
      expect(g.hasRooms).toBe(true)
    }
  })
})

describe('seeding', () => {
  it('writes the demo catalogue once: a second start adds nothing', async () => {
    const [before] = await server.db.select({ n: count() }).from(games)
    await seedDemoBrand(server.db, server.config.MERCHANT_CODE, server.services.passwords.hash)
    const [after] = await server.db.select({ n: count() }).from(games)
    expect(after?.n).toBe(before?.n)
  })
})

describe('the game list', () => {
  it('pages without overlap and in a stable order', async () => {
    const first = await gameList({ gameType: 'RNG', vassalage: 'DSL', pageSize: '50', pageNo: '1' })
    const second = await gameList({ gameType: 'RNG', vassalage: 'DSL', pageSize: '50', pageNo: '2' })
    expect(first.list).toHaveLength(50)
    expect(second.pageNo).toBe(2)
    const ids = new Set(first.list.map((g) => g.gameId))
    expect(second.list.some((g) => ids.has(g.gameId))).toBe(false)
    const lastPage = Math.ceil(first.total / 50)
    const last = await gameList({
      gameType: 'RNG',
      vassalage: 'DSL',
      pageSize: '50',
      pageNo: String(lastPage),
    })
    expect(last.list).toHaveLength(first.total - (lastPage - 1) * 50)
    const beyond = await gameList({
      gameType: 'RNG',
      vassalage: 'DSL',
      pageSize: '50',
      pageNo: String(lastPage + 1),
    })
    expect(beyond.list).toEqual([])
    expect(await gameList({ gameType: 'RNG', vassalage: 'DSL', pageSize: '50', pageNo: '1' })).toEqual(first)
  })

  it("filters by type, vendor and sub-type; a vendor's own list leaves out its entry", async () => {
    const dsl = await gameList({ gameType: 'RNG', vassalage: 'DSL', pageSize: '100' })
    expect(dsl.list.every((g) => g.vassalage === 'DSL' && g.gameType === 'RNG')).toBe(true)
    expect(dsl.list.some((g) => g.isGame === 'VASSALAGE')).toBe(false)
    const vp = await gameList({ gameType: 'RNG', gameClassify: 'VP', pageSize: '100' })
    expect(vp.total).toBeGreaterThan(0)
    expect(vp.list.every((g) => g.gameClassify === 'VP')).toBe(true)
    // The RNG lobby without a vendor shows each vendor's entry (it opens the popup list).
    const lobby = await gameList({ gameType: 'RNG', pageSize: '1' })
    expect(lobby.list[0]).toMatchObject({ isGame: 'VASSALAGE', vassalage: 'DSL' })
  })

  it('refuses an unknown vendor, type or sub-type with a clear code', async () => {
    const unknown = await listRaw({ vassalage: 'NOPE' })
    expect(unknown.statusCode).toBe(404)
    expect(failureOf(unknown).errorCode).toBe('vendor_not_found')
    // A vendor of another game type is unknown there too.
    const wrongType = await listRaw({ vassalage: 'DSL', gameType: 'LIVE' })
    expect(failureOf(wrongType).errorCode).toBe('vendor_not_found')
    for (const [query, field] of [
      [{ gameType: 'SLOTS' }, 'gameType'],
      [{ gameClassify: 'XX' }, 'gameClassify'],
      [{ vassalage: "DSL' OR '1'='1" }, 'vassalage'],
      [{ pageSize: '1000' }, 'pageSize'],
    ] as const) {
      const res = await listRaw(query)
      expect(res.statusCode, JSON.stringify(query)).toBe(400)
      expect(failureOf(res).errorCode).toBe('validation_failed')
      expect(fieldPaths(res)).toContain(field)
    }
  })
})

describe('the name search', () => {
  it('finds names containing the words, whatever their case', async () => {
    const found = await gameList({ gameName: 'dRaGoN', pageSize: '100' })
    expect(found.total).toBeGreaterThan(0)
    expect(found.list.every((g) => g.gameName.toLowerCase().includes('dragon'))).toBe(true)
    const apostrophe = await gameList({ gameName: "Hold'em", pageSize: '5' })
    expect(apostrophe.total).toBeGreaterThan(0)
    expect(apostrophe.list.every((g) => g.gameName.includes("Hold'em"))).toBe(true)
  })

  it('takes LIKE wildcards and the escape character literally', async () => {
    const all = await gameList({ pageSize: '1' })
    for (const s of ['%', '_', '%%', '\\', '\\%', 'a%b', '__']) {
      const res = await gameList({ gameName: s, pageSize: '1' })
      expect(res.total, s).toBe(0)
    }
    // A name that really holds '&' is still found by it.
    const amp = await gameList({ gameName: '& Win', pageSize: '1' })
    expect(amp.total).toBeGreaterThan(0)
    expect(amp.total).toBeLessThan(all.total)
  })

  it('treats injection strings as text and leaves the catalogue as it was', async () => {
    const [before] = await server.db.select({ n: count() }).from(games)
    for (const s of ["' OR 1=1 --", "'; DROP TABLE games; --", '") OR ("1"="1', '$1', 'name ILIKE']) {
      const res = await gameList({ gameName: s })
      expect(res.total, s).toBe(0)
    }
    const [after] = await server.db.select({ n: count() }).from(games)
    expect(after?.n).toBe(before?.n)
  })

  it('refuses control characters and over-long input naming the field; blank means no filter', async () => {
    for (const s of [
      'drag\u0000on',
      'a\nb',
      'tab\there',
      '\u001b[31m',
      'x'.repeat(maxGameSearchLength + 1),
    ]) {
      const res = await listRaw({ gameName: s })
      expect(res.statusCode, JSON.stringify(s)).toBe(400)
      expect(failureOf(res).errorCode).toBe('validation_failed')
      expect(fieldPaths(res)).toEqual(['gameName'])
    }
    expect((await gameList({ gameName: 'x'.repeat(maxGameSearchLength) })).total).toBe(0)
    const all = await gameList({ pageSize: '1' })
    expect((await gameList({ gameName: '   ', pageSize: '1' })).total).toBe(all.total)
  })
})

describe('hot games, the matrix, rooms, ranks and fixtures', () => {
  it('lists only hot games, at most the limit, of the type asked for', async () => {
    const hot = await get<{ list: Game[] }>(e.hotGames, { limit: '12' })
    expect(hot.list).toHaveLength(12)
    expect(hot.list.every((g) => g.isHot && g.isGame === 'GAME')).toBe(true)
    const fish = await get<{ list: Game[] }>(e.hotGames, { gameType: 'FISH' })
    expect(fish.list.length).toBeGreaterThan(0)
    expect(fish.list.every((g) => g.gameType === 'FISH')).toBe(true)
  })

  it('answers the vendor by game-type matrix with the counts the game list gives', async () => {
    const m = await get<{
      gameTypes: string[]
      vendors: {
        vassalage: string
        types: { gameType: string; games: number; classifies: { gameClassify: string; games: number }[] }[]
      }[]
    }>(e.vassGameType)
    expect(m.gameTypes).toContain('RNG')
    expect(m.vendors.filter((v) => v.types.some((t) => t.gameType === 'RNG'))).toHaveLength(8)
    const dsl = m.vendors.find((v) => v.vassalage === 'DSL')?.types.find((t) => t.gameType === 'RNG')
    expect(dsl?.classifies.map((c) => c.gameClassify).sort()).toEqual(['AC', 'BG', 'JP', 'SC', 'TG', 'VP'])
    const listed = await gameList({ gameType: 'RNG', vassalage: 'DSL', pageSize: '1' })
    expect(dsl?.games).toBe(listed.total)
    const vp = await gameList({ gameType: 'RNG', vassalage: 'DSL', gameClassify: 'VP', pageSize: '1' })
    expect(dsl?.classifies.find((c) => c.gameClassify === 'VP')?.games).toBe(vp.total)
  })

  it("lists a card game's rooms with bets in the brand's currency", async () => {
    const rooms = await get<{ gameId: string; list: { roomName: string; minBet: string; maxBet: string }[] }>(
      e.roomList,
      { gameId: 'CRD-0001' },
    )
    expect(rooms.gameId).toBe('CRD-0001')
    expect(rooms.list.map((r) => [r.roomName, r.minBet])).toEqual([
      ['Beginner', '1.00'],
      ['Standard', '5.00'],
      ['Expert', '20.00'],
      ['VIP', '100.00'],
    ])
    expect((await get<{ list: unknown[] }>(e.roomList, { gameId: 'DSL-0002' })).list).toEqual([])
    const unknown = await plainCall(server, 'GET', `${e.roomList.path}?gameId=NOPE-0001`)
    expect(unknown.statusCode).toBe(404)
    expect(failureOf(unknown).errorCode).toBe('game_not_found')
    const malformed = await plainCall(server, 'GET', `${e.roomList.path}?gameId=${encodeURIComponent('a%b')}`)
    expect(failureOf(malformed).errorCode).toBe('validation_failed')
  })

  it('ranks the games most members played this week first', async () => {
    const repo = createGamesRepository(server.db)
    const ids = await repo.gameIdsOf(server.config.MERCHANT_CODE, ['GLD-0007', 'GLD-0009'])
    const players = await server.db.select({ id: members.id }).from(members).limit(3)
    const now = new Date()
    for (const p of players) await repo.touchRecent(p.id, ids.get('GLD-0009') ?? 0, now)
    await repo.touchRecent(players[0]?.id ?? 0, ids.get('GLD-0007') ?? 0, now)
    // Played long ago: it does not count this week.
    await repo.touchRecent(players[1]?.id ?? 0, ids.get('GLD-0007') ?? 0, new Date(0))
    const rank = await get<{ list: { rank: number; players: number; game: Game }[] }>(e.rankList, {
      gameCategory: 'RNG',
      limitNum: '5',
    })
    expect(rank.list.map((r) => [r.rank, r.game.gameId, r.players]).slice(0, 2)).toEqual([
      [1, 'GLD-0009', 3],
      [2, 'GLD-0007', 1],
    ])
    expect(rank.list).toHaveLength(5)
  })

  it('features upcoming sports and esports fixtures, soonest first', async () => {
    const all = await get<{ list: { gameType: string; startTime: number; odds: { draw: string | null } }[] }>(
      e.gameMatches,
      { limit: '50' },
    )
    expect(all.list.length).toBeGreaterThan(10)
    const times = all.list.map((m) => m.startTime)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    const esports = await get<{ list: { gameType: string; odds: { draw: string | null } }[] }>(
      e.gameMatches,
      {
        gameType: 'ESPORTS',
      },
    )
    expect(esports.list.length).toBeGreaterThan(0)
    expect(esports.list.every((m) => m.gameType === 'ESPORTS' && m.odds.draw === null)).toBe(true)
  })

  it('features each sports vendor’s own competition, never the other’s matches', async () => {
    const sports = await get<{ list: { vassalage: string; matchId: string; leagueName: string }[] }>(
      e.gameMatches,
      { gameType: 'SPORTS', limit: '50' },
    )
    const of = (v: string) => sports.list.filter((m) => m.vassalage === v)
    const [ksp, gsp] = [of('KSP'), of('GSP')]
    expect(ksp.length).toBeGreaterThan(0)
    expect(gsp.length).toBeGreaterThan(0)
    expect(new Set(ksp.map((m) => m.leagueName)).size).toBe(1)
    expect(new Set(gsp.map((m) => m.leagueName)).size).toBe(1)
    expect(ksp[0]?.leagueName).not.toBe(gsp[0]?.leagueName)
    const gspIds = new Set(gsp.map((m) => m.matchId))
    expect(ksp.filter((m) => gspIds.has(m.matchId))).toEqual([])
  })
})

describe('vendor maintenance', () => {
  it('marks a vendor inside its window, and its games, as under maintenance', async () => {
    const lanes = await get<{ data: { lanes: { cards: { vassalage: string; maintenance: boolean }[] }[] } }>(
      e.newGameVendor,
    )
    const cards = lanes.data.lanes.flatMap((l) => l.cards)
    expect(cards.find((c) => c.vassalage === 'STR')?.maintenance).toBe(true)
    expect(cards.find((c) => c.vassalage === 'DSL')?.maintenance).toBe(false)
    const str = await gameList({ gameType: 'RNG', vassalage: 'STR', pageSize: '3' })
    expect(str.list.every((g) => g.maintenance)).toBe(true)
    // A window that has ended no longer counts.
    await server.db
      .update(vendors)
      .set({ maintenanceFrom: new Date(0), maintenanceUntil: new Date(1000) })
      .where(eq(vendors.vassalage, 'STR'))
    // (Another query than above: the list is a hot read, cached per query.)
    const after = await gameList({ gameType: 'RNG', vassalage: 'STR', pageSize: '4' })
    expect(after.list.every((g) => !g.maintenance)).toBe(true)
  })
})

describe('generated art', () => {
  it('serves a game thumbnail as SVG, the same bytes each time, immutable when versioned', async () => {
    const a = await server.app.inject({ method: 'GET', url: '/media/games/DSL-0002.svg?v=1' })
    expect(a.statusCode).toBe(200)
    expect(a.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(a.body).toMatch(/^<svg [^>]*viewBox="0 0 200 200"/)
    expect(a.body.length).toBeLessThan(2048)
    const [g] = await server.db.select().from(games).where(eq(games.code, 'DSL-0002'))
    expect(a.body).toContain(
      `aria-label="${(g?.name ?? '').replace(/'/g, '&#39;').replace(/&(?!#)/g, '&#38;')}"`,
    )
    const b = await server.app.inject({ method: 'GET', url: '/media/games/DSL-0002.svg' })
    expect(b.body).toBe(a.body)
    expect(b.headers['cache-control']).toBe('public, max-age=3600')
    const other = await server.app.inject({ method: 'GET', url: '/media/games/DSL-0003.svg?v=1' })
    expect(other.body).not.toBe(a.body)
  })

  it('serves a game thumbnail as a WebP image of a few kB, the same for parallel first requests, immutable when versioned', async () => {
    const bytes = await expectSharedWebp(server.app, '/media/games/DSL-0004.webp?v=1', [240, 240])
    // The drawing's colours are in the picture, not a blank canvas: its corners (rounded off,
    // transparent) differ from its middle (the gradient).
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3]
    expect(alphaAt(0, 0)).toBe(0)
    expect(alphaAt(120, 120)).toBe(255)
    const unversioned = await server.app.inject({ method: 'GET', url: '/media/games/DSL-0004.webp' })
    expect(unversioned.rawPayload.equals(bytes)).toBe(true)
    expect(unversioned.headers['cache-control']).toBe('public, max-age=3600')
    await expectRevalidated(server.app, '/media/games/DSL-0004.webp')
    await expectRevalidated(server.app, '/media/games/DSL-0002.svg')
    await expectRevalidated(server.app, '/media/logos/dsl.webp')
  })

  it('serves vendor logos, and answers 404 for unknown or malformed names', async () => {
    const logo = await server.app.inject({ method: 'GET', url: '/media/logos/dsl.svg?v=1' })
    expect(logo.statusCode).toBe(200)
    expect(logo.body).toContain('Demo Slots')
    const webp = await server.app.inject({ method: 'GET', url: '/media/logos/dsl.webp?v=1' })
    expect(webp.headers['content-type']).toBe('image/webp')
    const meta = await sharp(webp.rawPayload).metadata()
    expect([meta.width, meta.height]).toEqual([180, 90])
    await expectNoArt(server.app, [
      '/media/games/NOPE-0001.svg',
      '/media/games/..%2F..%2Fetc%2Fpasswd',
      '/media/games/DSL-0002.png',
      '/media/logos/zzz.svg',
      '/media/games/NOPE-0001.webp',
      '/media/games/DSL-0002.webp.svg',
      '/media/games/.webp',
      '/media/logos/zzz.webp',
    ])
  })
})

describe('a production install', () => {
  it('has no games, fixtures or vendors, and its game list answers an empty page', async () => {
    const prod = await build({
      empty: true,
      config: {
        NODE_ENV: 'production',
        DEMO: false,
        DEV_TOOLS: false,
        MERCHANT_CODE: 'LIVE',
        PAYMENT_GATEWAY_SECRET: undefined,
      },
    })
    try {
      expect(
        await seedForStart(prod.db, { DEMO: false, MERCHANT_CODE: 'LIVE' }, prod.services.passwords.hash),
      ).toBe(false)
      await runOps(
        prod,
        'brand',
        'create',
        'live',
        '--name',
        'Live Play',
        '--currency',
        'usd',
        '--decimals',
        '2',
        '--language',
        'en',
        '--timezone',
        'UTC',
      )
      const [n] = await prod.db.select({ n: count() }).from(games)
      expect(n?.n).toBe(0)
      const res = await plainCall(prod, 'GET', `${e.gameList.path}?gameType=RNG`)
      expect(res.statusCode, res.body).toBe(200)
      expect(successEnvelope(e.gameList.response).parse(res.json()).value).toMatchObject({
        list: [],
        total: 0,
      })
      const hot = await plainCall(prod, 'GET', e.hotGames.path)
      expect(successEnvelope(e.hotGames.response).parse(hot.json()).value.list).toEqual([])
    } finally {
      await prod.close()
    }
  })
})
