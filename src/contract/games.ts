/**
 * Game vendors, the game catalogue, favourites, recent games, rooms, ranks and featured
 * matches; launching comes later.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { MoneySchema } from './money'
import { intFromQuery, pageOf, PageQueryShape } from './paging'
import { text } from './text'

export const gameTypes = [
  'LOTT',
  'ELOTT',
  'LIVE',
  'SPORTS',
  'ESPORTS',
  'RNG',
  'FISH',
  'PVP',
  'COCKFIGHT',
] as const
export const GameTypeSchema = z.enum(gameTypes)
export type GameType = z.infer<typeof GameTypeSchema>

/**
 * Where each game type lives in the portal: its page (esports shares the sports page,
 * cockfights the live casino's). A game frame goes back there.
 */
export const gameTypeRoutes = {
  LOTT: '/lottery',
  ELOTT: '/elott',
  LIVE: '/live',
  SPORTS: '/sports',
  ESPORTS: '/sports',
  RNG: '/rng',
  FISH: '/fish',
  PVP: '/pvp',
  COCKFIGHT: '/live',
} as const satisfies Record<GameType, `/${string}`>
export type GameTypeRoute = (typeof gameTypeRoutes)[GameType]

/** The lobbies whose first screen is their vendor tabs and the open tab's games. */
export const vendorLobbyTypes = ['RNG', 'LIVE', 'FISH', 'PVP'] as const satisfies readonly GameType[]

export const VendorCardSchema = z.object({
  /** The vendor wallet's id in the member's wallets. */
  accountTypeId: z.int(),
  accountTypeName: z.string(),
  /** The vendor code used by game lists and launches. */
  vassalage: z.string(),
  gameType: GameTypeSchema,
  displayName: z.string(),
  logo: z.string(),
  isHot: z.boolean(),
  maintenance: z.boolean(),
})
export type VendorCard = z.infer<typeof VendorCardSchema>

export const VendorLaneSchema = z.object({
  title: z.string(),
  gameType: GameTypeSchema,
  cards: z.array(VendorCardSchema),
})
export type VendorLane = z.infer<typeof VendorLaneSchema>

/** RNG sub-types (`gameClassify`): slots, video poker, jackpots, table games, arcade, bingo. */
export const rngSubTypes = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const
export const GameClassifySchema = z.enum(rngSubTypes)
export type GameClassify = z.infer<typeof GameClassifySchema>

/** GAME starts a game; VASSALAGE is a vendor entry that opens that vendor's game list. */
export const isGameValues = ['GAME', 'VASSALAGE'] as const
export type IsGame = (typeof isGameValues)[number]
export const IsGameSchema = z.enum(isGameValues)

/** The platforms a game runs on; the launch sends it as `platform`. */
export const playTypes = ['html5', 'html5-desktop', 'flash'] as const
export const PlayTypeSchema = z.enum(playTypes)
export type PlayType = z.infer<typeof PlayTypeSchema>

/** How many favourite games one member may keep. */
export const maxFavoriteGames = 60
/** The longest game-name search, in characters. */
export const maxGameSearchLength = 40

/** A game code: letters, digits, dash and underscore. */
const gameCodeSchema = text(40).check(z.regex(/^[A-Za-z0-9_-]+$/, 'not a game code'))
const gameCode = () => gameCodeSchema
/** A vendor code (vassalage). */
const vendorCodeSchema = text(16).check(z.regex(/^[A-Za-z0-9_]+$/, 'not a vendor code'))
const vendorCode = () => vendorCodeSchema

/** A small whole number from a query string. */
const queryInt = (min: number, max: number) => intFromQuery(min, max, 6)

