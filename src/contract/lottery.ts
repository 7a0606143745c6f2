/**
 * The lottery: the in-house draw engine's games, issues (numeros), results and bets.
 *
 * Envelope: the lottery gateway paths (/lgw, /lotto/lgw) answer in the same `{success, value}`
 * envelope as every other call. The platform's desktop client read `/lgw/games/game_menus` as a
 * bare object (api-reference.md); we own both ends, and one envelope keeps one typed client,
 * one error path and one cache rule. A compatible client unwraps `value`.
 *
 * Times are epoch milliseconds and every answer that has a countdown carries `serverTime`, so
 * a phone with a wrong clock still counts down to the real close. Amounts are decimal strings
 * of major units (money.ts); odds are decimal multipliers as strings ("9.8" pays 9.8 × stake
 * per hit, stake included) so no float ever prices a bet.
 *
 * Fairness: every issue publishes `commitment` = SHA-256 of a random 32-byte seed before it
 * opens for bets; at the close the result is derived from that seed (HMAC-SHA-256 stream,
 * rejection-sampled digits) and the seed is published with the result, so anyone can check
 * that the result was fixed before the first bet and not chosen after.
 */
import { z } from 'zod/mini'
import { defineEndpoint } from './endpoint'
import {
  prizeModes,
  lotteryKinds,
  lotteryBetTypes,
  lotteryPicks,
  vnRegions,
  prizeTiers,
  issueStatuses,
  lotteryBetStatuses,
} from './lottery-values'
import { AmountInputSchema, MoneySchema } from './money'
import { intFromQuery, pageOf, PageQueryShape, TimeRangeShape } from './paging'
import { text } from './text'

export {
  prizeModes,
  lotteryKinds,
  lotteryBetTypes,
  d5BetTypes,
  vnBetTypes,
  lotteryPicks,
  picksOf,
  vnRegions,
  prizeTiers,
  issueStatuses,
  lotteryBetStatuses,
  type PrizeMode,
  type LotteryKind,
  type LotteryBetType,
  type LotteryPick,
  type PickedBetType,
  type LotteryBetStatus,
} from './lottery-values'

/** A lottery game code: capitals, digits and underscore (`E5D1`, `VN_MB`). */
const lottoGameCodeSchema = text(24).check(z.regex(/^[A-Z0-9_]+$/, 'not a lottery game code'))
export const lottoGameCode = () => lottoGameCodeSchema
/** An issue number: `YYYYMMDD` for daily draws, `YYYYMMDD-NNNN` for draws every few minutes. */
export const numeroPattern = /^\d{8}(-\d{4})?$/
const numeroSchema = text(13).check(z.regex(numeroPattern, 'not an issue number'))
const numero = () => numeroSchema

/** A daily draw's time, HH:mm on a 24-hour clock. */
export const timeOfDay = /^([01]\d|2[0-3]):[0-5]\d$/

/**
 * When a game draws. `interval`: every `seconds` (a divisor of a day) counted from midnight
 * in `timeZone`, numbered `YYYYMMDD-NNNN` (NNNN = the draw's index that local day, from 0001).
 * `daily`: at `time` (HH:mm) in `timeZone` on `weekdays` (1 = Monday … 7 = Sunday), numbered
 * by the local date `YYYYMMDD`. An issue opens when the one before it closes.
 */
export const LotteryScheduleSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('interval'), seconds: z.int(), timeZone: z.string() }),
  z.object({
    type: z.literal('daily'),
    time: z.string().check(z.regex(timeOfDay)),
    timeZone: z.string(),
    weekdays: z.array(z.int()),
  }),
])
export type LotterySchedule = z.infer<typeof LotteryScheduleSchema>

/** A menu entry: what the lobby lists and caches (no member data, no times). */
export const LotteryGameSchema = z.object({
  lottoGameCode: z.string(),
  /** The name in the request's Language. */
  name: z.string(),
  prizeMode: z.enum(prizeModes),
  kind: z.enum(lotteryKinds),
  /** The menu group: a VN region, or the prize mode for other games. */
  gameGroupCode: z.string(),
  /** The group's label in the request's Language (`Northern`, `Miền Bắc`). */
  labelName: z.string(),
  schedule: LotteryScheduleSchema,
  isHot: z.boolean(),
  /** Generated art at /media/lottery/<code>.svg?v=… */
  iconUrl: z.string(),
})
export type LotteryGame = z.infer<typeof LotteryGameSchema>

