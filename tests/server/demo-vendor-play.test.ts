/**
 * The demo vendor wired as demo mode wires it: a member launches a demo slot, spins through
 * the vendor's own API, and every round moves money through the platform's signed seamless
 * wallet route. The balance, the betting record, the reconcile and a replayed spin agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reconcileGames } from '#server/vendors/reconcile'
import { build, runOps, type TestServer } from '../build-server'
import { createClock, plainCall, valueOf } from '../identity-helpers'
import { mainMinor, moneyMember } from '../money-helpers'
import { launched } from '../play-helpers'

let server: TestServer
const logLines: string[] = []
// A clock that stands still: the virtual fixtures (a new kick-off every five minutes) are
// the same in every call of a test.
const clock = createClock()

beforeAll(async () => {
  server = await build({
    now: clock.now,
    config: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  })
})
afterAll(async () => {
  await server?.close()
})

/** The session token: after # (demo mode keeps it out of every request line). */
function sessionOf(url: string): string {
  const s = new URLSearchParams(new URL(url, 'http://portal.test').hash.slice(1)).get('s')
  if (!s) throw new Error(`no session in ${url}`)
  return s
}

async function spin(s: string, bet: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/demo-vendor/api/slot/spin',
    headers: { 'content-type': 'application/json', origin: 'null' },
    payload: JSON.stringify({ s, bet }),
  })
  return { status: res.statusCode, body: res.json<{ ok: boolean; balance?: string; error?: string }>() }
}