export const GameSchema = z.object({
  /** The game's code; launches and favourites name a game by it. */
  gameId: z.string(),
  gameName: z.string(),
  gameType: GameTypeSchema,
  /** The RNG sub-type, when the game has one. */
  gameClassify: z.nullable(GameClassifySchema),
  vassalage: z.string(),
  /** The vendor wallet the game plays from. */
  accountTypeId: z.int(),
  accountTypeName: z.string(),
  /** The thumbnail, relative to an image CDN host (`games/<code>.svg?v=…`). */
  iconUrl: z.string(),
  isGame: IsGameSchema,
  defaultPlayType: PlayTypeSchema,
  isHot: z.boolean(),
  isNew: z.boolean(),
  /** A trial (free play) launch is offered. */
  freeplay: z.boolean(),
  /** The game has rooms to pick (GLS2_roomList). */
  hasRooms: z.boolean(),
  /** The vendor is under maintenance now. */
  maintenance: z.boolean(),
})
export type Game = z.infer<typeof GameSchema>

export const GameListQuerySchema = z.object({
  ...PageQueryShape,
  gameType: z.optional(GameTypeSchema),
  vassalage: z.optional(vendorCode()),
  gameClassify: z.optional(GameClassifySchema),
  /** Part of the name, matched literally (`%` and `_` are plain characters). */
  gameName: z.optional(text(maxGameSearchLength)),
  /** Sent by the platform's clients; the server answers every platform's games. */
  clientType: z.optional(text(8)),
  platform: z.optional(text(64)),
  merchant: z.optional(text(32)),
})

export const GameListSchema = pageOf(GameSchema)

export const HotGamesQuerySchema = z.object({
  gameType: z.optional(GameTypeSchema),
  limit: z._default(queryInt(1, 50), 18),
})

export const GameListValueSchema = z.object({ list: z.array(GameSchema) })

export const VassGameTypeSchema = z.object({
  gameTypes: z.array(GameTypeSchema),
  vendors: z.array(
    z.object({
      vassalage: z.string(),
      displayName: z.string(),
      logo: z.string(),
      types: z.array(
        z.object({
          gameType: GameTypeSchema,
          accountTypeId: z.int(),
          games: z.int(),
          classifies: z.array(z.object({ gameClassify: GameClassifySchema, games: z.int() })),
        }),
      ),
    }),
  ),
})

export const FavoriteBodySchema = z.object({ gameId: gameCode() })
export const FavoriteIdsSchema = z.object({ gameIds: z.array(z.string()), max: z.int() })

export const RecentQuerySchema = z.object({ limit: z._default(queryInt(1, 50), 20) })

export const RoomQuerySchema = z.object({ gameId: gameCode() })
export const RoomSchema = z.object({
  roomId: z.string(),
  roomName: z.string(),
  /** The smallest and largest bet, in the brand's currency (decimal strings). */
  minBet: MoneySchema,
  maxBet: MoneySchema,
  seats: z.int(),
  players: z.int(),
})
export const RoomListSchema = z.object({ gameId: z.string(), list: z.array(RoomSchema) })
export type Room = z.infer<typeof RoomSchema>

export const RankQuerySchema = z.object({
  gameCategory: z.optional(GameTypeSchema),
  limitNum: z._default(queryInt(1, 50), 10),
  language: z.optional(text(8)),
})
export const RankListSchema = z.object({
  list: z.array(z.object({ rank: z.int(), players: z.int(), game: GameSchema })),
})

export const matchTypes = ['SPORTS', 'ESPORTS'] as const
export type MatchType = (typeof matchTypes)[number]
export const MatchQuerySchema = z.object({
  gameType: z.optional(z.enum(matchTypes)),
  limit: z._default(queryInt(1, 50), 10),
})
export const MatchSchema = z.object({
  matchId: z.string(),
  leagueId: z.string(),
  leagueName: z.string(),
  gameType: z.enum(matchTypes),
  vassalage: z.string(),
  /** The sport or title (Football, Basketball, Dota 2, …). */
  sport: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  /** Kick-off, epoch ms. */
  startTime: z.number(),
  /** Decimal odds; draw is null where a draw cannot happen. */
  odds: z.object({ home: z.string(), draw: z.nullable(z.string()), away: z.string() }),
})
export const MatchListSchema = z.object({ list: z.array(MatchSchema) })
export type Match = z.infer<typeof MatchSchema>