export const LotteryMenuSchema = z.object({
  gameGroupCode: z.string(),
  labelName: z.string(),
  prizeMode: z.enum(prizeModes),
  games: z.array(LotteryGameSchema),
})
export type LotteryMenu = z.infer<typeof LotteryMenuSchema>

export const IssueSchema = z.object({
  lottoGameCode: z.string(),
  numero: z.string(),
  openAt: z.number(),
  closeAt: z.number(),
  status: z.enum(issueStatuses),
  /** SHA-256 (hex) of the seed the result will come from, published before the issue opens. */
  commitment: z.string(),
})
export type Issue = z.infer<typeof IssueSchema>

export const PrizeLineSchema = z.object({
  prize: z.enum(prizeTiers),
  numbers: z.array(z.string()),
})

export const DrawResultSchema = z.object({
  lottoGameCode: z.string(),
  /** The game's name in the request's Language. */
  name: z.string(),
  kind: z.enum(lotteryKinds),
  numero: z.string(),
  closeAt: z.number(),
  status: z.enum(issueStatuses),
  /** null until drawn (and for a VOID issue). */
  drawnAt: z.nullable(z.number()),
  /** The headline number: a D5 draw's five digits ("30917"); a VN draw's special prize. */
  main: z.nullable(z.string()),
  /** Every prize of a VN draw; empty for D5. */
  prizes: z.array(PrizeLineSchema),
  commitment: z.string(),
  /** The seed (hex), published once drawn: SHA-256(seed) = commitment. */
  seed: z.nullable(z.string()),
})
export type DrawResult = z.infer<typeof DrawResultSchema>

/** A bet type as a game offers it. */
export const BetTypeSettingSchema = z.object({
  betType: z.enum(lotteryBetTypes),
  /**
   * Pays stake × odds per hit (stake included), e.g. "9.8". SUM_EXACT: the odds of the
   * likeliest sums (22 and 23); `oddsBySum` has every sum's.
   */
  odds: z.string(),
  /** SUM_EXACT only: the odds of each sum 0…45 (index = sum), rarer sums paying more. */
  oddsBySum: z.optional(z.array(z.string())),
  /** Per unit: a POS_DIGIT bet on digits 3 and 7 is two units. */
  minStake: MoneySchema,
  maxStake: MoneySchema,
  /**
   * The most times one line can hit in one draw: 1, or for LO one a prize with enough digits.
   * A line's best outcome pays stake × odds × maxHits, which may not exceed the game's maxPayout.
   */
  maxHits: z.int(),
})
export type BetTypeSetting = z.infer<typeof BetTypeSettingSchema>

export const GameSettingSchema = z.object({
  game: LotteryGameSchema,
  betTypes: z.array(BetTypeSettingSchema),
  /** The most lines one order may carry. */
  maxLines: z.int(),
  /** The most one bet line may win: a line whose best outcome would pay more is refused. */
  maxPayout: MoneySchema,
})
export type GameSetting = z.infer<typeof GameSettingSchema>

/** The current and next issue, and the last result: the lobby's countdown. */
export const NearSchema = z.object({
  serverTime: z.number(),
  game: LotteryGameSchema,
  current: z.nullable(IssueSchema),
  next: z.nullable(IssueSchema),
  last: z.nullable(DrawResultSchema),
})
export type Near = z.infer<typeof NearSchema>

export const PopularSchema = z.object({
  serverTime: z.number(),
  list: z.array(
    z.object({
      game: LotteryGameSchema,
      current: z.nullable(IssueSchema),
      last: z.nullable(DrawResultSchema),
    }),
  ),
})
export type Popular = z.infer<typeof PopularSchema>

/** How many results a full list may ask for (spec section 9). */
export const maxResults = 100
/** Popular draws on the home page and lottery lobby (spec section 9). */
export const popularCount = 20

/** A small whole number from a query string. */
const queryInt = (min: number, max: number) => intFromQuery(min, max, 6)

/**
 * One line of a bet slip. Shapes only: what a game accepts (its bet types, digit counts,
 * ranges, duplicates) is checked by the server against the game and answered as
 * `lottery_selection_invalid` with the line's index, so the slip can point at it.
 * - POS_DIGIT: `position` 1-5, `digits` distinct 0-9; one unit per digit.
 * - BIG_SMALL: `pick` BIG (sum 23-45) or SMALL (0-22); ODD_EVEN: `pick` ODD or EVEN of the sum.
 * - SUM_EXACT: `sum` 0-45, the sum of the five digits; one unit (one sum a line).
 * - LO2 / DE2: `numbers` distinct "00"-"99"; LO3 / DE3: "000"-"999"; one unit per number.
 * `stake` is per unit, in major units of the brand's currency.
 */
