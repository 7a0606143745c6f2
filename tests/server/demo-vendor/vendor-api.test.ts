/**
 * The demo vendor through its own HTTP API, as its game pages call it from the portal's
 * sandboxed frame, with the platform's wallet played by an in-memory fake (fake-wallet.ts):
 * launches, CORS, sessions, real-money and free-play rounds, provably fair verification,
 * lost wallet answers, bad input, and the sports settlement job.
 */
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { demoVendorRounds, demoVendorSessions } from '../../../server/db/schema/demo-vendor'
import { planSchedule } from '../../../server/jobs/jobs'
import type { LaunchRequest } from '../../../server/vendors/adapter'
import { fixtureResult, openFixtures, type Pick } from '../../../server/vendors/demo/sports'
import { createDemoVendor, resultsSecretOf, type DemoVendor } from '../../../server/vendors/demo/vendor'
import { build, type TestServer } from '../../build-server'
import { createClock } from '../../identity-helpers'
import { fakeWallet } from './fake-wallet'

const walletSecret = 'wallet-secret-for-tests-0123456789'
const sessionSecret = 'vendor-session-secret-0123456789'
const clock = createClock(Date.UTC(2026, 10, 23, 9, 1, 0))
let wallet = fakeWallet(walletSecret)
let vendor: DemoVendor
let server: TestServer

function launchRequest(over: Partial<LaunchRequest> = {}): LaunchRequest {
  return {
    merchantCode: 'DEMO',
    playerToken: 'player-1',
    displayName: 'sokha',
    game: { code: 'DMO-0001', name: 'Lucky Lotus', gameType: 'RNG', vassalage: 'DMO', subType: 'SC' },
    currency: { code: 'USD', decimals: 2 },
    language: 'km',
    platform: 'html5',
    lobbyPath: '/rng?page=DMO',
    ...over,
  }
}

async function launch(over: Partial<LaunchRequest> = {}): Promise<{ url: string; s: string }> {
  const { url } = await vendor.adapter.launch(launchRequest(over))
  return { url, s: new URL(url, 'http://x').searchParams.get('s') ?? '' }
}

