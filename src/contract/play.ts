/**
 * Playing: launching a vendor game for real money or as a trial, and the winners board fed
 * by settled rounds. The vendor-facing seamless wallet (balance, debit, credit, rollback) is
 * not a PWA call and lives with the server's vendor adapters (server/vendors/).
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { GameSchema, GameTypeSchema, PlayTypeSchema } from './games'
import { MoneySchema } from './money'
import { text } from './text'
import { walletModes } from './wallet-values'

/** A game code: letters, digits, dash and underscore. */
const gameCode = () => text(40).check(z.regex(/^[A-Za-z0-9_-]+$/, 'not a game code'))
/** A vendor code (vassalage). */
const vendorCode = () => text(16).check(z.regex(/^[A-Za-z0-9_]+$/, 'not a vendor code'))
/** A flag sent in a query string as 0 or 1. */
const queryFlag = () =>
  z.pipe(
    z.union([z.literal(0), z.literal(1), z.enum(['0', '1'])]),
    z.transform((v) => Number(v) === 1),
  )

/** `GLS` launches a vendor game; `LOTT` the lottery lobby (the lottery issue). */
export const launchModes = ['GLS', 'LOTT'] as const

export const LaunchQuerySchema = z.object({
  /** The game's code (GameSchema.gameId); a PVP room launch names the room as well. */
  gameId: gameCode(),
  roomId: z.optional(text(40)),
  nodeId: z.optional(text(40)),
  /** Sports and esports: the featured fixture to open on. */
  matchId: z.optional(text(40)),
  leagueId: z.optional(text(40)),
  /** 1 real money, 0 free play (the trial launch answers free play for visitors). */
  accountType: z._default(queryFlag(), true),
  /**
   * Multi-wallet brands: 1 when the member answered the empty-wallet offer (the PWA has
   * made the transfer with wallet.transfer, or the member goes on without one). The launch
   * then goes ahead while the vendor's or the main wallet holds money; the platform never
   * moves money on a launch.
   */
  confirmTrans: z._default(queryFlag(), false),
  vassalage: z.optional(vendorCode()),
  launchMode: z.enum(launchModes),
  platform: z._default(PlayTypeSchema, 'html5'),
  clientType: z.optional(text(8)),
  language: z.optional(text(8)),
  merchantCode: z.optional(text(32)),
  token: z.optional(text(200)),
  username: z.optional(text(64)),
})
export type LaunchQuery = z.infer<typeof LaunchQuerySchema>

export const LaunchSchema = z.object({
  content: z.object({
    /** The address the /game frame opens (on a launch CDN host when the brand has any). */
    game_url: z.string(),
    /** A second address some vendors give (the desktop client's); the frame prefers game_url. */
    game_url2: z.optional(z.string()),
  }),
  /** The launched game, for the frame's title and the way back to its lobby. */
  game: GameSchema,
})
export type Launch = z.infer<typeof LaunchSchema>

/**
 * The value of `launch_game_balance_not_enough`: what the member has where, so the PWA can
 * offer a deposit (nothing anywhere) or a transfer into the vendor's wallet (multi-wallet).
 */
export const LaunchBalanceValueSchema = z.object({
  walletMode: z.enum(walletModes),
  /** The wallet the game plays from (0 = main in single-wallet mode). */
  accountTypeId: z.int(),
  balance: MoneySchema,
  mainBalance: MoneySchema,
})
export type LaunchBalanceValue = z.infer<typeof LaunchBalanceValueSchema>

/** The value of `vendor_under_maintenance` on a launch. */
export const LaunchMaintenanceValueSchema = z.object({
  content: z.object({
    data: z.object({
      /** When the window ends, epoch ms; null when the operator switched the vendor off. */
      maintainTime: z.nullable(z.number()),
      gameType: GameTypeSchema,
      vassalage: z.string(),
    }),
  }),
})

export const TrialLaunchQuerySchema = z.object({
  gameId: gameCode(),
  vassalage: z.optional(vendorCode()),
  platform: z._default(PlayTypeSchema, 'html5'),
  language: z.optional(text(8)),
})

export const WinnerBoardQuerySchema = z.object({
  gameType: z.optional(GameTypeSchema),
  limit: z._default(
    z
      .pipe(
        z.union([z.int(), text().check(z.regex(/^\d{1,3}$/))]),
        z.transform((v) => Number(v)),
      )
      .check(z.gte(1), z.lte(50)),
    20,
  ),
})

export const WinnerSchema = z.object({
  /** The winner's username, masked (`pl***er`). */
  username: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  gameType: GameTypeSchema,
  vassalage: z.string(),
  /** What the round paid, in the brand's currency. */
  payout: MoneySchema,
  /** Payout over stake, one decimal (`12.5`). */
  multiplier: z.string(),
  /** Settled at, epoch ms. */
  time: z.number(),
})
export const WinnerBoardSchema = z.object({ list: z.array(WinnerSchema) })
export type Winner = z.infer<typeof WinnerSchema>

export const playEndpoints = {
  launchGame: defineEndpoint({
    name: 'play.launchGame',
    method: 'GET',
    path: '/wps/game/launchGame',
    // A trial account launches the free-play games with its play money (others: in_need_true_account).
    auth: 'session',
    encrypted: false,
    modId: 'GAMELO3',
    query: LaunchQuerySchema,
    response: LaunchSchema,
    errors: [
      'feature_disabled',
      'game_not_found',
      'vendor_not_found',
      'vendor_under_maintenance',
      'launch_game_balance_not_enough',
      'in_need_true_account',
      'game_trial_unavailable',
      'service_unavailable',
    ],
  }),
  trialLaunch: defineEndpoint({
    name: 'play.trialLaunch',
    method: 'GET',
    path: '/wps/relay/GCS_gameTrialLaunch',
    auth: 'public',
    encrypted: false,
    modId: 'GAMELO3',
    query: TrialLaunchQuerySchema,
    response: LaunchSchema,
    errors: [
      'feature_disabled',
      'game_not_found',
      'vendor_not_found',
      'vendor_under_maintenance',
      'game_trial_unavailable',
      'service_unavailable',
    ],
  }),
  winnerBoard: defineEndpoint({
    name: 'play.winnerBoard',
    method: 'GET',
    path: '/wps/relay/ODSFE2_getWinnerBoard',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    modId: 'COMM3',
    query: WinnerBoardQuerySchema,
    response: WinnerBoardSchema,
    errors: [],
  }),
} as const
