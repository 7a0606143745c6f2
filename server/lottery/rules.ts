/**
 * What a lottery bet means: which bet types a game kind takes, what a slip line may select,
 * how many units it stakes, how many of them a draw hits and what that pays. Pure: no
 * database, money in bigint minor units, the currency's decimals always passed.
 *
 * ## Bet types
 * A line stakes `stake` (major units, per unit) on each of its units; `amount` = stake × units
 * is what it costs. A unit that hits pays stake × odds (stake included); a unit can hit more
 * than once (LO), and each hit pays. Payout = floor(stake × oddsMilli × hits / 1000) minor units.
 *
 * D5 (five digits d1…d5, the draw's `main`):
 * - POS_DIGIT: `position` 1-5 and `digits`, 1 to 10 distinct digits 0-9; one unit per digit; a
 *   unit hits when d[position] equals its digit (so at most one unit of a line hits).
 * - BIG_SMALL: `pick` BIG (d1+…+d5 from 23 to 45) or SMALL (0 to 22); one unit.
 * - ODD_EVEN: `pick` ODD or EVEN, the parity of d1+…+d5; one unit.
 * - SUM_EXACT: `sum` 0-45; one unit; hits when d1+…+d5 equals it. BIG_SMALL and ODD_EVEN are
 *   the sum's big/small and odd/even, so these three are the sum bets.
 * VN_NORTH / VN_SOUTH (the prize table of rng.ts):
 * - LO2: `numbers`, 1 to 10 distinct two-digit numbers "00"-"99"; one unit per number; a unit
 *   hits once for every prize whose last two digits equal it (27 prizes in the north, 18 in
 *   the south, so one unit may hit several times).
 * - LO3: three-digit numbers "000"-"999" against the last three digits of every prize of at
 *   least three digits (23 north: all but G7; 17 south: all but G8).
 * - DE2 / DE3: the last two / three digits of the special prize (DB); at most one hit a unit.
 *
 * ## Odds and return to player (exact; every digit is uniform and independent, rng.ts)
 * RTP = odds × expected hits per unit:
 * - D5: POS_DIGIT 9.8 × 1/10 = 98%; BIG_SMALL 1.96 × 1/2 = 98% (the sum of five digits is
 *   symmetric about 22.5, so P(23-45) = 1/2); ODD_EVEN 1.96 × 1/2 = 98%.
 * - D5 SUM_EXACT: a sum s comes up in sumWays(s) of the 100,000 draws (1 way for 0 and 45,
 *   6,000 for 22 and 23). The rule's odds are those of the likeliest sums (22 and 23); sum s
 *   pays floor(odds × 6000 / sumWays(s)) in thousandths, so every sum returns the same share
 *   to within rounding: the default 16.333 returns 97.998% on 22 and 23, between 97.994% and
 *   97.998% on every sum (at most 98%, like the other D5 bets; rules test enumerates them).
 * - VN_NORTH: LO2 3.5 × 27/100 = 94.5%; LO3 40 × 23/1000 = 92%; DE2 85 × 1/100 = 85%;
 *   DE3 850 × 1/1000 = 85%.
 * - VN_SOUTH: LO2 5.2 × 18/100 = 93.6%; LO3 57 × 17/1000 = 96.9%; DE2 85%; DE3 85%.
 *
 * ## Refusals (the line's 0-based index with each)
 * `lottery_selection_invalid` with reason: `bet_type` (the kind or the game does not offer
 * it), `position`, `digits`, `pick`, `numbers`, `sum` (the field is missing, empty, out of range,
 * the wrong number of digits, repeats a value, or is sent with a bet type that has no such
 * field: the reason names the offending field), `duplicate` (a line identical to an earlier
 * one: same bet type and same selection once sorted). `validation_failed` for a stake that
 * is not an amount of the currency (zero, negative, too many decimals); and
 * `lottery_stake_out_of_range` for a stake per unit outside the bet type's limits; and
 * `lottery_payout_over_limit` for a line whose best outcome would pay more than the game's
 * most a bet may win (its `maxPayout`), with the largest stake per unit that stays within it.
 *
 * ## The most a line may win
 * Every game has a `maxPayout` in minor units (default 1,000,000 major units). A line is
 * refused at placement when its best outcome (maxWinOf: stake × odds × the most hits the line
 * can take in one draw) would pay more, so the house's exposure to one line is bounded and a
 * member never learns of a cap after winning: a bet that stands pays in full. POS_DIGIT, the
 * sum bets and DE take at most one hit a line; LO2 / LO3 one per prize with enough digits
 * (27 / 23 north, 18 / 17 south), however many numbers the line holds. With the default
 * limits, this bounds SUM_EXACT on the rarest sums (0 and 45, ×97,998) to a stake of about
 * 10.20 per unit, DE3 (×850) to 1,176.47 and LO3 (×40 on 23 prizes north, ×57 on 17 south) to
 * about 1,087 and 1,032, while the other bets keep their full range up to 10,000.
 */