export const gameEndpoints = {
  gameVendor: defineEndpoint({
    name: 'games.gameVendor',
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameVendor',
    // The platform marks it token-only in one build; the header nav needs it for visitors too.
    auth: 'public',
    encrypted: false,
    hotRead: true,
    modId: 'GAMELO3',
    response: z.object({ data: z.object({ lanes: z.array(VendorLaneSchema) }) }),
    errors: ['feature_disabled'],
  }),
  /** The same lanes under the H5 client's name. */
  newGameVendor: defineEndpoint({
    name: 'games.newGameVendor',
    method: 'GET',
    path: '/wps/relay/GCSGAME_newGameVendor',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    modId: 'GAMELO3',
    response: z.object({ data: z.object({ lanes: z.array(VendorLaneSchema) }) }),
    errors: ['feature_disabled'],
  }),
  vassGameType: defineEndpoint({
    name: 'games.vassGameType',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getVassGameType',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    modId: 'COMM3',
    response: VassGameTypeSchema,
    errors: ['feature_disabled'],
  }),
  gameList: defineEndpoint({
    name: 'games.gameList',
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameList',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    modId: 'GAMELO3',
    query: GameListQuerySchema,
    hotKeyIgnores: ['clientType', 'platform', 'merchant'],
    response: GameListSchema,
    errors: ['feature_disabled', 'vendor_not_found'],
  }),
  hotGames: defineEndpoint({
    name: 'games.hotGames',
    method: 'GET',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    modId: 'GAMELOHOT3',
    query: HotGamesQuerySchema,
    response: GameListValueSchema,
    errors: ['feature_disabled'],
  }),
  favoriteIds: defineEndpoint({
    name: 'games.favoriteIds',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGames',
    auth: 'member',
    encrypted: false,
    modId: 'GAMELOFAV3',
    response: FavoriteIdsSchema,
    errors: ['feature_disabled'],
  }),
  favoriteList: defineEndpoint({
    name: 'games.favoriteList',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGamesList',
    auth: 'member',
    encrypted: false,
    modId: 'GAMELOFAV3',
    query: z.object(PageQueryShape),
    response: GameListSchema,
    errors: ['feature_disabled'],
  }),
  addFavorite: defineEndpoint({
    name: 'games.addFavorite',
    method: 'POST',
    path: '/wps/relay/MCSFE_addFavoriteGameV2',
    auth: 'member',
    encrypted: false,
    modId: 'GAMELOFAV3',
    body: FavoriteBodySchema,
    response: FavoriteIdsSchema,
    errors: ['feature_disabled', 'game_not_found', 'favorite_game_limit'],
  }),
  removeFavorite: defineEndpoint({
    name: 'games.removeFavorite',
    method: 'DELETE',
    path: '/wps/relay/MCSFE_removeFavoriteGameV2',
    auth: 'member',
    encrypted: false,
    modId: 'GAMELOFAV3',
    body: FavoriteBodySchema,
    response: FavoriteIdsSchema,
    errors: ['feature_disabled', 'game_not_found'],
  }),
  recentGames: defineEndpoint({
    name: 'games.recentGames',
    method: 'GET',
    path: '/wps/relay/GCS_recentGame',
    auth: 'member',
    encrypted: false,
    modId: 'GAMELOREC3',
    query: RecentQuerySchema,
    response: GameListValueSchema,
    errors: ['feature_disabled'],
  }),
  roomList: defineEndpoint({
    name: 'games.roomList',
    method: 'GET',
    path: '/wps/relay/GLS2_roomList',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    modId: 'GAMELO3',
    query: RoomQuerySchema,
    response: RoomListSchema,
    errors: ['feature_disabled', 'game_not_found'],
  }),
  rankList: defineEndpoint({
    name: 'games.rankList',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getRankList',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    modId: 'GAMELO3',
    query: RankQuerySchema,
    hotKeyIgnores: ['language'],
    response: RankListSchema,
    errors: ['feature_disabled'],
  }),
  gameMatches: defineEndpoint({
    name: 'games.gameMatches',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getGameMatchV2',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    modId: 'GAMELO3',
    query: MatchQuerySchema,
    response: MatchListSchema,
    errors: ['feature_disabled'],
  }),
} as const