async function call(path: string, payload: unknown) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/demo-vendor/api/${path}`,
    headers: { origin: 'null', 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })
  return { status: res.statusCode, headers: res.headers, body: ApiBody.parse(res.json()) }
}

const Fair = z.object({
  serverSeed: z.string().optional(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
})
const Round = z.object({
  id: z.string(),
  status: z.string(),
  bet: z.string(),
  win: z.string().nullable(),
  result: z.unknown(),
  fair: Fair.nullable(),
})
/** What the vendor's API answers (every field optional: errors carry few). */
const ApiBody = z.looseObject({
  ok: z.boolean().optional(),
  error: z.string().optional(),
  round: Round.optional(),
  balance: z.string().nullable().optional(),
  next: Fair.nullable().optional(),
  fair: Fair.optional(),
  chips: z.array(z.string()).optional(),
  free: z.boolean().optional(),
  fixtures: z
    .array(
      z.object({
        id: z.string(),
        state: z.enum(['open', 'inPlay', 'fullTime']),
        score: z.tuple([z.number(), z.number()]).nullable(),
      }),
    )
    .optional(),
  featured: z.string().nullable().optional(),
  bets: z.array(Round).optional(),
  serverSeedHash: z.string().optional(),
  outcome: z.unknown().optional(),
  win: z.string().optional(),
})

beforeAll(async () => {
  server = await build({
    now: clock.now,
    // No platform vendors: this suite wires its own demo vendor against a fake wallet.
    vendorAdapters: [],
    extend: async (app, deps) => {
      vendor = createDemoVendor({
        db: deps.db,
        walletSecret,
        sessionSecret,
        transport: (path, raw, headers) => wallet.transport(path, raw, headers),
        now: clock.now,
        wallet: { attempts: 3, retryDelayMs: 0 },
      })
      await vendor.register(app)
    },
  })
})
afterAll(() => server.close())
beforeEach(() => {
  wallet = fakeWallet(walletSecret)
  wallet.balances.set('player-1', 100_000n)
})

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
    expect(scripts).toEqual(['/demo-vendor/static/common.js', '/demo-vendor/static/slot.js'])
    for (const src of [...scripts, '/demo-vendor/static/demo.css']) {
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
function moneyCalls(): string[] {
  return wallet.calls.map((c) => c.op).filter((op) => op !== 'balance')
}

function pickFair(f: z.infer<typeof Fair>) {
  return { serverSeed: f.serverSeed, clientSeed: f.clientSeed, nonce: f.nonce }
}

describe('lost wallet answers', () => {
  it('a debit whose answer is lost is sent again with the same txId, and the round goes on', async () => {
    wallet.lose({ op: 'debit', times: 1, when: 'after' })
    const { s } = await launch()
    const spin = await call('slot/spin', { s, bet: '100' })
    expect(spin.status).toBe(200)
    const debits = wallet.calls.filter((c) => c.op === 'debit')
    expect(debits).toHaveLength(2)
    expect(debits[1]?.body.txId).toBe(debits[0]?.body.txId)
    // Debited once: the repeat was answered from the saved result.
    expect(spin.body.balance).toBe(String(100_000n - 100n + BigInt(spin.body.round!.win!)))
  })

  it('a debit that never gets an answer is rolled back by a rollback naming it', async () => {
    wallet.lose({ op: 'debit', times: 3, when: 'after' })
    const { s } = await launch()
    const spin = await call('slot/spin', { s, bet: '100' })
    expect(spin.status).toBe(503)
    expect(spin.body.error).toBe('wallet_unavailable')
    const debit = wallet.calls.find((c) => c.op === 'debit')
    const rollback = wallet.calls.find((c) => c.op === 'rollback')
    expect(rollback?.body).toMatchObject({ refTxId: debit?.body.txId, roundId: debit?.body.roundId })
    expect(wallet.balances.get('player-1')).toBe(100_000n)
    const [row] = await server.db
      .select()
      .from(demoVendorRounds)
      .where(eq(demoVendorRounds.id, String(debit?.body.roundId)))
    expect(row?.status).toBe('rolled_back')
  })

  it('a debit that never reached the wallet is rolled back too, and can never land later', async () => {
    wallet.lose({ op: 'debit', times: 3, when: 'before' })
    const { s } = await launch()
    expect((await call('slot/spin', { s, bet: '100' })).status).toBe(503)
    const rollback = wallet.calls.find((c) => c.op === 'rollback')
    expect(rollback?.body.refTxId).toMatch(/^demo-[0-9a-f-]{36}:d$/)
    expect(wallet.balances.get('player-1')).toBe(100_000n)
  })

  it('a credit whose answer is lost is left for the sweep job, which sends the same txId', async () => {
    wallet.lose({ op: 'credit', times: 3, when: 'before' })
    const { s } = await launch()
    const spin = await call('slot/spin', { s, bet: '100' })
    expect(spin.status).toBe(200)
    expect(spin.body.balance).toBeNull()
    expect(spin.body.round!.status).toBe('credit_pending')
    await runSweep()
    const credits = wallet.calls.filter((c) => c.op === 'credit')
    expect(credits).toHaveLength(1)
    expect(credits[0]?.body).toMatchObject({ roundId: spin.body.round!.id, txId: `${spin.body.round!.id}:c` })
    const [row] = await server.db
      .select()
      .from(demoVendorRounds)
      .where(eq(demoVendorRounds.id, spin.body.round!.id))
    expect(row?.status).toBe('settled')
    expect(wallet.balances.get('player-1')).toBe(100_000n - 100n + BigInt(spin.body.round!.win!))
  })
})

describe('the sweep job', () => {
  it('rolls back a rollback whose answer was lost, later, with the same txId', async () => {
    wallet.lose({ op: 'debit', times: 3, when: 'before' })
    wallet.lose({ op: 'rollback', times: 3, when: 'after' })
    const { s } = await launch()
    expect((await call('slot/spin', { s, bet: '100' })).status).toBe(503)
    const first = wallet.calls.filter((c) => c.op === 'rollback')
    expect(first).toHaveLength(3)
    const roundId = String(first[0]?.body.roundId)
    const [pending] = await server.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.id, roundId))
    expect(pending?.status).toBe('rollback_pending')
    await runSweep()
    const all = wallet.calls.filter((c) => c.op === 'rollback')
    expect(new Set(all.map((c) => c.body.txId)).size).toBe(1)
    const [done] = await server.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.id, roundId))
    expect(done?.status).toBe('rolled_back')
  })

  it('rolls back a debit left unanswered by a request that died', async () => {
    const { s } = await launch()
    const spin = await call('slot/spin', { s, bet: '100' })
    const id = spin.body.round!.id
    // As if the process stopped between the debit and its answer.
    await server.db
      .update(demoVendorRounds)
      .set({ status: 'debit_pending', createdAt: new Date(clock.now().getTime() - 10 * 60_000) })
      .where(eq(demoVendorRounds.id, id))
    await runSweep()
    expect(wallet.calls.find((c) => c.op === 'rollback')?.body).toMatchObject({ refTxId: `${id}:d` })
    const [row] = await server.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.id, id))
    expect(row?.status).toBe('rolled_back')
  })
})

describe('parallel rounds on one session', () => {
  it('never share a nonce, and each moves money once', async () => {
    const { s } = await launch()
    const spins = await Promise.all(Array.from({ length: 6 }, () => call('slot/spin', { s, bet: '100' })))
    expect(spins.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    const nonces = spins.map((r) => r.body.round!.fair!.nonce)
    expect(new Set(nonces).size).toBe(6)
    const wins = spins.reduce((a, r) => a + BigInt(r.body.round!.win!), 0n)
    expect(wallet.balances.get('player-1')).toBe(100_000n - 600n + wins)
    expect(moneyCalls().filter((op) => op === 'debit')).toHaveLength(6)
  })

  it('free play never spends more play money than the session has', async () => {
    const { s } = await launch({ playerToken: null })
    const start = BigInt((await call('session', { s })).body.balance!)
    const bet = start / 3n + 1n
    const spins = await Promise.all(
      Array.from({ length: 4 }, () => call('slot/spin', { s, bet: String(bet) })),
    )
    const played = spins.filter((r) => r.status === 200)
    // Without wins only two fit; the others are refused as a player would see it.
    for (const refused of spins.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(409)
      expect(refused.body.error).toBe('insufficient_funds')
    }
    const wins = played.reduce((a, r) => a + BigInt(r.body.round!.win!), 0n)
    const after = BigInt((await call('session', { s })).body.balance!)
    expect(after).toBe(start - bet * BigInt(played.length) + wins)
    expect(after).toBeGreaterThanOrEqual(0n)
  })
})

describe('its jobs', () => {
  it('hands the integrator a sweep job that pg-boss runs every minute and a prune job every hour', () => {
    expect(vendor.jobs.map((j) => [j.name, planSchedule(j)])).toEqual([
      ['demo-vendor.sweep', { kind: 'cron', cron: '* * * * *' }],
      ['demo-vendor.prune', { kind: 'cron', cron: '0 * * * *' }],
    ])
  })
})

async function runSweep(name = 'demo-vendor.sweep') {
  const job = vendor.jobs.find((j) => j.name === name)
  if (!job) throw new Error(`no job ${name}`)
  await job.handler({}, { id: 'test', attempt: 1, signal: new AbortController().signal, log: server.app.log })
}

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

describe('sports', () => {
  it('opens on the fixture the platform launched on: first in the list and marked featured', async () => {
    const sports = { ...launchRequest().game, gameType: 'SPORTS' as const, subType: null }
    const open = openFixtures('sports', clock.now().getTime(), 'DMO')
    const picked = open[4]!
    const { s } = await launch({ game: sports, matchId: picked.id })
    const list = await call('sports/fixtures', { s })
    expect(list.body.featured).toBe(picked.id)
    expect(list.body.fixtures!.map((f) => f.id)).toEqual([
      picked.id,
      ...open.filter((f) => f !== picked).map((f) => f.id),
    ])

    // A fixture it does not host (or none): the usual list, nothing featured.
    for (const matchId of ['OTHER-M101', undefined]) {
      const other = await call('sports/fixtures', { s: (await launch({ game: sports, matchId })).s })
      expect(other.body.featured).toBeNull()
      expect(other.body.fixtures!.map((f) => f.id)).toEqual(open.map((f) => f.id))
    }
    // A malformed id is not carried into the session at all.
    const odd = await launch({ game: sports, matchId: '<script>' })
    expect((await call('sports/fixtures', { s: odd.s })).body.featured).toBeNull()
  })

  it('opens on the launched fixture when it kicked off since it was featured: in play, then with its score', async () => {
    const sports = { ...launchRequest().game, gameType: 'SPORTS' as const, subType: null }
    const picked = openFixtures('sports', clock.now().getTime(), 'DMO')[0]!
    const { s } = await launch({ game: sports, matchId: picked.id })
    const first = await call('sports/fixtures', { s })
    expect(first.body.fixtures![0]).toMatchObject({ id: picked.id, state: 'open', score: null })

    // Kicked off between the platform's list and the tap: still first, marked, no odds.
    clock.advance(picked.kickOff - clock.now().getTime() + 1000)
    const inPlay = await call('sports/fixtures', { s })
    expect(inPlay.body.featured).toBe(picked.id)
    expect(inPlay.body.fixtures![0]).toMatchObject({ id: picked.id, state: 'inPlay', score: null })
    // The rest of the list is the fixtures still open, each once.
    const rest = inPlay.body.fixtures!.slice(1)
    expect(rest.map((f) => f.id)).toEqual(
      openFixtures('sports', clock.now().getTime(), 'DMO').map((f) => f.id),
    )
    expect(rest.every((f) => f.state === 'open')).toBe(true)
    expect((await call('sports/bet', { s, fixtureId: picked.id, pick: 'home', bet: '100' })).body.error).toBe(
      'fixture_closed',
    )

    // After full time: its score, the one the results endpoint tells.
    clock.advance(picked.fullTime - clock.now().getTime())
    const ended = await call('sports/fixtures', { s })
    const { score } = fixtureResult(picked, resultsSecretOf(sessionSecret))
    expect(ended.body.fixtures![0]).toMatchObject({ id: picked.id, state: 'fullTime', score })

    // Half an hour on it is no longer shown.
    clock.advance(30 * 60_000)
    const later = await call('sports/fixtures', { s })
    expect(later.body.featured).toBeNull()
    expect(later.body.fixtures!.map((f) => f.id)).not.toContain(picked.id)
  })

  it('takes single bets at placement and the sweep job credits the winner and closes the loser with zero', async () => {
    const { s } = await launch({ game: { ...launchRequest().game, gameType: 'ESPORTS', subType: null } })
    const list = await call('sports/fixtures', { s })
    expect(list.status).toBe(200)
    const fixtures = openFixtures('esports', clock.now().getTime(), 'DMO')
    expect(list.body.fixtures!.map((f) => f.id)).toEqual(fixtures.map((f) => f.id))
    const fixture = fixtures[0]!
    const result = fixtureResult(fixture, resultsSecretOf(sessionSecret))
    const winning: Pick = result.winner
    const losing: Pick = winning === 'home' ? 'away' : 'home'
    expect((await call('sports/bet', { s, fixtureId: fixture.id, pick: 'draw', bet: '100' })).status).toBe(
      400,
    )
    // Another book's match (another vendor's), or a match without a book, is not this page's to take.
    const other = openFixtures('esports', clock.now().getTime(), 'ESX')[0]!
    expect(other.league).not.toBe(fixture.league)
    for (const id of [other.id, fixture.id.replace('-DMO-', '-')]) {
      expect((await call('sports/bet', { s, fixtureId: id, pick: 'home', bet: '100' })).body.error).toBe(
        'fixture_closed',
      )
    }
    const won = await call('sports/bet', { s, fixtureId: fixture.id, pick: winning, bet: '1000' })
    const lost = await call('sports/bet', { s, fixtureId: fixture.id, pick: losing, bet: '500' })
    expect(won.status).toBe(200)
    expect(lost.status).toBe(200)
    expect(moneyCalls()).toEqual(['debit', 'debit'])
    expect(wallet.balances.get('player-1')).toBe(100_000n - 1500n)

    // Before full time the job leaves them open.
    await runSweep()
    expect(wallet.calls.filter((c) => c.op === 'credit')).toEqual([])
    // After kick-off no more bets.
    clock.advance(fixture.kickOff - clock.now().getTime())
    expect(
      (await call('sports/bet', { s, fixtureId: fixture.id, pick: winning, bet: '100' })).body.error,
    ).toBe('fixture_closed')
    clock.advance(fixture.fullTime - clock.now().getTime() + 1000)
    await runSweep()
    const credits = wallet.calls.filter((c) => c.op === 'credit')
    const odds = fixture.odds[winning] as number
    expect(credits.map((c) => [c.body.roundId, c.body.amount]).sort()).toEqual(
      [
        [won.body.round!.id, String((1000n * BigInt(odds)) / 100n)],
        [lost.body.round!.id, '0'],
      ].sort(),
    )
    expect(wallet.balances.get('player-1')).toBe(100_000n - 1500n + (1000n * BigInt(odds)) / 100n)
    // A second run finds nothing to do.
    await runSweep()
    expect(wallet.calls.filter((c) => c.op === 'credit')).toHaveLength(2)
    const mine = await call('sports/fixtures', { s })
    expect(mine.body.bets!.map((b) => b.status)).toEqual(['settled', 'settled'])
  })
})

describe('pruning', () => {
  const roundRow = async (id: string) =>
    (await server.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.id, id)))[0]
  const sessionRow = async (id: string) =>
    (await server.db.select().from(demoVendorSessions).where(eq(demoVendorSessions.id, id)))[0]

  it('forgets ended rounds a week on and expired sessions left with none; open bets and their sessions stay', async () => {
    const played = await launch()
    const spin = await call('slot/spin', { s: played.s, bet: '100' })
    const spun = await roundRow(spin.body.round!.id)
    expect(spun?.status).toBe('settled')

    const sports = await launch({ game: { ...launchRequest().game, gameType: 'SPORTS', subType: null } })
    const fixture = openFixtures('sports', clock.now().getTime(), 'DMO')[0]!
    const bet = await call('sports/bet', { s: sports.s, fixtureId: fixture.id, pick: 'home', bet: '100' })
    const open = await roundRow(bet.body.round!.id)
    expect(open?.status).toBe('open')

    // Six days on: all kept.
    clock.advance(6 * 24 * 3_600_000)
    await runSweep('demo-vendor.prune')
    expect(await roundRow(spun!.id)).toBeDefined()

    // Past the week and the session's 12 hours: the ended round and its session go.
    clock.advance(2 * 24 * 3_600_000)
    await runSweep('demo-vendor.prune')
    expect(await roundRow(spun!.id)).toBeUndefined()
    expect(await sessionRow(spun!.sessionId)).toBeUndefined()
    // The wallet still owes the bet its result: the round and its session stay.
    expect((await roundRow(open!.id))?.status).toBe('open')
    expect(await sessionRow(open!.sessionId)).toBeDefined()
  })
})