import type { z } from 'zod/mini'
import {
  d5BetTypes,
  maxStakeWithin,
  picksOf,
  vnBetTypes,
  type BetLineInputSchema,
  type LotteryBetType,
  type LotteryKind,
  type LotteryPick,
} from '#contract/lottery'
import type { SelectionReason } from '#contract/lottery'
import { parseAmount } from '#contract/money'
import { d5Digits, type DrawnNumbers, prizeTables } from './rng'

export interface BetTypeRule {
  betType: LotteryBetType
  /** 9800 = 9.8x, stake included. */
  oddsMilli: number
  /** Minor units, per unit. */
  minStake: bigint
  maxStake: bigint
}

export type Selection =
  { position: number; digits: number[] } | { pick: LotteryPick } | { numbers: string[] } | { sum: number }

export interface CheckedLine {
  index: number
  betType: LotteryBetType
  selection: Selection
  selectionText: string
  units: number
  stake: bigint
  amount: bigint
  oddsMilli: number
}

export type LineError =
  | { code: 'lottery_selection_invalid'; value: { index: number; reason: SelectionReason } }
  | { code: 'lottery_stake_out_of_range'; value: { index: number; minStake: bigint; maxStake: bigint } }
  | { code: 'lottery_payout_over_limit'; value: { index: number; maxPayout: bigint; maxStake: bigint } }
  | { code: 'validation_failed'; value: { index: number } }

export type BetLine = z.output<typeof BetLineInputSchema>

/** The bet types a game kind takes. */
export function betTypesOf(kind: LotteryKind): readonly LotteryBetType[] {
  return kind === 'D5' ? d5BetTypes : vnBetTypes
}

/** The highest sum of five digits. */
export const maxSum = 45

/**
 * In how many of the 100,000 equally likely D5 draws the five digits add up to each sum
 * 0…45 (counted once, by adding one digit at a time).
 */
export const sumWaysTable: readonly number[] = (() => {
  let ways = [1]
  for (let i = 0; i < d5Digits; i += 1) {
    const next = Array.from({ length: ways.length + 9 }, () => 0)
    for (const [s, n] of ways.entries()) for (let d = 0; d <= 9; d += 1) next[s + d] = (next[s + d] ?? 0) + n
    ways = next
  }
  return ways
})()

export function sumWays(sum: number): number {
  return sumWaysTable[sum] ?? 0
}

/** The ways of the likeliest sums (22 and 23): the sum a SUM_EXACT rule's odds are for. */
const likeliestWays = Math.max(...sumWaysTable)

/** What a SUM_EXACT unit on `sum` pays per hit, in thousandths, from the rule's odds. */
export function sumOddsMilli(ruleOddsMilli: number, sum: number): number {
  const ways = sumWays(sum)
  if (ways === 0) throw new RangeError(`no D5 draw adds up to ${sum}`)
  return Math.floor((ruleOddsMilli * likeliestWays) / ways)
}

/** The house odds of each kind's bet types (the module doc gives the RTP each implies). */
export const defaultOddsMilli: Readonly<Record<LotteryKind, Partial<Record<LotteryBetType, number>>>> = {
  // SUM_EXACT: 98% of the likeliest sums' fair odds (100,000 / 6,000), in thousandths, rounded down.
  D5: { POS_DIGIT: 9800, BIG_SMALL: 1960, ODD_EVEN: 1960, SUM_EXACT: Math.floor((980 * 100_000) / 6000) },
  VN_NORTH: { LO2: 3500, LO3: 40_000, DE2: 85_000, DE3: 850_000 },
  VN_SOUTH: { LO2: 5200, LO3: 57_000, DE2: 85_000, DE3: 850_000 },
}

/** Default stake limits per unit, in major units. */
export const defaultMinStakeMajor = 1n
export const defaultMaxStakeMajor = 10_000n

/** The most one bet line may win by default, in major units (a game's `maxPayout`). */
export const defaultMaxPayoutMajor = 1_000_000n

