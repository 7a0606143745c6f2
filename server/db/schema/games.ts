/** Game vendors, their games, members' favourite and recent games, and the bets vendors report. */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { isGameValues, matchTypes, playTypes, rngSubTypes } from '#contract/games'
import { betStatuses } from '#contract/records'
import { members } from './identity'
import { merchants } from './system'

/** Game vendors: each a wallet (accountTypeId) and a vendor code (vassalage) per game type. */
export const vendors = pgTable(
  'vendors',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    accountTypeId: integer('account_type_id').notNull(),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').notNull(),
    name: text('name').notNull(),
    logo: text('logo').notNull(),
    isHot: boolean('is_hot').notNull().default(false),
    /** Switched off by the operator until switched on again. */
    maintenance: boolean('maintenance').notNull().default(false),
    /** A planned maintenance window: under maintenance from `maintenanceFrom` until `maintenanceUntil`. */
    maintenanceFrom: timestamp('maintenance_from', { withTimezone: true }),
    maintenanceUntil: timestamp('maintenance_until', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.gameType, t.vassalage] })],
)

/** A PVP game's room, as GLS2_roomList answers it; bets in minor units. */
export interface GameRoom {
  roomId: string
  roomName: string
  minBet: string
  maxBet: string
  seats: number
}

/** The catalogue: each game belongs to one vendor (brand, game type, vassalage). */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    gameType: text('game_type').notNull(),
    vassalage: text('vassalage').notNull(),
    subType: text('sub_type', { enum: rngSubTypes }),
    thumbnail: text('thumbnail').notNull(),
    isGame: text('is_game', { enum: isGameValues }).notNull().default('GAME'),
    defaultPlayType: text('default_play_type', { enum: playTypes }).notNull().default('html5'),
    isHot: boolean('is_hot').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    freeplay: boolean('freeplay').notNull().default(false),
    /** PVP rooms (minor units); null for a game without rooms. */
    rooms: jsonb('rooms').$type<GameRoom[]>(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('games_code').on(t.merchantCode, t.code),
    // The art route finds a game by its code alone (an image request names no brand).
    index('games_code_any').on(t.code),
    index('games_lane').on(t.merchantCode, t.gameType, t.vassalage, t.sort),
    index('games_lobby').on(t.merchantCode, t.gameType, t.sort, t.id),
    index('games_hot').on(t.merchantCode, t.isHot, t.sort),
    foreignKey({
      columns: [t.merchantCode, t.gameType, t.vassalage],
      foreignColumns: [vendors.merchantCode, vendors.gameType, vendors.vassalage],
      name: 'games_vendor_fk',
    }),
  ],
)

/** A member's favourite games; at most maxFavoriteGames each (counted under the member's row lock). */
export const favoriteGames = pgTable(
  'favorite_games',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.gameId] }),
    index('favorite_games_member').on(t.memberId, t.createdAt),
  ],
)

/** The games a member launched, the latest launch of each. */
export const recentGames = pgTable(
  'recent_games',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.gameId] }),
    index('recent_games_member').on(t.memberId, t.playedAt),
    index('recent_games_game').on(t.gameId, t.playedAt),
  ],
)

/** Featured sports and esports fixtures (GCSGAME_getGameMatchV2). */
export const gameMatches = pgTable(
  'game_matches',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    matchId: text('match_id').notNull(),
    leagueId: text('league_id').notNull(),
    leagueName: text('league_name').notNull(),
    gameType: text('game_type', { enum: matchTypes }).notNull(),
    vassalage: text('vassalage').notNull(),
    sport: text('sport').notNull(),
    homeTeam: text('home_team').notNull(),
    awayTeam: text('away_team').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    oddsHome: text('odds_home').notNull(),
    oddsDraw: text('odds_draw'),
    oddsAway: text('odds_away').notNull(),
  },
  (t) => [
    uniqueIndex('game_matches_id').on(t.merchantCode, t.matchId),
    index('game_matches_start').on(t.merchantCode, t.startsAt),
  ],
)

/**
 * Bets reported by game vendors: one per round (betNo = the vendor's round id), opened by its
 * first debit and settled by its closing credit (server/vendors/seamless-wallet/).
 */
export const betRecords = pgTable(
  'bet_records',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    betNo: text('bet_no').notNull(),
    productType: text('product_type').notNull(),
    accountTypeId: integer('account_type_id').notNull(),
    vendorName: text('vendor_name').notNull(),
    gameName: text('game_name').notNull(),
    /** The game's code and vendor code (rounds played through the seamless wallet). */
    gameCode: text('game_code'),
    vassalage: text('vassalage'),
    betAmount: bigint('bet_amount', { mode: 'bigint' }).notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: betStatuses }).notNull(),
    betTime: timestamp('bet_time', { withTimezone: true }).notNull(),
    settledTime: timestamp('settled_time', { withTimezone: true }),
  },
  (t) => [
    index('bet_records_member').on(t.memberId, t.betTime),
    uniqueIndex('bet_records_no').on(t.merchantCode, t.accountTypeId, t.betNo),
    // The winners board: the brand's newest settled rounds that paid more than their stake.
    index('bet_records_wins')
      .on(t.merchantCode, t.settledTime)
      .where(sql`${t.status} = 'SETTLED' and ${t.payout} > ${t.betAmount}`),
    // The real-time salary's 5-minute windows: the brand's bets by when they settled.
    index('bet_records_settled')
      .on(t.merchantCode, t.settledTime)
      .where(sql`${t.status} = 'SETTLED'`),
  ],
)
