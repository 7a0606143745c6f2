/**
 * The demo vendor's play through its own HTTP API, as its game pages call it from the
 * portal's sandboxed frame, with the platform's wallet played by an in-memory fake
 * (vendor-setup.ts): launches, pages and CORS, sessions and bad input, real-money rounds
 * with provably fair verification, and free play.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { LaunchRequest } from '#server/vendors/adapter'
import { createDemoVendor } from '#server/vendors/demo/vendor'
import {
  call,
  clock,
  launch,
  launchRequest,
  moneyCalls,
  pickFair,
  server,
  sessionSecret,
  useDemoVendor,
  wallet,
  walletSecret,
} from './vendor-setup'

useDemoVendor()

describe('launch and pages', () => {
  it('launches each game type into its stand-in with a signed session', async () => {
    const kinds: [LaunchRequest['game']['gameType'], string | null, string][] = [
      ['RNG', 'SC', 'slot'],
      ['RNG', 'JP', 'slot'],
      ['PVP', null, 'table'],
      ['LIVE', null, 'live'],
      ['FISH', null, 'fish'],
      ['SPORTS', null, 'sports'],
      ['ESPORTS', null, 'esports'],
      ['COCKFIGHT', null, 'table'],
      ['LOTT', null, 'slot'],
    ]
    for (const [gameType, subType, kind] of kinds) {
      const { url } = await launch({ game: { ...launchRequest().game, gameType, subType } })
      expect(url).toMatch(new RegExp(`^/demo-vendor/play/${kind}\\?s=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}$`))
    }
  })

  it('can keep the session token after # so no server log sees it', async () => {
    const quiet = createDemoVendor({
      db: server.db,
      walletSecret,
      sessionSecret,
      transport: wallet.transport,
      sessionInFragment: true,
    })
    const { url } = await quiet.adapter.launch(launchRequest())
    expect(url).toMatch(/^\/demo-vendor\/play\/slot#s=/)
    const s = url.split('#s=')[1] ?? ''
    expect((await call('session', { s })).body.ok).toBe(true)
  })

  it('serves the game page with its own strict CSP, and its scripts loadable from an opaque origin', async () => {
    const { url } = await launch()
    const page = await server.app.inject({ method: 'GET', url })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/)
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1])
    expect(scripts).toEqual([
      '/demo-vendor/static/texts.js',
      '/demo-vendor/static/common.js',
      '/demo-vendor/static/slot.js',
    ])
    const sheets = [...page.body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])
    expect(sheets).toEqual(['/demo-vendor/static/demo.css', '/demo-vendor/static/demo-games.css'])
    for (const src of [...scripts, ...sheets]) {
      const res = await server.app.inject({ method: 'GET', url: src })
      expect(res.statusCode, src).toBe(200)
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin')
    }
    // Khmer text draws in a Khmer font of the vendor's own, where the device has none.
    expect(csp).toContain("font-src 'self'")
    const sheet = await server.app.inject({ method: 'GET', url: '/demo-vendor/static/demo.css' })
    const fonts = [...sheet.body.matchAll(/url\('([\w-]+\.woff2)'\)/g)].map((m) => m[1])
    expect(fonts).toEqual(['khmer-400.woff2', 'khmer-700.woff2'])
    for (const font of fonts) {
      const res = await server.app.inject({ method: 'GET', url: `/demo-vendor/static/${font}` })
      expect(res.statusCode, font).toBe(200)
      expect(res.headers['content-type']).toBe('font/woff2')
      expect(res.headers['access-control-allow-origin']).toBe('*')
      expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2')
    }
    expect(sheet.body).toMatch(/font-family:\s*'Demo Khmer'/)
    // Every page is the one shell with its own title, script and body class; no placeholder left.
    const pages: [string, string, string][] = [
      ['/demo-vendor/play/table', 'table', 'Demo games'],
      ['/demo-vendor/play/live', 'table', 'Demo games'],
      ['/demo-vendor/play/fish', 'fish', 'Demo games'],
      ['/demo-vendor/play/sports', 'sports', 'Demo games'],
      ['/demo-vendor/play/esports', 'sports', 'Demo games'],
      ['/demo-vendor/verify', 'verify', 'Verify a round'],
    ]
    for (const [url, game, title] of pages) {
      const res = await server.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body).toContain(`<title>${title}</title>`)
      expect(res.body).toContain(`<script src="/demo-vendor/static/${game}.js" defer></script>`)
      expect(res.body).toContain(`<body class="game-${game}">`)
      expect(res.body).not.toContain('{{')
    }
    expect(
      (await server.app.inject({ method: 'GET', url: '/demo-vendor/static/page.html' })).statusCode,
    ).toBe(404)
    expect(
      (await server.app.inject({ method: 'GET', url: '/demo-vendor/static/..%2Fvendor.ts' })).statusCode,
    ).toBe(404)
  })

  it('answers the CORS preflight of a sandboxed page (Origin: null)', async () => {
    const res = await server.app.inject({
      method: 'OPTIONS',
      url: '/demo-vendor/api/slot/spin',
      headers: {
        origin: 'null',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(res.statusCode).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST')
    expect(String(res.headers['access-control-allow-headers'])).toContain('content-type')
  })
})

describe('a session', () => {
  it('tells the page its currency, decimals, language and the wallet balance', async () => {
    const { s } = await launch({ currency: { code: 'KHR', decimals: 0 }, language: 'km-KH' })
    wallet.balances.set('player-1', 400_000n)
    const res = await call('session', { s })
    expect(res.status).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(res.body).toMatchObject({
      ok: true,
      kind: 'slot',
      currency: 'KHR',
      decimals: 0,
      language: 'km',
      free: false,
      balance: '400000',
      lobbyPath: '/rng?page=DMO',
    })
    // Chips follow the currency: a thousand riel, not one.
    expect(res.body.chips![0]).toBe('1000')
    expect(res.body.fair!.serverSeedHash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses a forged token and an expired one', async () => {
    const { s } = await launch()
    const [payload, mac] = s.split('.') as [string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
    const forged = `${Buffer.from(JSON.stringify({ ...claims, player: 'player-2' })).toString('base64url')}.${mac}`
    const bad = await call('slot/spin', { s: forged, bet: '100' })
    expect(bad.status).toBe(401)
    expect(bad.body).toMatchObject({ ok: false, error: 'session_invalid' })
    expect(bad.headers['access-control-allow-origin']).toBe('*')

    clock.advance(13 * 3_600_000)
    try {
      const expired = await call('slot/spin', { s, bet: '100' })
      expect(expired.status).toBe(401)
      expect(expired.body).toMatchObject({ ok: false, error: 'session_expired' })
    } finally {
      clock.advance(-13 * 3_600_000)
    }
    expect(wallet.calls).toEqual([])
  })

  it('answers bad bodies with 400 (413 when too large), never 500, and moves nothing', async () => {
    const { s } = await launch()
    const cases: unknown[] = [
      { s, bet: 100 },
      { s, bet: '-100' },
      { s, bet: '1.5' },
      { s, bet: '9'.repeat(40) },
      { s: 123, bet: '100' },
      { s: `${s}\u0000`, bet: '100' },
      { s, bet: '100\n' },
      {},
      [],
      'not json',
      'null',
    ]
    for (const body of cases) {
      const res = await call('slot/spin', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    const seed = await call('seed', { s, clientSeed: 'a\u0007b' })
    expect(seed.status).toBe(400)
    const long = await call('seed', { s, clientSeed: 'x'.repeat(5000) })
    expect(long.status).toBe(400)
    const huge = await call('slot/spin', { s, bet: '100', pad: 'x'.repeat(20_000) })
    expect(huge.status).toBe(413)
    // Refusals made before the vendor's handler (body too large, broken JSON) still answer CORS,
    // or the page could not read them.
    expect(huge.headers['access-control-allow-origin']).toBe('*')
    const broken = await call('slot/spin', '{"s":')
    expect(broken.status).toBe(400)
    expect(broken.headers['access-control-allow-origin']).toBe('*')
    const overLimit = await call('slot/spin', { s, bet: '100000000' })
    expect(overLimit.status).toBe(400)
    expect(overLimit.body.error).toBe('bad_stake')
    const wrongGame = await call('table/deal', { s, bets: { dragon: '100' } })
    expect(wrongGame.status).toBe(400)
    expect(wallet.calls).toEqual([])
  })
})

describe('a real-money slot round', () => {
  it('debits and credits with one roundId, and the verify API recomputes it from the revealed seed', async () => {
    const { s } = await launch()
    const seeded = await call('seed', { s, clientSeed: 'my-lucky-seed' })
    expect(seeded.body.fair!.clientSeed).toBe('my-lucky-seed')
    const before = (await call('session', { s })).body.fair!

    const spin = await call('slot/spin', { s, bet: '100' })
    expect(spin.status).toBe(200)
    const round = spin.body.round!
    const fair = round.fair!
    expect(round.id).toMatch(/^demo-[0-9a-f-]{36}$/)
    expect(moneyCalls()).toEqual(['debit', 'credit'])
    const [debit, credit] = wallet.calls.filter((c) => c.op !== 'balance')
    expect(debit?.body).toMatchObject({
      player: 'player-1',
      roundId: round.id,
      amount: '100',
      gameId: 'DMO-0001',
    })
    expect(credit?.body).toMatchObject({ roundId: round.id, amount: round.win, roundClosed: true })
    expect(debit?.body.txId).not.toBe(credit?.body.txId)
    expect(spin.body.balance).toBe(String(100_000n - 100n + BigInt(round.win!)))

    // The seed revealed after the round is the one whose hash was shown before it.
    expect(fair.clientSeed).toBe('my-lucky-seed')
    expect(fair.nonce).toBe(before.nonce)
    expect(createHash('sha256').update(fair.serverSeed!).digest('hex')).toBe(before.serverSeedHash)
    expect(spin.body.next!.nonce).toBe(before.nonce + 1)
    expect(spin.body.next!.serverSeedHash).not.toBe(before.serverSeedHash)

    const verified = await call('verify', {
      game: 'slot',
      serverSeed: fair.serverSeed,
      clientSeed: fair.clientSeed,
      nonce: fair.nonce,
      bet: '100',
    })
    expect(verified.status).toBe(200)
    expect(verified.body.serverSeedHash).toBe(before.serverSeedHash)
    expect(verified.body.outcome).toEqual(round.result)
    expect(verified.body.win).toBe(round.win)
  })

  it('a dragon tiger deal and a fish shot settle the same way', async () => {
    const table = await launch({ game: { ...launchRequest().game, gameType: 'LIVE', subType: null } })
    const deal = await call('table/deal', { s: table.s, bets: { dragon: '200', tie: '100' } })
    expect(deal.status).toBe(200)
    expect(deal.body.round!.bet).toBe('300')
    const fish = await launch({ game: { ...launchRequest().game, gameType: 'FISH', subType: null } })
    const shot = await call('fish/shoot', { s: fish.s, bet: '100', target: 2 })
    expect(shot.status).toBe(200)
    expect(moneyCalls()).toEqual(['debit', 'credit', 'debit', 'credit'])
    const verified = await call('verify', {
      game: 'fish',
      ...pickFair(shot.body.round!.fair!),
      bet: '100',
      target: 2,
    })
    expect(verified.body.win).toBe(shot.body.round!.win)
    const tableFair = deal.body.round!.fair!
    const again = await call('verify', {
      game: 'table',
      ...pickFair(tableFair),
      bets: { dragon: '200', tie: '100' },
    })
    expect(again.body.win).toBe(deal.body.round!.win)
  })

  it('refuses a stake above the balance and records the round as refused', async () => {
    wallet.balances.set('player-1', 50n)
    const { s } = await launch()
    const res = await call('slot/spin', { s, bet: '100' })
    expect(res.status).toBe(409)
    expect(res.body.error).toBe('insufficient_funds')
    expect(wallet.balances.get('player-1')).toBe(50n)
    expect(moneyCalls()).toEqual(['debit'])
  })
})

/** The calls that move money (the pages also ask the balance). */
describe('free play', () => {
  it('plays with its own play money and never calls the wallet', async () => {
    const { s } = await launch({ playerToken: null, displayName: 'Guest' })
    const session = await call('session', { s })
    expect(session.body.free).toBe(true)
    const start = BigInt(session.body.balance!)
    expect(start).toBeGreaterThan(0n)
    const spin = await call('slot/spin', { s, bet: '100' })
    expect(spin.status).toBe(200)
    expect(spin.body.balance).toBe(String(start - 100n + BigInt(spin.body.round!.win!)))
    const sports = await launch({
      playerToken: null,
      game: { ...launchRequest().game, gameType: 'SPORTS', subType: null },
    })
    const fixtures = await call('sports/fixtures', { s: sports.s })
    const f = fixtures.body.fixtures![0]!
    expect(
      (await call('sports/bet', { s: sports.s, fixtureId: f.id, pick: 'home', bet: '100' })).status,
    ).toBe(200)
    expect(wallet.calls).toEqual([])
  })
})