/** A new game's most a bet line may win: 1,000,000 major units of the brand's currency. */
export function defaultMaxPayout(currencyDecimals: number): bigint {
  if (!Number.isInteger(currencyDecimals) || currencyDecimals < 0) {
    throw new RangeError(`currency decimals must be a whole number: ${currencyDecimals}`)
  }
  return defaultMaxPayoutMajor * 10n ** BigInt(currencyDecimals)
}

/** A new game's bet types: the default odds, and stakes from 1 to 10,000 major units per unit. */
export function defaultBetTypeRules(kind: LotteryKind, currencyDecimals: number): BetTypeRule[] {
  if (!Number.isInteger(currencyDecimals) || currencyDecimals < 0) {
    throw new RangeError(`currency decimals must be a whole number: ${currencyDecimals}`)
  }
  const unit = 10n ** BigInt(currencyDecimals)
  return betTypesOf(kind).map((betType) => ({
    betType,
    oddsMilli: defaultOddsMilli[kind][betType] ?? 0,
    minStake: defaultMinStakeMajor * unit,
    maxStake: defaultMaxStakeMajor * unit,
  }))
}

/** Odds as the wire writes them: 9800 → "9.8", 850000 → "850", 1960 → "1.96". */
export function oddsText(oddsMilli: number): string {
  const whole = Math.floor(oddsMilli / 1000)
  const frac = String(oddsMilli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : String(whole)
}

/**
 * Expected hits per unit of a bet type, as an exact fraction: the RTP of odds o is
 * o × num / den. Every digit of a draw is uniform and independent (rng.ts). SUM_EXACT
 * depends on the sum picked (`sum`, 0…45).
 */
export function expectedHits(
  kind: LotteryKind,
  betType: LotteryBetType,
  sum?: number,
): { num: bigint; den: bigint } {
  if (!betTypesOf(kind).includes(betType)) throw new RangeError(`${kind} does not take ${betType}`)
  const table = prizeTables[kind]
  const prizesWith = (digits: number) =>
    BigInt(table.filter((t) => t.digits >= digits).reduce((n, t) => n + t.count, 0))
  switch (betType) {
    case 'POS_DIGIT':
      return { num: 1n, den: 10n }
    case 'BIG_SMALL':
    case 'ODD_EVEN':
      return { num: 1n, den: 2n }
    case 'SUM_EXACT':
      if (sum === undefined) throw new RangeError('SUM_EXACT expected hits depend on the sum')
      return { num: BigInt(sumWays(sum)), den: 100_000n }
    case 'LO2':
      return { num: prizesWith(2), den: 100n }
    case 'LO3':
      return { num: prizesWith(3), den: 1000n }
    case 'DE2':
      return { num: 1n, den: 100n }
    case 'DE3':
      return { num: 1n, den: 1000n }
  }
}

// ---- checking a slip --------------------------------------------------------------------

type SelectionField = 'position' | 'digits' | 'pick' | 'numbers' | 'sum'

const fieldsOf: Record<LotteryBetType, readonly SelectionField[]> = {
  POS_DIGIT: ['position', 'digits'],
  BIG_SMALL: ['pick'],
  ODD_EVEN: ['pick'],
  SUM_EXACT: ['sum'],
  LO2: ['numbers'],
  LO3: ['numbers'],
  DE2: ['numbers'],
  DE3: ['numbers'],
}

const pickChoices: Partial<Record<LotteryBetType, readonly string[]>> = picksOf

/** Most digits or numbers on one line (the contract's limit). */
export const maxSelectionsPerLine = 10

function numberDigits(betType: LotteryBetType): number {
  return betType === 'LO3' || betType === 'DE3' ? 3 : 2
}

function invalid(index: number, reason: SelectionReason): LineError {
  return { code: 'lottery_selection_invalid', value: { index, reason } }
}

function isLineError(v: Selection | CheckedLine | LineError): v is LineError {
  return 'code' in v
}

/** The selection of a line, normalized (digits and numbers sorted), or why it is not one. */
function selectionOf(line: BetLine, index: number): Selection | LineError {
  const allowed = fieldsOf[line.betType]
  for (const field of ['position', 'digits', 'pick', 'numbers', 'sum'] as const) {
    if (line[field] !== undefined && !allowed.includes(field)) return invalid(index, field)
  }
  switch (line.betType) {
    case 'POS_DIGIT': {
      const { position, digits } = line
      if (position === undefined || !Number.isInteger(position) || position < 1 || position > d5Digits) {
        return invalid(index, 'position')
      }
      if (
        digits === undefined ||
        digits.length === 0 ||
        digits.length > maxSelectionsPerLine ||
        digits.some((d) => !Number.isInteger(d) || d < 0 || d > 9) ||
        new Set(digits).size !== digits.length
      ) {
        return invalid(index, 'digits')
      }
      return { position, digits: [...digits].sort((a, b) => a - b) }
    }
    case 'BIG_SMALL':
    case 'ODD_EVEN': {
      const pick = line.pick
      if (pick === undefined || !(pickChoices[line.betType] ?? []).includes(pick))
        return invalid(index, 'pick')
      return { pick }
    }
    case 'SUM_EXACT': {
      const sum = line.sum
      if (sum === undefined || !Number.isInteger(sum) || sum < 0 || sum > maxSum) return invalid(index, 'sum')
      return { sum }
    }
    case 'LO2':
    case 'LO3':
    case 'DE2':
    case 'DE3': {
      const numbers = line.numbers
      const pattern = numberDigits(line.betType) === 3 ? /^\d{3}$/ : /^\d{2}$/
      if (
        numbers === undefined ||
        numbers.length === 0 ||
        numbers.length > maxSelectionsPerLine ||
        numbers.some((n) => !pattern.test(n)) ||
        new Set(numbers).size !== numbers.length
      ) {
        return invalid(index, 'numbers')
      }
      return { numbers: [...numbers].sort() }
    }
  }
}

function unitsOf(selection: Selection): number {
  if ('digits' in selection) return selection.digits.length
  if ('numbers' in selection) return selection.numbers.length
  return 1
}

/** The selection as a member would write it: "Pos 1: 3, 7", "BIG", "12, 34", "Sum 23". */
export function selectionText(betType: LotteryBetType, selection: Selection): string {
  if ('digits' in selection) return `Pos ${selection.position}: ${selection.digits.join(', ')}`
  if ('pick' in selection) return selection.pick
  if ('sum' in selection) return `Sum ${selection.sum}`
  void betType
  return selection.numbers.join(', ')
}

/**
 * The most times one line of a bet type can hit in one draw, whatever it selects: one for
 * the bets on one digit, the sum or the special prize (a line's units are distinct, so at
 * most one of them matches); for LO, one a prize with enough digits, spread over its numbers.
 */
export function maxHitsPerLine(kind: LotteryKind, betType: LotteryBetType): number {
  if (!betTypesOf(kind).includes(betType)) throw new RangeError(`${kind} does not take ${betType}`)
  if (betType !== 'LO2' && betType !== 'LO3') return 1
  const digits = numberDigits(betType)
  return prizeTables[kind].filter((t) => t.digits >= digits).reduce((n, t) => n + t.count, 0)
}

/** What the line pays at best: its stake per unit × its odds × the most hits it can take. */
export function maxWinOf(
  kind: LotteryKind,
  line: Pick<CheckedLine, 'betType' | 'stake' | 'oddsMilli'>,
): bigint {
  return payoutOf(line.stake, line.oddsMilli, maxHitsPerLine(kind, line.betType))
}

/** Checks one slip line (already shape-parsed by BetLineInputSchema; stake is the AmountInput string, parse with the money helpers in src/contract/money.ts and the currency decimals). */
export function checkLine(
  kind: LotteryKind,
  rules: readonly BetTypeRule[],
  line: BetLine,
  index: number,
  currencyDecimals: number,
  maxPayout: bigint,
): CheckedLine | LineError {
  const rule = rules.find((r) => r.betType === line.betType)
  if (!betTypesOf(kind).includes(line.betType) || !rule) return invalid(index, 'bet_type')
  const selection = selectionOf(line, index)
  if (isLineError(selection)) return selection
  const stake = parseAmount(line.stake, { decimals: currencyDecimals })
  if (stake === null) return { code: 'validation_failed', value: { index } }
  if (stake < rule.minStake || stake > rule.maxStake) {
    return {
      code: 'lottery_stake_out_of_range',
      value: { index, minStake: rule.minStake, maxStake: rule.maxStake },
    }
  }
  const units = unitsOf(selection)
  // A SUM_EXACT line holds one sum, so it has one price: the rule's, scaled to that sum.
  const oddsMilli = 'sum' in selection ? sumOddsMilli(rule.oddsMilli, selection.sum) : rule.oddsMilli
  if (maxWinOf(kind, { betType: line.betType, stake, oddsMilli }) > maxPayout) {
    return {
      code: 'lottery_payout_over_limit',
      value: {
        index,
        maxPayout,
        maxStake: maxStakeWithin(maxPayout, oddsMilli, maxHitsPerLine(kind, line.betType)),
      },
    }
  }
  return {
    index,
    betType: line.betType,
    selection,
    selectionText: selectionText(line.betType, selection),
    units,
    stake,
    amount: stake * BigInt(units),
    oddsMilli,
  }
}

/** A slip: every line checked; also refuses two identical lines (same betType + same normalized selection) as 'duplicate'. */
export function checkSlip(
  kind: LotteryKind,
  rules: readonly BetTypeRule[],
  lines: readonly BetLine[],
  currencyDecimals: number,
  maxPayout: bigint,
): { lines: CheckedLine[] } | LineError {
  const checked: CheckedLine[] = []
  const seen = new Set<string>()
  for (const [index, line] of lines.entries()) {
    const c = checkLine(kind, rules, line, index, currencyDecimals, maxPayout)
    if (isLineError(c)) return c
    const key = `${c.betType}|${c.selectionText}`
    if (seen.has(key)) return invalid(index, 'duplicate')
    seen.add(key)
    checked.push(c)
  }
  return { lines: checked }
}

// ---- settling ---------------------------------------------------------------------------

function specialOf(drawn: Pick<DrawnNumbers, 'main' | 'prizes'>): string {
  return drawn.prizes.find((p) => p.prize === 'DB')?.numbers[0] ?? drawn.main
}

function d5DigitsOf(drawn: Pick<DrawnNumbers, 'main'>): number[] {
  if (!/^\d{5}$/.test(drawn.main)) throw new RangeError(`not a D5 result: ${drawn.main}`)
  return [...drawn.main].map(Number)
}

/** How many of the selection's units hit this draw (LO counts every occurrence across prizes). */
export function hitsOf(
  kind: LotteryKind,
  betType: LotteryBetType,
  selection: Selection,
  drawn: Pick<DrawnNumbers, 'main' | 'prizes'>,
): number {
  if (!betTypesOf(kind).includes(betType)) throw new RangeError(`${kind} does not take ${betType}`)
  switch (betType) {
    case 'POS_DIGIT': {
      if (!('digits' in selection)) throw new RangeError('POS_DIGIT needs position and digits')
      const d = d5DigitsOf(drawn)[selection.position - 1]
      return selection.digits.filter((x) => x === d).length
    }
    case 'BIG_SMALL':
    case 'ODD_EVEN': {
      if (!('pick' in selection)) throw new RangeError(`${betType} needs a pick`)
      const sum = d5DigitsOf(drawn).reduce((a, b) => a + b, 0)
      const outcome = betType === 'BIG_SMALL' ? (sum >= 23 ? 'BIG' : 'SMALL') : sum % 2 === 1 ? 'ODD' : 'EVEN'
      return selection.pick === outcome ? 1 : 0
    }
    case 'SUM_EXACT': {
      if (!('sum' in selection)) throw new RangeError('SUM_EXACT needs a sum')
      return d5DigitsOf(drawn).reduce((a, b) => a + b, 0) === selection.sum ? 1 : 0
    }
    case 'LO2':
    case 'LO3': {
      if (!('numbers' in selection)) throw new RangeError(`${betType} needs numbers`)
      const n = numberDigits(betType)
      const tails = drawn.prizes
        .flatMap((p) => p.numbers)
        .filter((x) => x.length >= n)
        .map((x) => x.slice(-n))
      return selection.numbers.reduce((hits, pick) => hits + tails.filter((t) => t === pick).length, 0)
    }
    case 'DE2':
    case 'DE3': {
      if (!('numbers' in selection)) throw new RangeError(`${betType} needs numbers`)
      const special = specialOf(drawn)
      const n = numberDigits(betType)
      if (special.length < n) return 0
      const tail = special.slice(-n)
      return selection.numbers.filter((x) => x === tail).length
    }
  }
}

/** floor(stake × oddsMilli × hits / 1000) in minor units (bigint arithmetic only). */
export function payoutOf(stake: bigint, oddsMilli: number, hits: number): bigint {
  if (stake < 0n || !Number.isInteger(oddsMilli) || oddsMilli < 0 || !Number.isInteger(hits) || hits < 0) {
    throw new RangeError('payout needs a non-negative stake, whole odds in thousandths and whole hits')
  }
  return (stake * BigInt(oddsMilli) * BigInt(hits)) / 1000n
}
