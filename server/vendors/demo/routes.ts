/**
 * The demo vendor's HTTP side, all under /demo-vendor/: its game pages and their static
 * files, and the API the pages call. The pages run in the portal's `sandbox="allow-scripts"`
 * frame, an opaque origin: the API answers CORS for any origin (`Origin: null`), never reads
 * a cookie, and knows the player only by the session token in the request body.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod/mini'
import { sha256Hex, type FairInput } from './fair'
import { fishMultipliers, fishRound, fishWin } from './fish'
import { chipsFor, freePlayStart, maxStake } from './money'
import { PlayRefused, type Play } from './play'
import { tokenPattern, verifySession, type SessionClaims } from './session-token'
import { slotLines, slotRound, slotWin, type SlotPaytable } from './slot'
import {
  fixtureById,
  fixtureIdPattern,
  fixtureOpen,
  fixtureResult,
  launchedFixture,
  oddsOf,
  openFixtures,
  type SportKind,
} from './sports'
import type { RoundPlan, RoundRow, Store } from './store'
import { tableRound, tableSpots, tableWin, type TableBets } from './table'

export interface RoutesDeps {
  store: Store
  play: Play
  sessionSecret: string
  resultsSecret: string
  now: () => Date
  paytable: SlotPaytable
  fishRtp: number
  publicDir: string
  frameAncestors: string[]
}

const token = () => z.string().check(z.regex(tokenPattern))
const amount = () => z.string().check(z.regex(/^\d{1,15}$/))
const clientSeed = () => z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/))
const TableBetsSchema = z.object({
  dragon: z.optional(amount()),
  tiger: z.optional(amount()),
  tie: z.optional(amount()),
})

const SessionBody = z.object({ s: token() })
const SeedBody = z.object({ s: token(), clientSeed: clientSeed() })
const SpinBody = z.object({ s: token(), bet: amount() })
const DealBody = z.object({ s: token(), bets: TableBetsSchema })
const ShootBody = z.object({
  s: token(),
  bet: amount(),
  target: z.int().check(z.gte(0), z.lt(fishMultipliers.length)),
})
const SportsBetBody = z.object({
  s: token(),
  fixtureId: z.string().check(z.regex(fixtureIdPattern)),
  pick: z.enum(['home', 'draw', 'away']),
  bet: amount(),
})
const VerifyBody = z.object({
  game: z.enum(['slot', 'table', 'fish']),
  serverSeed: z.string().check(z.regex(/^[A-Za-z0-9]{1,128}$/)),
  clientSeed: clientSeed(),
  nonce: z.int().check(z.gte(0), z.lte(2_147_483_647)),
  bet: z.optional(amount()),
  target: z.optional(z.int().check(z.gte(0), z.lt(fishMultipliers.length))),
  bets: z.optional(TableBetsSchema),
})

type Failure = { status: number; error: string; message: string }
class ApiFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message)
  }
}
const fail = (status: number, error: string, message: string) => new ApiFailure({ status, error, message })

function parse<S extends z.ZodMiniType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw fail(400, 'bad_request', 'the request does not have the expected fields')
  return parsed.data
}

/**
 * The games' Khmer text in the portal's own Khmer font (its Khmer subset), served beside the
 * games' sheet: a phone or browser without a Khmer font of its own would show boxes.
 */
const khmerFonts: Record<string, string> = {
  'khmer-400.woff2': '@fontsource/noto-sans-khmer/files/noto-sans-khmer-khmer-400-normal.woff2',
  'khmer-700.woff2': '@fontsource/noto-sans-khmer/files/noto-sans-khmer-khmer-700-normal.woff2',
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

/**
 * The pages, made once from the one shared shell (public/page.html): each its title, its
 * script and what its main area shows until the script has run.
 */
const pages: Record<string, { title: string; main: string }> = {
  slot: { title: 'Demo games', main: '<p class="outcome">…</p>' },
  table: { title: 'Demo games', main: '<p class="outcome">…</p>' },
  fish: { title: 'Demo games', main: '<p class="outcome">…</p>' },
  sports: { title: 'Demo games', main: '<p class="outcome">…</p>' },
  verify: { title: 'Verify a round', main: '' },
}

function pageOf(shell: string, game: string, p: { title: string; main: string }): Buffer {
  const values: Record<string, string> = { title: p.title, game, main: p.main }
  return Buffer.from(shell.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k] ?? ''))
}