describe('a member plays the demo slot through the seamless wallet', () => {
  it('each spin debits the stake and credits the win on the main wallet, and the rounds reconcile', async () => {
    const m = await moneyMember(server, '50.00')
    const launch = await launched(server, m.token, { gameId: 'DSL-0002' })
    expect(launch.content.game_url).toMatch(/^\/demo-vendor\/play\/slot#s=/)
    const s = sessionOf(launch.content.game_url)

    const before = await mainMinor(server, m.token)
    expect(before).toBe(5000n)
    let last = before
    for (let i = 0; i < 8; i++) {
      const r = await spin(s, '100')
      expect(r.status).toBe(200)
      expect(r.body.ok).toBe(true)
      const now = await mainMinor(server, m.token)
      // The stake left the wallet; whatever came back was a win of the round.
      expect(now).toBeGreaterThanOrEqual(last - 100n)
      last = now
    }

    const records = await plainCall(server, 'GET', '/wps/relay/ODSFE2_MemBetDet?pageNo=1&pageSize=20', {
      token: m.token,
    })
    const settled = valueOf(records, (v) => v as { list: { status: string; betAmount: string }[] })
    expect(settled.list.filter((b) => b.status === 'SETTLED')).toHaveLength(8)
    const result = await reconcileGames(server.db, 'DEMO')
    expect(result.mismatches).toEqual([])
    expect(result.ok).toBe(true)
  })

  it('an overdrawing spin is refused and moves nothing', async () => {
    const m = await moneyMember(server, '0.50')
    const s = sessionOf((await launched(server, m.token, { gameId: 'DSL-0002' })).content.game_url)
    const r = await spin(s, '100000')
    expect(r.body.ok).toBe(false)
    expect(await mainMinor(server, m.token)).toBe(50n)
  })

  it('a spin while the operator has the vendor under maintenance is refused with the reason, and moves nothing', async () => {
    const m = await moneyMember(server, '5.00')
    const s = sessionOf((await launched(server, m.token, { gameId: 'DSL-0002' })).content.game_url)
    expect(await runOps(server, 'vendor-maintenance', 'dsl', 'on')).toBe('DSL: maintenance on for DEMO')
    expect(await runOps(server, 'vendor-maintenance')).toContain('DSL (RNG) ')
    try {
      const r = await spin(s, '100')
      expect(r.status).toBe(409)
      expect(r.body).toMatchObject({ ok: false, error: 'vendor_maintenance' })
      expect(await mainMinor(server, m.token)).toBe(500n)
    } finally {
      await runOps(server, 'vendor-maintenance', 'DSL', 'off')
    }
    expect((await spin(s, '100')).body.ok).toBe(true)
  })
})

describe('the session token stays out of the access log', () => {
  it('travels after #, so the page request and the API calls log no trace of it', async () => {
    const m = await moneyMember(server, '5.00')
    const url = (await launched(server, m.token, { gameId: 'DSL-0002' })).content.game_url
    const s = sessionOf(url)
    const from = logLines.length
    // What the frame requests: the address without its fragment.
    const page = await server.app.inject({ method: 'GET', url: url.split('#')[0] ?? '' })
    expect(page.statusCode).toBe(200)
    expect((await spin(s, '100')).body.ok).toBe(true)
    const lines = logLines.slice(from)
    expect(lines.some((l) => l.includes('/demo-vendor/play/slot'))).toBe(true)
    expect(lines.some((l) => l.includes('/demo-vendor/api/slot/spin'))).toBe(true)
    const [payload = ''] = s.split('.')
    expect(lines.filter((l) => l.includes(payload.slice(0, 24)))).toEqual([])
  })
})

describe('featured fixtures are the demo vendor’s own', () => {
  interface Featured {
    matchId: string
    leagueId: string
    vassalage: string
    gameType: string
    homeTeam: string
    awayTeam: string
    startTime: number
    odds: { home: string; draw: string | null; away: string }
  }

  async function featured(gameType: 'SPORTS' | 'ESPORTS'): Promise<Featured[]> {
    const res = await plainCall(
      server,
      'GET',
      `/wps/relay/GCSGAME_getGameMatchV2?gameType=${gameType}&limit=50`,
    )
    return valueOf(res, (v) => (v as { list: Featured[] }).list)
  }

  async function fixturesPage(s: string) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/demo-vendor/api/sports/fixtures',
      headers: { 'content-type': 'application/json', origin: 'null' },
      payload: JSON.stringify({ s }),
    })
    return res.json<{
      featured: string | null
      fixtures: { id: string; home: string; away: string; kickOff: number; odds: { home: number } }[]
    }>()
  }

  async function firstGameOf(vassalage: string): Promise<string> {
    const res = await plainCall(
      server,
      'GET',
      `/wps/relay/GCSGAME_gameList?vassalage=${vassalage}&pageSize=1`,
    )
    const code = valueOf(res, (v) => (v as { list: { gameId: string }[] }).list)[0]?.gameId
    if (!code) throw new Error(`no game of ${vassalage}`)
    return code
  }

  it('lists the fixtures the vendor takes bets on, and launching one opens the game on it', async () => {
    const sports = await featured('SPORTS')
    // Every sports vendor of the brand (Khmer Sports, Goal Sports), soonest first, in the future.
    expect(new Set(sports.map((f) => f.vassalage))).toEqual(new Set(['KSP', 'GSP']))
    const times = sports.map((f) => f.startTime)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(times.every((t) => t > clock.now().getTime())).toBe(true)
    const pick = sports.find((f) => f.vassalage === 'KSP')
    if (!pick) throw new Error('no KSP fixture')

    const m = await moneyMember(server, '5.00')
    const launch = await launched(server, m.token, {
      gameId: await firstGameOf('KSP'),
      matchId: pick.matchId,
      leagueId: pick.leagueId,
    })
    const page = await fixturesPage(sessionOf(launch.content.game_url))
    // The game opens on that fixture, first and marked, with the same teams and odds.
    expect(page.featured).toBe(pick.matchId)
    expect(page.fixtures[0]).toMatchObject({
      id: pick.matchId,
      home: pick.homeTeam,
      away: pick.awayTeam,
      kickOff: pick.startTime,
    })
    expect((page.fixtures[0]?.odds.home ?? 0) / 100).toBe(Number(pick.odds.home))
  })

  it('lists esports fixtures with no draw, each one the esports game knows', async () => {
    const esports = await featured('ESPORTS')
    expect(esports.length).toBeGreaterThan(0)
    expect(
      esports.every((f) => f.vassalage === 'ESX' && f.gameType === 'ESPORTS' && f.odds.draw === null),
    ).toBe(true)
    const m = await moneyMember(server, '5.00')
    const pick = esports[esports.length - 1] as Featured
    const launch = await launched(server, m.token, {
      gameId: await firstGameOf('ESX'),
      matchId: pick.matchId,
    })
    const page = await fixturesPage(sessionOf(launch.content.game_url))
    expect(page.featured).toBe(pick.matchId)
    expect(page.fixtures.map((f) => f.id).sort()).toEqual(esports.map((f) => f.matchId).sort())
  })
})
