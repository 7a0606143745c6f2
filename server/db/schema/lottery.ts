/**
 * The lottery: each brand's lottery games (with their schedule and bet types), their issues
 * (one per draw, with the seed's commitment published before it opens and the seed and
 * result once drawn) and the members' bets. The draw engine is server/lottery/.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import {
  issueStatuses,
  lotteryBetStatuses,
  lotteryBetTypes,
  lotteryKinds,
  prizeModes,
  type LotterySchedule,
} from '#contract/lottery'
import { members } from './identity'
import { merchants } from './system'

/** A bet type as stored on a game: odds in thousandths, stakes per unit in minor units. */
export interface StoredBetTypeRule {
  betType: (typeof lotteryBetTypes)[number]
  oddsMilli: number
  minStake: string
  maxStake: string
}

/** A drawn result as stored: the headline number and, for VN draws, every prize. */
export interface StoredDrawResult {
  main: string
  prizes: { prize: string; numbers: string[] }[]
}

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

export const lotteryGames = pgTable(
  'lottery_games',
  {
    id: serial('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    code: text('code').notNull(),
    /** The game's name per locale (en at least). */
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    prizeMode: text('prize_mode', { enum: prizeModes }).notNull(),
    kind: text('kind', { enum: lotteryKinds }).notNull(),
    /** The menu group: a VN region, or the prize mode. */
    groupCode: text('group_code').notNull(),
    schedule: jsonb('schedule').$type<LotterySchedule>().notNull(),
    betTypes: jsonb('bet_types').$type<StoredBetTypeRule[]>().notNull(),
    /** The most one bet line may win, in minor units: a line that could win more is refused. */
    maxPayout: bigint('max_payout', { mode: 'bigint' }).notNull(),
    isHot: boolean('is_hot').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** A disabled game takes no bets and is not listed; its open issues still draw. */
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('lottery_games_code').on(t.merchantCode, t.code),
    index('lottery_games_lobby').on(t.merchantCode, t.enabled, t.sort),
    check('lottery_games_prize_mode', sql`${t.prizeMode} in (${inList(prizeModes)})`),
    check('lottery_games_kind', sql`${t.kind} in (${inList(lotteryKinds)})`),
    check('lottery_games_code_shape', sql`${t.code} ~ '^[A-Z0-9_]{1,24}$'`),
    check('lottery_games_max_payout', sql`${t.maxPayout} > 0`),
  ],
)

export const lotteryIssues = pgTable(
  'lottery_issues',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    gameId: integer('game_id')
      .notNull()
      .references(() => lotteryGames.id),
    numero: text('numero').notNull(),
    openAt: timestamp('open_at', { withTimezone: true }).notNull(),
    closeAt: timestamp('close_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: issueStatuses }).notNull().default('OPEN'),
    /** SHA-256 (hex) of the seed, published before the issue opens. */
    commitment: text('commitment').notNull(),
    /** The seed (hex); never answered before the issue is drawn. */
    seed: text('seed').notNull(),
    result: jsonb('result').$type<StoredDrawResult>(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lottery_issues_numero').on(t.gameId, t.numero),
    index('lottery_issues_close').on(t.gameId, t.closeAt),
    // The catch-up run: issues past their close still waiting for their draw.
    index('lottery_issues_due')
      .on(t.closeAt)
      .where(sql`${t.status} = 'OPEN'`),
    // The brand's latest results, newest first.
    index('lottery_issues_results')
      .on(t.merchantCode, t.closeAt)
      .where(sql`${t.status} = 'DRAWN'`),
    check('lottery_issues_status', sql`${t.status} in (${inList(issueStatuses)})`),
    check('lottery_issues_times', sql`${t.openAt} < ${t.closeAt}`),
    check('lottery_issues_drawn', sql`(${t.status} = 'DRAWN') = (${t.result} is not null)`),
  ],
)

/**
 * Bets. Stored with fillfactor 70 (set in the migration): settlement updates every bet of a
 * draw, and room on the page lets each update stay on it without touching an index.
 */
export const lotteryBets = pgTable(
  'lottery_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id').notNull(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => lotteryGames.id),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryIssues.id),
    numero: text('numero').notNull(),
    betType: text('bet_type', { enum: lotteryBetTypes }).notNull(),
    /** What was picked, as the rules read it (position, digits, pick, numbers). */
    selection: jsonb('selection').notNull(),
    selectionText: text('selection_text').notNull(),
    /** Per unit, minor units. */
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    units: integer('units').notNull(),
    /** stake × units: what was debited. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    oddsMilli: integer('odds_milli').notNull(),
    status: text('status', { enum: lotteryBetStatuses }).notNull().default('PENDING'),
    hits: integer('hits').notNull().default(0),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    betTime: timestamp('bet_time', { withTimezone: true }).notNull(),
    settledTime: timestamp('settled_time', { withTimezone: true }),
  },
  (t) => [
    index('lottery_bets_issue').on(t.issueId),
    index('lottery_bets_member').on(t.memberId, t.betTime),
    index('lottery_bets_order').on(t.orderId),
    check('lottery_bets_status', sql`${t.status} in (${inList(lotteryBetStatuses)})`),
    check('lottery_bets_bet_type', sql`${t.betType} in (${inList(lotteryBetTypes)})`),
    check(
      'lottery_bets_amounts',
      sql`${t.stake} > 0 and ${t.units} > 0 and ${t.amount} = ${t.stake} * ${t.units} and ${t.payout} >= 0`,
    ),
  ],
)
