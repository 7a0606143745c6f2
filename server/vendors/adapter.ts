/**
 * The seam between the platform and a game vendor. A vendor (the demo vendor here, a real
 * aggregator later) implements `VendorAdapter` for launches; it moves money only through the
 * platform's seamless-wallet API over HTTP, signed, the way a real vendor would:
 *
 *   POST /vendor-api/<vendorId>/wallet/<balance|debit|credit|rollback>
 *   X-Vendor-Timestamp: <epoch ms>            refused when more than 5 minutes off
 *   X-Vendor-Signature: hex(HMAC-SHA256(secret, `${timestamp}.${rawBody}`))
 *
 * Bodies and answers are the zod schemas below; amounts are integer minor units of the
 * brand's currency as decimal strings, and every answer carries the player's balance after
 * the call. `txId` is the vendor's transaction id: unique per vendor (the database enforces
 * it); a retry with the same id and body answers the saved result, the same id with another
 * body is refused. A rollback of a debit the platform never saw is recorded and
 * acknowledged, and a later debit with that id is refused.
 */
import { createHmac } from 'node:crypto'
import { z } from 'zod/mini'
import type { GameType, MatchType, PlayType } from '#contract/games'

/** Integer minor units as a decimal string (no sign, no fraction). */
const minor = () => z.string().check(z.regex(/^\d{1,18}$/))
/** An id a vendor chose: letters, digits, dash, underscore, colon, dot. */
const vendorId = () => z.string().check(z.regex(/^[A-Za-z0-9_:.-]{1,64}$/))

/** Signature headers (lower-case, as Fastify gives them). */
export const timestampHeader = 'x-vendor-timestamp'
export const signatureHeader = 'x-vendor-signature'
/** How far a call's timestamp may be from the platform's clock. */
export const maxClockSkewMs = 5 * 60_000

export const walletCalls = ['balance', 'debit', 'credit', 'rollback'] as const
export type WalletCall = (typeof walletCalls)[number]

/** The platform path a vendor posts a wallet call to. */
export function walletPath(vendorId: string, call: WalletCall): string {
  return `/vendor-api/${encodeURIComponent(vendorId)}/wallet/${call}`
}

/** hex(HMAC-SHA256(secret, `${timestamp}.${rawBody}`)): what X-Vendor-Signature carries. */
export function signWalletCall(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')
}

/** The headers of a signed call with this exact body, stamped `at` (epoch ms). */
export function signedWalletHeaders(secret: string, rawBody: string, at: number): Record<string, string> {
  const timestamp = String(at)
  return {
    'content-type': 'application/json',
    [timestampHeader]: timestamp,
    [signatureHeader]: signWalletCall(secret, timestamp, rawBody),
  }
}

export const BalanceCallSchema = z.object({
  /** The player token the launch gave the vendor. */
  player: vendorId(),
})
export const DebitCallSchema = z.object({
  player: vendorId(),
  txId: vendorId(),
  roundId: vendorId(),
  gameId: vendorId(),
  amount: minor(),
})
export const CreditCallSchema = z.object({
  player: vendorId(),
  txId: vendorId(),
  roundId: vendorId(),
  gameId: vendorId(),
  amount: minor(),
  /** The round is over after this credit (a zero credit closes a lost round). */
  roundClosed: z._default(z.boolean(), true),
})
export const RollbackCallSchema = z.object({
  player: vendorId(),
  txId: vendorId(),
  /** The debit being taken back. */
  refTxId: vendorId(),
  roundId: vendorId(),
  gameId: vendorId(),
})

export const walletErrors = [
  'BAD_REQUEST',
  'INVALID_SIGNATURE',
  'UNKNOWN_PLAYER',
  'INSUFFICIENT_FUNDS',
  /** The txId was used before with a different call. */
  'TX_CONFLICT',
  /** A debit whose txId was rolled back before it arrived. */
  'TX_ROLLED_BACK',
  /**
   * A credit for a round that has no debit, or is closed; a debit into a closed or
   * cancelled round; a rollback of a debit whose round is already settled.
   */
  'ROUND_NOT_OPEN',
  /**
   * A debit (a new stake) while the vendor is under maintenance (the operator's switch or
   * a maintenance window). Credits and rollbacks still settle the rounds in flight.
   */
  'VENDOR_MAINTENANCE',
] as const
export type WalletError = (typeof walletErrors)[number]

export const WalletAnswerSchema = z.union([
  z.object({
    ok: z.literal(true),
    /** The player's balance after the call, minor units. */
    balance: minor(),
    currency: z.string(),
    /** The currency's decimals (minor units per major = 10^decimals). */
    decimals: z.int(),
    /** The platform's id for the movement (absent for balance). */
    reference: z.optional(z.string()),
    /** The call repeated an earlier one with the same txId: the saved answer. */
    replayed: z.optional(z.boolean()),
  }),
  z.object({
    ok: z.literal(false),
    error: z.enum(walletErrors),
    balance: z.optional(minor()),
  }),
])
export type WalletAnswer = z.infer<typeof WalletAnswerSchema>

/** What the platform tells a vendor when a member (or a visitor, for free play) launches a game. */
export interface LaunchRequest {
  merchantCode: string
  /** Opaque token for the seamless-wallet calls; null for free play (no platform money). */
  playerToken: string | null
  /** A display name the game may show (the username, or "Guest"). */
  displayName: string
  game: {
    code: string
    name: string
    gameType: GameType
    vassalage: string
    subType: string | null
  }
  currency: { code: string; decimals: number }
  language: string
  platform: PlayType
  roomId?: string | undefined
  matchId?: string | undefined
  /** The portal path the game's exit control returns to (the game's lobby). */
  lobbyPath: string
}

export interface LaunchAnswer {
  /** A path on the platform's own origin or an absolute https address. */
  url: string
  url2?: string
}

/** What the platform asks a sports or esports vendor for: the fixtures to feature in its lobby. */
export interface FixturesRequest {
  merchantCode: string
  /** The vendor code (vassalage) the fixtures are shown under. */
  vassalage: string
  gameType: MatchType
  now: Date
  /** At most this many, soonest first. */
  limit: number
}

/** A fixture the vendor takes bets on; its matchId comes back in the launch (`LaunchRequest.matchId`). */
export interface VendorFixture {
  matchId: string
  leagueId: string
  leagueName: string
  /** The sport or title (Football, Dota 2, …). */
  sport: string
  homeTeam: string
  awayTeam: string
  startTime: Date
  /** Decimal odds ("2.45"); draw null where a draw cannot happen. */
  odds: { home: string; draw: string | null; away: string }
}

export interface VendorAdapter {
  /** The id in the seamless-wallet path and the secret's name. */
  readonly id: string
  launch(req: LaunchRequest): Promise<LaunchAnswer>
  /**
   * The fixtures a sports or esports vendor features now (GCSGAME_getGameMatchV2), each one
   * it opens its game on when launched with that matchId. A vendor without it has its
   * fixtures from the platform's `game_matches` table (loaded by the operator), if any.
   */
  featuredFixtures?(req: FixturesRequest): Promise<VendorFixture[]>
}
