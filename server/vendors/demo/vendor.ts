/**
 * The demo vendor: a game vendor living in this server but talking to the platform only as
 * a real one would. `createDemoVendor` gives the platform its adapter (launches), its
 * routes (game pages and their API under /demo-vendor/) and its job (the sweep that
 * settles sports bets and repeats lost wallet calls). Demo mode only.
 */
import { createHmac, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { locales } from '#contract/locales'
import { defineJob, type JobDefinition } from '../../jobs/define-job'
import type { Db } from '../../plugins/external/db'
import type { FixturesRequest, LaunchRequest, VendorAdapter, VendorFixture } from '../adapter'
import { createPlay, type Play } from './play'
import { registerDemoRoutes } from './routes'
import { matchIdPattern, SessionClaimsSchema, signSession, type GameKind } from './session-token'
import { slotPaytable, type SlotPaytable } from './slot'
import { bookPattern, openFixtures, type Fixture } from './sports'
import { createStore, type Store } from './store'
import { createWalletClient, type WalletTransport } from './wallet-client'

export const demoVendorId = 'demo'

export interface DemoVendorOptions {
  db: Db
  /** The HMAC secret the platform gave this vendor for its wallet calls. */
  walletSecret: string
  /** How wallet calls reach the platform (the integrator passes its own route, via inject). */
  transport: WalletTransport
  /** The vendor's own secret: signs play sessions and decides fixtures' results. */
  sessionSecret: string
  now?: () => Date
  rtp?: {
    /** The slot's return to player, 0.80 to 0.99 (default 0.96). */
    slot?: number
    /** The fish game's, per shot (default 0.95). */
    fish?: number
  }
  /** How long a launched session plays (default 12 hours). */
  sessionTtlMs?: number
  /**
   * How long ended rounds are kept for the player's history and the verify page (default 7
   * days); the prune job then removes them, and sessions left with no round once expired.
   */
  keepRoundsMs?: number
  /** Wallet call retries (defaults: 3 tries, 200 ms doubling). */
  wallet?: { attempts?: number; retryDelayMs?: number }
  /**
   * Put the session token after `#` instead of `?s=`: a fragment never reaches a server, so
   * no access log or proxy keeps it (the pages read either). Default false.
   */
  sessionInFragment?: boolean
  /** Who may frame the game pages (CSP frame-ancestors; default 'self'). */
  frameAncestors?: string[]
}

export interface DemoVendor {
  adapter: VendorAdapter
  register(app: FastifyInstance): Promise<void>
  jobs: JobDefinition[]
  /** The slot's paytable in use (its exact RTP: slot.ts exactRtp). */
  paytable: SlotPaytable
  /** Its rows (sessions and rounds). */
  store: Store
  /** The sweep the job runs, for tests and the bench. */
  play: Play
}

/** The job that settles sports bets and repeats lost credits and rollbacks, every minute. */
export const demoVendorSweep = { name: 'demo-vendor.sweep', payload: z.object({}) }

/** The job that forgets ended rounds and finished sessions, hourly. */
export const demoVendorPrune = { name: 'demo-vendor.prune', payload: z.object({}) }

/** The stand-in a game opens in. */
export function kindOfGame(game: LaunchRequest['game']): GameKind {
  switch (game.gameType) {
    case 'RNG':
      return game.subType === 'TG' ? 'table' : game.subType === 'AC' ? 'fish' : 'slot'
    case 'PVP':
    case 'COCKFIGHT':
      return 'table'
    case 'LIVE':
      return 'live'
    case 'FISH':
      return 'fish'
    case 'SPORTS':
      return 'sports'
    case 'ESPORTS':
      return 'esports'
    case 'LOTT':
    case 'ELOTT':
      return 'slot'
  }
}

/** The secret fixtures' results come from (derived from the vendor's own secret). */
export function resultsSecretOf(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('demo-vendor results').digest('hex')
}

const languages: readonly string[] = locales

/** Hundredths (245) as decimal odds ("2.45"). */
function decimalOdds(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`
}

function leagueIdOf(league: string): string {
  return league.toLowerCase().replace(/[^a-z0-9]+/g, '-')
}

/** The sports or esports stand-in's open fixtures as the platform features them. */
export function featuredFixturesAt(req: FixturesRequest): VendorFixture[] {
  const kind = req.gameType === 'SPORTS' ? 'sports' : 'esports'
  return openFixtures(kind, req.now.getTime(), bookPattern.test(req.vassalage) ? req.vassalage : undefined)
    .slice(0, req.limit)
    .map((f: Fixture) => ({
      matchId: f.id,
      leagueId: leagueIdOf(f.league),
      leagueName: f.league,
      sport: f.sport,
      homeTeam: f.home,
      awayTeam: f.away,
      startTime: new Date(f.kickOff),
      odds: {
        home: decimalOdds(f.odds.home),
        draw: f.odds.draw === null ? null : decimalOdds(f.odds.draw),
        away: decimalOdds(f.odds.away),
      },
    }))
}

function publicDir(): string {
  // Beside this module in the sources; from the compiled server, under the project root.
  const here = path.join(path.dirname(fileURLToPath(import.meta.url)), 'public')
  if (existsSync(here)) return here
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir)
    if (up === dir) throw new Error('no package.json above the server')
    dir = up
  }
  return path.join(dir, 'server/vendors/demo/public')
}

export function createDemoVendor(opts: DemoVendorOptions): DemoVendor {
  const now = opts.now ?? (() => new Date())
  const paytable = slotPaytable(opts.rtp?.slot ?? 0.96)
  const fishRtp = opts.rtp?.fish ?? 0.95
  if (!(fishRtp > 0.5 && fishRtp < 1)) throw new Error('the fish RTP must be between 0.5 and 1')
  const ttl = opts.sessionTtlMs ?? 12 * 3_600_000
  const resultsSecret = resultsSecretOf(opts.sessionSecret)
  const store = createStore(opts.db, now)
  const wallet = createWalletClient({
    vendorId: demoVendorId,
    secret: opts.walletSecret,
    transport: opts.transport,
    now,
    ...opts.wallet,
  })
  const play = createPlay({ store, wallet, now, resultsSecret })

  const adapter: VendorAdapter = {
    id: demoVendorId,
    async launch(req) {
      const language = req.language.slice(0, 2).toLowerCase()
      const kind = kindOfGame(req.game)
      const claims = SessionClaimsSchema.parse({
        sid: randomUUID(),
        player: req.playerToken,
        name: req.displayName.slice(0, 64),
        currency: req.currency.code,
        decimals: req.currency.decimals,
        language: languages.includes(language) ? language : 'en',
        gameCode: req.game.code,
        gameName: req.game.name.slice(0, 120),
        kind,
        lobbyPath: req.lobbyPath.slice(0, 200),
        ...((kind === 'sports' || kind === 'esports') && req.matchId && matchIdPattern.test(req.matchId)
          ? { match: req.matchId }
          : {}),
        ...((kind === 'sports' || kind === 'esports') && bookPattern.test(req.game.vassalage)
          ? { book: req.game.vassalage }
          : {}),
        exp: now().getTime() + ttl,
      })
      const token = signSession(opts.sessionSecret, claims)
      return { url: `/demo-vendor/play/${kind}${opts.sessionInFragment ? '#' : '?'}s=${token}` }
    },
    // Its virtual fixtures, the ones its sports and esports pages take bets on.
    featuredFixtures: (req) => Promise.resolve(featuredFixturesAt(req)),
  }

  const sweepJob = defineJob({
    ...demoVendorSweep,
    schedule: { everySeconds: 60 },
    retry: { limit: 2, delaySeconds: 10, backoff: true, maxDelaySeconds: 60 },
    timeoutSeconds: 120,
    async handler(_payload, { log }) {
      const counts = await play.sweep(log)
      if (counts.settled + counts.retried + counts.failed > 0) log.info(counts, 'demo vendor rounds swept')
    },
  })

  const keepRoundsMs = opts.keepRoundsMs ?? 7 * 24 * 3_600_000
  const pruneJob = defineJob({
    ...demoVendorPrune,
    schedule: { everySeconds: 3600 },
    retry: { limit: 3, delaySeconds: 30, backoff: true, maxDelaySeconds: 600 },
    timeoutSeconds: 600,
    async handler(_payload, { log }) {
      const t = now().getTime()
      // A session plays for `ttl`; its rounds are kept `keepRoundsMs` after that.
      const pruned = await store.prune(new Date(t - keepRoundsMs), new Date(t - ttl - keepRoundsMs))
      if (pruned.rounds + pruned.sessions > 0) log.info(pruned, 'demo vendor rounds and sessions pruned')
    },
  })

  return {
    adapter,
    paytable,
    play,
    store,
    jobs: [sweepJob, pruneJob],
    register: (app) =>
      registerDemoRoutes(app, {
        store,
        play,
        sessionSecret: opts.sessionSecret,
        resultsSecret,
        now,
        paytable,
        fishRtp,
        publicDir: publicDir(),
        frameAncestors: opts.frameAncestors ?? ["'self'"],
      }),
  }
}
