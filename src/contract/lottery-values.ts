/**
 * The lottery's plain values (prize modes, kinds, bet types, picks, regions, prize tiers,
 * statuses), apart from its schemas and rows (src/contract/lottery.ts re-exports them): the
 * /lottery route parses its search with them in the entry chunk, and importing them from
 * here keeps the lottery's schemas loading with the page.
 */

/** Prize modes as the platform names them (spec section 9). */
export const prizeModes = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const
export type PrizeMode = (typeof prizeModes)[number]

/**
 * What a game draws, and so which bets it takes:
 * - D5: five digits 0-9 (e-lottery style; position digit, and the sum: big/small, odd/even, exact);
 * - VN_NORTH: the northern Vietnamese table, 27 prizes (special and 1st five digits, 2nd ×2,
 *   3rd ×6 five digits, 4th ×4 and 5th ×6 four digits, 6th ×3 three digits, 7th ×4 two digits);
 * - VN_SOUTH: the southern and central table, 18 prizes (special six digits, 1st, 2nd, 3rd ×2
 *   and 4th ×7 five digits, 5th four digits, 6th ×3 four digits, 7th three, 8th two).
 */
export const lotteryKinds = ['D5', 'VN_NORTH', 'VN_SOUTH'] as const
export type LotteryKind = (typeof lotteryKinds)[number]

/**
 * Bet types. D5: POS_DIGIT, and the sum of the five digits: BIG_SMALL, ODD_EVEN and SUM_EXACT.
 * VN: LO2 / LO3 (the last 2 / 3 digits of any prize, paid per hit), DE2 / DE3 (the last 2 / 3
 * digits of the special prize).
 */
export const lotteryBetTypes = [
  'POS_DIGIT',
  'BIG_SMALL',
  'ODD_EVEN',
  'SUM_EXACT',
  'LO2',
  'LO3',
  'DE2',
  'DE3',
] as const
export type LotteryBetType = (typeof lotteryBetTypes)[number]

/** The bet types a D5 draw takes (the five digits and their sum), and a VN draw's. */
export const d5BetTypes = [
  'POS_DIGIT',
  'BIG_SMALL',
  'ODD_EVEN',
  'SUM_EXACT',
] as const satisfies readonly LotteryBetType[]
export const vnBetTypes = ['LO2', 'LO3', 'DE2', 'DE3'] as const satisfies readonly LotteryBetType[]

/** What a BIG_SMALL or ODD_EVEN line picks of the five digits' sum. */
export const lotteryPicks = ['BIG', 'SMALL', 'ODD', 'EVEN'] as const
export type LotteryPick = (typeof lotteryPicks)[number]
/** The picks each pick bet offers. */
export const picksOf = {
  BIG_SMALL: ['BIG', 'SMALL'],
  ODD_EVEN: ['ODD', 'EVEN'],
} as const satisfies Partial<Record<LotteryBetType, readonly LotteryPick[]>>
/** The bet types whose picks are words (BIG, SMALL, ODD, EVEN) rather than digits. */
export type PickedBetType = keyof typeof picksOf

/** Vietnamese regions, the VN menu's gameGroupCode. Other games group by prize mode. */
export const vnRegions = ['NORTH', 'CENTRAL', 'SOUTH'] as const

/** Prize tiers of a Vietnamese result, special first. A D5 result has no tiers. */
export const prizeTiers = ['DB', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8'] as const

/**
 * OPEN takes bets until closeAt; DRAWN has its result and every bet settled (one
 * transaction); VOID was cancelled and every bet refunded. An issue past closeAt that is
 * still OPEN is waiting for its draw job: bets are refused by time, not by status.
 */
export const issueStatuses = ['OPEN', 'DRAWN', 'VOID'] as const
export const lotteryBetStatuses = ['PENDING', 'WON', 'LOST', 'VOID'] as const
export type LotteryBetStatus = (typeof lotteryBetStatuses)[number]
