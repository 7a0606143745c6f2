/**
 * The sports and esports stand-ins: virtual fixtures that kick off every five minutes,
 * worked out from the clock and their id alone (no table), with odds at a fixed margin.
 * A fixture's result comes from an HMAC of its id under the vendor's own secret, so nobody
 * can know it before full time; the sweep job settles bets on it after full time.
 *
 * Books: each vendor code the stand-in serves (KSP, GSP, ESX…) is a book of its own, with
 * its own competition and fixtures (`sports-KSP-<slot>-<n>`), so two sports vendors in one
 * lobby never feature the same matches. The book picks its league from the kind's list by
 * a hash of its code. Ids without a book (`sports-<slot>-<n>`, bets placed before books)
 * are the first league's.
 */
import { createHash, createHmac } from 'node:crypto'

export const sportKinds = ['sports', 'esports'] as const
export type SportKind = (typeof sportKinds)[number]
export type Pick = 'home' | 'draw' | 'away'

export const fixturePeriodMs = 5 * 60_000
/** From kick-off to full time. */
export const fixtureLengthMs = 3 * 60_000
/** Fixtures per kick-off, and kick-offs offered ahead. */
const perSlot = 3
const slotsAhead = 3
/** What a pick returns on average (the odds' margin). */
export const sportsReturn = 0.94

interface League {
  sport: string
  league: string
  names: string[]
}

/** Each kind's competitions; a book plays one of them (bookLeague), the first for ids without a book. */
const leagues: Record<SportKind, readonly League[]> = {
  sports: [
    {
      sport: 'Football',
      league: 'Virtual Mekong League',
      names: [
        'Phnom Penh FC',
        'Angkor Tigers',
        'Siem Reap United',
        'Battambang City',
        'Kampot Stars',
        'Mekong Rovers',
        'Kep Mariners',
        'Takeo Lions',
      ],
    },
    {
      sport: 'Football',
      league: 'Virtual Angkor Cup',
      names: [
        'Preah Vihear FC',
        'Kratie Dolphins',
        'Pursat Eagles',
        'Koh Kong Sharks',
        'Kampong Cham Rangers',
        'Svay Rieng Warriors',
        'Pailin Gems',
        'Kandal Bulls',
      ],
    },
    {
      sport: 'Football',
      league: 'Virtual Gulf Premier',
      names: [
        'Sihanoukville Port',
        'Ream Navy',
        'Koh Rong Waves',
        'Trat Harbour',
        'Rayong Reef',
        'Phu Quoc Pearls',
        'Ha Tien Sails',
        'Kep Crabs',
      ],
    },
  ],
  esports: [
    {
      sport: 'Dota 2',
      league: 'Virtual SEA Masters',
      names: [
        'Lotus Esports',
        'Team Naga',
        'Jade Dragons',
        'Bangkok Blitz',
        'Hanoi Storm',
        'Manila Vipers',
        'Apsara Five',
        'Monsoon Gaming',
      ],
    },
    {
      sport: 'Dota 2',
      league: 'Virtual Mekong Clash',
      names: [
        'Tonle Titans',
        'River Kings',
        'Delta Five',
        'Cardamom Wolves',
        'Elephant Five',
        'Saigon Spark',
        'Vientiane Volt',
        'Chao Phraya Rush',
      ],
    },
  ],
}

/** A book is a vendor code: 2-8 capitals or digits. */
export const bookPattern = /^[A-Z0-9]{2,8}$/

function leagueOf(kind: SportKind, book: string | undefined): League {
  const list = leagues[kind]
  const at =
    book === undefined
      ? 0
      : createHash('sha256').update(`book:${book}`).digest().readUInt32BE(0) % list.length
  return list[at] as League
}

export interface Fixture {
  id: string
  kind: SportKind
  /** The book (vendor code) it belongs to; none for ids without one. */
  book: string | undefined
  sport: string
  league: string
  home: string
  away: string
  kickOff: number
  fullTime: number
  /** Odds in hundredths (250 = 2.50); draw is null where a draw cannot happen. */
  odds: { home: number; draw: number | null; away: number }
  /** Chances of each result (sum to 1). */
  chances: { home: number; draw: number; away: number }
}

/** A fixture id: kind, the book when it has one, the kick-off slot and the fixture's number in it. */
export const fixtureIdPattern = /^(sports|esports)-(?:([A-Z0-9]{2,8})-)?(\d{1,12})-(\d)$/

/** A fixture id of a book (or none): `sports-KSP-5901234-0`. */
export function fixtureId(kind: SportKind, book: string | undefined, slot: number, n: number): string {
  return book === undefined ? `${kind}-${slot}-${n}` : `${kind}-${book}-${slot}-${n}`
}