const pageOfKind: Record<string, string> = {
  slot: 'slot.html',
  table: 'table.html',
  live: 'table.html',
  fish: 'fish.html',
  sports: 'sports.html',
  esports: 'sports.html',
}

function cors(_req: FastifyRequest, reply: FastifyReply, done: () => void) {
  void reply.headers({
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
    'access-control-max-age': '600',
    'cache-control': 'no-store',
  })
  done()
}

/** A round as the page shows it: amounts as strings, the seeds revealed. */
function roundView(round: RoundRow) {
  return {
    id: round.id,
    game: round.game,
    status: round.status,
    bet: String(round.bet),
    win: round.win === null ? null : String(round.win),
    result: round.result,
    fair:
      round.serverSeed === null
        ? null
        : {
            serverSeed: round.serverSeed,
            serverSeedHash: sha256Hex(round.serverSeed),
            clientSeed: round.clientSeed,
            nonce: round.nonce,
          },
    time: round.createdAt.getTime(),
  }
}

export async function registerDemoRoutes(app: FastifyInstance, deps: RoutesDeps): Promise<void> {
  const { store, play, now } = deps
  const files = new Map<string, { body: Buffer; type: string }>()
  for (const name of readdirSync(deps.publicDir)) {
    const type = contentTypes[path.extname(name)]
    if (type && name !== 'page.html')
      files.set(name, { body: readFileSync(path.join(deps.publicDir, name)), type })
  }
  const require = createRequire(import.meta.url)
  for (const [name, from] of Object.entries(khmerFonts)) {
    files.set(name, { body: readFileSync(require.resolve(from)), type: 'font/woff2' })
  }
  const shell = readFileSync(path.join(deps.publicDir, 'page.html'), 'utf8')
  for (const [game, p] of Object.entries(pages)) {
    files.set(`${game}.html`, { body: pageOf(shell, game, p), type: 'text/html; charset=utf-8' })
  }
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${deps.frameAncestors.join(' ')}`,
  ].join('; ')

  function sendFile(reply: FastifyReply, name: string) {
    const file = files.get(name)
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('not found')
    void reply.type(file.type)
    if (file.type.startsWith('text/html')) {
      void reply.header('content-security-policy', csp).header('cache-control', 'no-cache')
      if (deps.frameAncestors.join(' ') !== "'self'") void reply.removeHeader('x-frame-options')
    } else {
      // Fetched without CORS by a page of an opaque origin: allowed across origins.
      void reply
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'public, max-age=300')
    }
    return reply.send(file.body)
  }

  app.get('/demo-vendor/play/:kind', (req, reply) => {
    const { kind } = req.params as { kind?: string }
    return sendFile(reply, pageOfKind[kind ?? ''] ?? '')
  })
  app.get('/demo-vendor/verify', (_req, reply) => sendFile(reply, 'verify.html'))
  app.get('/demo-vendor/static/:file', (req, reply) => {
    const { file } = req.params as { file?: string }
    const name = file ?? ''
    return sendFile(reply, name.endsWith('.html') ? '' : name)
  })

  app.options('/demo-vendor/api/*', { onRequest: cors }, (_req, reply) => reply.code(204).send())

  function claimsOf(s: string): SessionClaims {
    const check = verifySession(deps.sessionSecret, s, now())
    if (!check.ok) {
      throw check.reason === 'expired'
        ? fail(401, 'session_expired', 'the game session has expired: open the game again')
        : fail(401, 'session_invalid', 'the game session is not valid')
    }
    return check.claims
  }

  function requireKind(claims: SessionClaims, ...kinds: SessionClaims['kind'][]) {
    if (!kinds.includes(claims.kind)) throw fail(400, 'wrong_game', 'this session plays another game')
  }

  function stake(claims: SessionClaims, raw: string, min = 1n): bigint {
    const value = BigInt(raw)
    if (value < min || value > maxStake(claims.currency, claims.decimals)) {
      throw fail(400, 'bad_stake', 'the stake is outside the table limits')
    }
    return value
  }

  const freeStart = (c: SessionClaims) => freePlayStart(c.currency, c.decimals)

  async function balanceOf(claims: SessionClaims): Promise<string | null> {
    if (claims.player === null) {
      const s = await store.ensureSession(claims, freeStart(claims))
      return s.playBalance === null ? null : String(s.playBalance)
    }
    const b = await play.balance(claims.player)
    return b === null ? null : String(b)
  }

  async function fairView(claims: SessionClaims) {
    const s = await store.ensureSession(claims, freeStart(claims))
    return { serverSeedHash: sha256Hex(s.serverSeed), clientSeed: s.clientSeed, nonce: s.nonce }
  }

  async function playRound(
    claims: SessionClaims,
    plan: (fair: FairInput) => RoundPlan,
    opts: { fair: boolean } = { fair: true },
  ) {
    try {
      const answer = await play.play(claims, freeStart(claims), plan, opts)
      return {
        ok: true,
        round: roundView(answer.round),
        balance: answer.balance === null ? null : String(answer.balance),
        next: opts.fair ? await fairView(claims) : null,
      }
    } catch (err) {
      if (!(err instanceof PlayRefused)) throw err
      const status = err.code === 'wallet_unavailable' ? 503 : 409
      const messages = {
        insufficient_funds: 'the balance is too low for this stake',
        wallet_unavailable: 'the wallet did not answer: nothing was staked',
        wallet_refused: 'the wallet refused the stake',
        vendor_maintenance: 'the game is under maintenance: no new stakes, open bets still settle',
      }
      throw fail(status, err.code, messages[err.code])
    }
  }

  type Handler = (body: unknown) => Promise<object>
  function api(url: string, handler: Handler) {
    app.post(url, { onRequest: cors, bodyLimit: 8192 }, async (req, reply) => {
      try {
        return reply.send(await handler(req.body))
      } catch (err) {
        if (!(err instanceof ApiFailure)) throw err
        const { status, error, message } = err.failure
        return reply.code(status).send({ ok: false, error, message })
      }
    })
  }

  api('/demo-vendor/api/session', async (body) => {
    const { s } = parse(SessionBody, body)
    const claims = claimsOf(s)
    const games = claims.kind === 'live' ? ['table'] : claims.kind === 'esports' ? ['sports'] : [claims.kind]
    return {
      ok: true,
      kind: claims.kind,
      game: { code: claims.gameCode, name: claims.gameName },
      player: claims.name,
      language: claims.language,
      currency: claims.currency,
      decimals: claims.decimals,
      free: claims.player === null,
      lobbyPath: claims.lobbyPath,
      balance: await balanceOf(claims),
      chips: chipsFor(claims.currency, claims.decimals).map(String),
      fair: await fairView(claims),
      slot: { paytable: deps.paytable, lines: slotLines },
      fish: { multipliers: fishMultipliers },
      history: (await store.recentRounds(claims.sid, games, 10)).map(roundView),
    }
  })

  api('/demo-vendor/api/seed', async (body) => {
    const b = parse(SeedBody, body)
    const claims = claimsOf(b.s)
    await store.ensureSession(claims, freeStart(claims))
    await store.setClientSeed(claims.sid, b.clientSeed)
    return { ok: true, fair: await fairView(claims) }
  })

  api('/demo-vendor/api/slot/spin', async (body) => {
    const b = parse(SpinBody, body)
    const claims = claimsOf(b.s)
    requireKind(claims, 'slot')
    const bet = stake(claims, b.bet)
    return playRound(claims, (fair) => {
      const outcome = slotRound(fair, deps.paytable)
      return { game: 'slot', bet, win: slotWin(bet, outcome), result: outcome }
    })
  })

  api('/demo-vendor/api/table/deal', async (body) => {
    const b = parse(DealBody, body)
    const claims = claimsOf(b.s)
    requireKind(claims, 'table', 'live')
    const bets: TableBets = {}
    let total = 0n
    for (const spot of tableSpots) {
      const raw = b.bets[spot]
      if (raw === undefined || raw === '0') continue
      bets[spot] = stake(claims, raw)
      total += bets[spot]
    }
    if (total === 0n) throw fail(400, 'bad_stake', 'place a chip first')
    stake(claims, String(total))
    const shown = Object.fromEntries(Object.entries(bets).map(([k, v]) => [k, String(v)]))
    return playRound(claims, (fair) => {
      const outcome = tableRound(fair)
      return { game: 'table', bet: total, win: tableWin(bets, outcome), result: { ...outcome, bets: shown } }
    })
  })

  api('/demo-vendor/api/fish/shoot', async (body) => {
    const b = parse(ShootBody, body)
    const claims = claimsOf(b.s)
    requireKind(claims, 'fish')
    const bet = stake(claims, b.bet)
    return playRound(claims, (fair) => {
      const outcome = fishRound(fair, b.target, deps.fishRtp)
      return { game: 'fish', bet, win: fishWin(bet, outcome), result: outcome }
    })
  })

  api('/demo-vendor/api/sports/fixtures', async (body) => {
    const { s } = parse(SessionBody, body)
    const claims = claimsOf(s)
    requireKind(claims, 'sports', 'esports')
    const bets = await store.recentRounds(claims.sid, ['sports'], 20)
    const at = now().getTime()
    const kind = claims.kind as SportKind
    const open = openFixtures(kind, at, claims.book)
    // Launched on one of its fixtures: that one first, marked, so the page opens on it; one
    // that has kicked off since it was featured is still shown, in play or with its score.
    const featured = launchedFixture(kind, claims.book, claims.match, at)
    return {
      ok: true,
      featured: featured?.id ?? null,
      fixtures: [...(featured ? [featured] : []), ...open.filter((f) => f.id !== featured?.id)].map((f) => ({
        id: f.id,
        sport: f.sport,
        league: f.league,
        home: f.home,
        away: f.away,
        kickOff: f.kickOff,
        odds: f.odds,
        state: fixtureOpen(f, at) ? 'open' : at < f.fullTime ? 'inPlay' : 'fullTime',
        // Told only after full time, as the result endpoint does.
        score: at < f.fullTime ? null : fixtureResult(f, deps.resultsSecret).score,
      })),
      bets: bets.map(roundView),
      balance: await balanceOf(claims),
    }
  })

  api('/demo-vendor/api/sports/bet', async (body) => {
    const b = parse(SportsBetBody, body)
    const claims = claimsOf(b.s)
    requireKind(claims, 'sports', 'esports')
    const fixture = fixtureById(b.fixtureId)
    if (
      !fixture ||
      fixture.kind !== claims.kind ||
      fixture.book !== claims.book ||
      !fixtureOpen(fixture, now().getTime())
    ) {
      throw fail(400, 'fixture_closed', 'this fixture no longer takes bets')
    }
    const odds = oddsOf(fixture, b.pick)
    if (odds === undefined) throw fail(400, 'bad_pick', 'this fixture has no such result')
    const bet = stake(claims, b.bet)
    return playRound(
      claims,
      () => ({
        game: 'sports',
        bet,
        win: null,
        result: {
          fixtureId: fixture.id,
          pick: b.pick,
          odds,
          home: fixture.home,
          away: fixture.away,
          kickOff: fixture.kickOff,
        },
        settleAfter: new Date(fixture.fullTime),
      }),
      { fair: false },
    )
  })

  api('/demo-vendor/api/verify', async (body) => {
    const b = parse(VerifyBody, body)
    const fair = { serverSeed: b.serverSeed, clientSeed: b.clientSeed, nonce: b.nonce }
    const bet = BigInt(b.bet ?? '0')
    let outcome: object
    let win: bigint
    if (b.game === 'slot') {
      const o = slotRound(fair, deps.paytable)
      outcome = o
      win = slotWin(bet, o)
    } else if (b.game === 'fish') {
      const o = fishRound(fair, b.target ?? 0, deps.fishRtp)
      outcome = o
      win = fishWin(bet, o)
    } else {
      const bets: TableBets = {}
      for (const spot of tableSpots) {
        const raw = b.bets?.[spot]
        if (raw !== undefined) bets[spot] = BigInt(raw)
      }
      const o = tableRound(fair)
      outcome = o
      win = tableWin(bets, o)
    }
    return { ok: true, serverSeedHash: sha256Hex(b.serverSeed), outcome, win: String(win) }
  })

  // Kept for the sports page: what a settled fixture ended as (after full time only).
  api('/demo-vendor/api/sports/result', async (body) => {
    const b = parse(z.object({ fixtureId: SportsBetBody.shape.fixtureId }), body)
    const fixture = fixtureById(b.fixtureId)
    if (!fixture || now().getTime() < fixture.fullTime) throw fail(400, 'not_finished', 'not finished yet')
    return { ok: true, result: fixtureResult(fixture, deps.resultsSecret) }
  })
}