export const BetLineInputSchema = z.object({
  betType: z.enum(lotteryBetTypes),
  position: z.optional(z.int()),
  digits: z.optional(z.array(z.int()).check(z.maxLength(10))),
  pick: z.optional(z.enum(lotteryPicks)),
  numbers: z.optional(z.array(text(3)).check(z.maxLength(10))),
  sum: z.optional(z.int()),
  stake: AmountInputSchema,
})
export type BetLineInput = z.input<typeof BetLineInputSchema>

/** The most lines one order may carry. */
export const maxBetLines = 20

/**
 * The largest stake per unit, in minor units, whose best outcome stays within a game's
 * `maxPayout`: a line pays floor(stake × oddsMilli × hits / 1000), so stake × oddsMilli × hits
 * below (maxPayout + 1) × 1000 keeps it within. The server refuses with it
 * (`lottery_payout_over_limit`), the slip names it before sending.
 */
export function maxStakeWithin(maxPayout: bigint, oddsMilli: number, hits: number): bigint {
  return ((maxPayout + 1n) * 1000n - 1n) / (BigInt(oddsMilli) * BigInt(hits))
}

export const PlaceOrderSchema = z.object({
  lottoGameCode: lottoGameCode(),
  /** The issue the member saw: a bet never slides into the next issue unasked. */
  numero: numero(),
  bets: z.array(BetLineInputSchema).check(z.minLength(1), z.maxLength(maxBetLines)),
})
export type PlaceOrder = z.input<typeof PlaceOrderSchema>

export const LotteryBetSchema = z.object({
  betId: z.string(),
  orderId: z.string(),
  lottoGameCode: z.string(),
  gameName: z.string(),
  numero: z.string(),
  betType: z.enum(lotteryBetTypes),
  /** The selection as the member would write it: "Pos 1: 3, 7", "BIG", "12, 34", "Sum 23". */
  selection: z.string(),
  /** Per unit. */
  stake: MoneySchema,
  units: z.int(),
  /** stake × units: what was debited. */
  amount: MoneySchema,
  odds: z.string(),
  status: z.enum(lotteryBetStatuses),
  /** What the bet paid (0 until won; the stake back when VOID). */
  payout: MoneySchema,
  /** Hits counted at settlement (LO bets can hit more than once). */
  hits: z.int(),
  betTime: z.number(),
  settledTime: z.nullable(z.number()),
  /** The draw's headline number once drawn. */
  result: z.nullable(z.string()),
})
export type LotteryBet = z.infer<typeof LotteryBetSchema>

export const OrderSchema = z.object({
  orderId: z.string(),
  lottoGameCode: z.string(),
  numero: z.string(),
  /** Everything debited for the order. */
  totalAmount: MoneySchema,
  /** The member's main wallet after the debit. */
  balance: MoneySchema,
  bets: z.array(LotteryBetSchema),
})
export type Order = z.infer<typeof OrderSchema>

/** What is wrong with a bet line the platform refuses as selection_invalid. */
export const selectionReasons = [
  'bet_type',
  'position',
  'digits',
  'pick',
  'numbers',
  'sum',
  'duplicate',
] as const
export type SelectionReason = (typeof selectionReasons)[number]

/** Values of the lottery errors, for the slip to point at what is wrong. */
export const SelectionInvalidValueSchema = z.object({
  /** The bet line (0-based). */
  index: z.int(),
  reason: z.enum(selectionReasons),
})
export const StakeOutOfRangeValueSchema = z.object({
  index: z.int(),
  minStake: MoneySchema,
  maxStake: MoneySchema,
})
export const PayoutOverLimitValueSchema = z.object({
  index: z.int(),
  maxPayout: MoneySchema,
  /** The most this line may stake per unit. */
  maxStake: MoneySchema,
})
export const IssueClosedValueSchema = z.object({
  /** The issue now open, so the slip can offer to move the bets to it. */
  current: z.nullable(IssueSchema),
})

const gameQuery = z.object({ lottoGameCode: lottoGameCode() })