function unitFloat(bytes: Buffer, at = 0): number {
  return bytes.readUInt32BE(at) / 2 ** 32
}

export function fixtureById(id: string): Fixture | undefined {
  const m = fixtureIdPattern.exec(id)
  if (!m) return undefined
  const kind = m[1] as SportKind
  const book = m[2]
  const slot = Number(m[3])
  const n = Number(m[4])
  if (n >= perSlot) return undefined
  const h = createHash('sha256').update(id).digest()
  const t = leagueOf(kind, book)
  const homeIndex = Math.floor(unitFloat(h, 0) * t.names.length)
  const awayIndex = (homeIndex + 1 + Math.floor(unitFloat(h, 4) * (t.names.length - 1))) % t.names.length
  const draw = kind === 'sports' ? 0.22 + unitFloat(h, 8) * 0.08 : 0
  const home = (1 - draw) * (0.3 + unitFloat(h, 12) * 0.4)
  const away = 1 - draw - home
  const odds = (p: number) => Math.max(101, Math.floor((100 * sportsReturn) / p))
  const kickOff = slot * fixturePeriodMs
  return {
    id,
    kind,
    book,
    sport: t.sport,
    league: t.league,
    home: t.names[homeIndex] as string,
    away: t.names[awayIndex] as string,
    kickOff,
    fullTime: kickOff + fixtureLengthMs,
    odds: { home: odds(home), draw: draw > 0 ? odds(draw) : null, away: odds(away) },
    chances: { home, draw, away },
  }
}

/** The book's fixtures still open for bets at `now`, soonest first. */
export function openFixtures(kind: SportKind, now: number, book?: string): Fixture[] {
  const first = Math.floor(now / fixturePeriodMs) + 1
  const out: Fixture[] = []
  for (let slot = first; slot < first + slotsAhead; slot++) {
    for (let n = 0; n < perSlot; n++) {
      const f = fixtureById(fixtureId(kind, book, slot, n))
      if (f) out.push(f)
    }
  }
  return out
}

/** How long after full time a fixture the platform launched on is still shown, with its score. */
export const shownAfterFullTimeMs = 30 * 60_000

/**
 * The fixture a play session was launched on, when it is this page's (its kind and book) and
 * still worth showing at `now`: open, in play, or ended less than `shownAfterFullTimeMs` ago.
 * A featured list the platform cached can offer a match that kicked off a moment ago; the
 * player who taps it still lands on it.
 */
export function launchedFixture(
  kind: SportKind,
  book: string | undefined,
  matchId: string | undefined,
  now: number,
): Fixture | undefined {
  const f = matchId === undefined ? undefined : fixtureById(matchId)
  if (!f || f.kind !== kind || f.book !== book) return undefined
  if (f.kickOff > now + (slotsAhead + 1) * fixturePeriodMs) return undefined
  return now < f.fullTime + shownAfterFullTimeMs ? f : undefined
}

/** Whether a bet on this fixture can still be taken at `now`. */
export function fixtureOpen(f: Fixture, now: number): boolean {
  return now < f.kickOff && f.kickOff <= now + (slotsAhead + 1) * fixturePeriodMs
}

export interface FixtureResult {
  winner: Pick
  score: [number, number]
}

/** The fixture's result: only the holder of `secret` can know it, and only after full time it is told. */
export function fixtureResult(f: Fixture, secret: string): FixtureResult {
  const h = createHmac('sha256', secret).update(`result:${f.id}`).digest()
  const u = unitFloat(h, 0)
  const winner: Pick = u < f.chances.home ? 'home' : u < f.chances.home + f.chances.draw ? 'draw' : 'away'
  const v = unitFloat(h, 4)
  let score: [number, number]
  if (f.kind === 'esports') {
    score = v < 0.5 ? [2, 0] : [2, 1]
  } else if (winner === 'draw') {
    const g = Math.floor(v * 3)
    score = [g, g]
  } else {
    const loser = Math.floor(v * 2)
    score = [loser + 1 + Math.floor(unitFloat(h, 8) * 2), loser]
  }
  return { winner, score: winner === 'away' ? [score[1], score[0]] : score }
}

/** The odds of a pick, hundredths; undefined when the fixture offers no such pick. */
export function oddsOf(f: Fixture, pick: Pick): number | undefined {
  return f.odds[pick] ?? undefined
}

export function sportsWin(bet: bigint, oddsHundredths: number, won: boolean): bigint {
  return won ? (bet * BigInt(oddsHundredths)) / 100n : 0n
}