export const lotteryEndpoints = {
  gameMenus: defineEndpoint({
    name: 'lottery.gameMenus',
    method: 'GET',
    path: '/lgw/games/game_menus',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    modId: 'COMM3',
    query: z.object({ prizeMode: z.optional(z.enum(prizeModes)) }),
    response: z.object({ menus: z.array(LotteryMenuSchema) }),
    errors: [],
  }),
  recentGames: defineEndpoint({
    name: 'lottery.recentGames',
    method: 'GET',
    path: '/lgw/games/game_menus/recent',
    auth: 'member',
    encrypted: false,
    modId: 'COMM3',
    response: z.object({ list: z.array(LotteryGameSchema) }),
    errors: [],
  }),
  vnMenu: defineEndpoint({
    name: 'lottery.vnMenu',
    method: 'GET',
    path: '/lgw/vn/games/game_menu',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    modId: 'COMM3',
    response: z.object({ gameMenus: z.array(LotteryMenuSchema) }),
    errors: [],
  }),
  vnRecent: defineEndpoint({
    name: 'lottery.vnRecent',
    method: 'GET',
    path: '/lgw/vn/games/game_menu/recent',
    auth: 'member',
    encrypted: false,
    modId: 'COMM3',
    response: z.object({ list: z.array(LotteryGameSchema) }),
    errors: [],
  }),
  popular: defineEndpoint({
    name: 'lottery.popular',
    method: 'GET',
    path: '/lgw/games/popular',
    auth: 'public',
    encrypted: false,
    modId: 'AGEANNOUNCE3',
    response: PopularSchema,
    errors: [],
  }),
  gameSetting: defineEndpoint({
    name: 'lottery.gameSetting',
    method: 'GET',
    path: '/lgw/games/setting',
    auth: 'public',
    encrypted: false,
    hotRead: true,
    modId: 'COMM3',
    query: gameQuery,
    response: GameSettingSchema,
    errors: ['lottery_game_not_found'],
  }),
  near: defineEndpoint({
    name: 'lottery.near',
    method: 'GET',
    path: '/lgw/numeros/near',
    auth: 'public',
    encrypted: false,
    modId: 'COMM3',
    query: gameQuery,
    response: NearSchema,
    errors: ['lottery_game_not_found'],
  }),
  /** Latest results of one game, or of every game when none is named; newest first. */
  openedNumero: defineEndpoint({
    name: 'lottery.openedNumero',
    method: 'GET',
    path: '/lotto/lgw/games/opened/numero',
    auth: 'public',
    encrypted: false,
    modId: 'COMM3',
    query: z.object({
      lottoGameCode: z.optional(lottoGameCode()),
      pageSize: z._default(queryInt(1, maxResults), 20),
    }),
    response: z.object({ list: z.array(DrawResultSchema) }),
    errors: ['lottery_game_not_found'],
  }),
  /** The latest result of each Vietnamese game, optionally of one region. */
  vnOpened: defineEndpoint({
    name: 'lottery.vnOpened',
    method: 'GET',
    path: '/lgw/vn/numeros/opened/game',
    auth: 'public',
    encrypted: false,
    modId: 'AGEANNOUNCE3',
    query: z.object({ gameGroupCode: z.optional(z.enum(vnRegions)) }),
    response: z.object({ list: z.array(DrawResultSchema) }),
    errors: [],
  }),
  /** One issue's draw with what verifies it. */
  draw: defineEndpoint({
    name: 'lottery.draw',
    method: 'GET',
    path: '/lgw/draw',
    auth: 'public',
    encrypted: false,
    modId: 'COMM3',
    query: z.object({ lottoGameCode: lottoGameCode(), numero: numero() }),
    response: DrawResultSchema,
    errors: ['lottery_game_not_found', 'lottery_issue_not_found'],
  }),
  placeOrder: defineEndpoint({
    name: 'lottery.placeOrder',
    method: 'POST',
    path: '/lgw/orders',
    // A trial account bets its play money too.
    auth: 'session',
    encrypted: false,
    idempotent: true,
    modId: 'COMM3',
    body: PlaceOrderSchema,
    response: OrderSchema,
    errors: [
      'feature_disabled',
      'lottery_game_not_found',
      'lottery_issue_not_found',
      'lottery_issue_closed',
      'lottery_selection_invalid',
      'lottery_stake_out_of_range',
      'lottery_payout_over_limit',
      'insufficient_balance',
    ],
  }),
  /** The member's lottery bets, newest first (a trial account's play-money bets too). */
  orders: defineEndpoint({
    name: 'lottery.orders',
    method: 'GET',
    path: '/lgw/orders',
    auth: 'session',
    encrypted: false,
    modId: 'COMM3',
    query: z.object({
      lottoGameCode: z.optional(lottoGameCode()),
      status: z.optional(z.enum(lotteryBetStatuses)),
      ...PageQueryShape,
      ...TimeRangeShape,
    }),
    response: pageOf(LotteryBetSchema),
    errors: [],
  }),
} as const
