/**
 * The bet slip's arithmetic: lines as the contract sends them, their units and amounts in
 * integer minor units of the brand's currency (never a float), and the stake's limits.
 */
import {
  d5BetTypes,
  maxStakeWithin,
  vnBetTypes,
  type BetLineInput,
  type BetTypeSetting,
  type LotteryBetType,
  type LotteryKind,
  type LotteryPick,
} from '#contract/lottery'
import { formatMinor, moneyToMinor, parseAmount, type CurrencyUnits } from '#contract/money'

export interface SlipLine {
  betType: LotteryBetType
  position?: number
  digits?: number[]
  pick?: LotteryPick
  numbers?: string[]
  /** SUM_EXACT: the sum of the five digits, 0-45 (one a line). */
  sum?: number
  /** Per unit, as typed (major units). */
  stake: string
}

export function betTypesOf(kind: LotteryKind): readonly LotteryBetType[] {
  return kind === 'D5' ? d5BetTypes : vnBetTypes
}

/** How many digits a VN bet's numbers have. */
export function numberLength(betType: LotteryBetType): 2 | 3 {
  return betType === 'LO3' || betType === 'DE3' ? 3 : 2
}

/** The most numbers (or digits) one line may carry (the contract's limit). */
export const maxPerLine = 10

/** The sums a SUM_EXACT bet may pick: 0 to 45. */
export const sums: readonly number[] = Array.from({ length: 46 }, (_, i) => i)

/** One unit per digit (position) or number (VN), one for a pick or a sum. */
export function unitsOf(line: SlipLine): number {
  if (line.betType === 'POS_DIGIT') return line.digits?.length ?? 0
  if (line.betType === 'BIG_SMALL' || line.betType === 'ODD_EVEN' || line.betType === 'SUM_EXACT') return 1
  return line.numbers?.length ?? 0
}

/** A line's amount (stake × units) in minor units; null while the stake is not an amount. */
export function lineMinor(line: SlipLine, currency: CurrencyUnits): bigint | null {
  const stake = parseAmount(line.stake, currency)
  return stake === null ? null : stake * BigInt(unitsOf(line))
}

/** The slip's total in minor units; null while any line's stake is not an amount. */
export function totalMinor(lines: readonly SlipLine[], currency: CurrencyUnits): bigint | null {
  let sum = 0n
  for (const l of lines) {
    const m = lineMinor(l, currency)
    if (m === null) return null
    sum += m
  }
  return sum
}

export type StakeProblem = 'invalid' | 'below' | 'above'

/** Whether a typed stake per unit is an amount within the bet type's limits. */
export function stakeProblem(
  stake: string,
  setting: BetTypeSetting | undefined,
  currency: CurrencyUnits,
): StakeProblem | null {
  const minor = parseAmount(stake, currency)
  if (minor === null) return 'invalid'
  if (!setting) return null
  if (minor < moneyToMinor(setting.minStake, currency)) return 'below'
  if (minor > moneyToMinor(setting.maxStake, currency)) return 'above'
  return null
}

/** Odds as the wire writes them ("9.8", "16.333", "850") in thousandths; null for anything else. */
export function oddsMilliOf(odds: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(odds)
  if (!m) return null
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'))
}

/** The odds a line is priced at, in thousandths: an exact sum's own, else its bet type's. */
export function lineOddsMilli(line: Pick<SlipLine, 'sum'>, setting: BetTypeSetting): number | null {
  const odds = line.sum !== undefined ? setting.oddsBySum?.[line.sum] : setting.odds
  return odds === undefined ? null : oddsMilliOf(odds)
}

/**
 * What a line pays at best, in minor units: its stake per unit × its odds × the most hits
 * one line can take in a draw (the server's rule, rounded down the same way). Null while
 * the stake is not an amount.
 */
export function maxWinMinor(
  line: Pick<SlipLine, 'stake' | 'sum'>,
  setting: BetTypeSetting,
  currency: CurrencyUnits,
): bigint | null {
  const stake = parseAmount(line.stake, currency)
  const odds = lineOddsMilli(line, setting)
  if (stake === null || odds === null) return null
  return (stake * BigInt(odds) * BigInt(setting.maxHits)) / 1000n
}

/**
 * The most one stake per unit may be on every one of these lines and stay within the game's
 * most one bet may win; null when the stake typed already does (or is not an amount yet).
 */
export function stakeOverPayout(
  lines: readonly Pick<SlipLine, 'stake' | 'sum'>[],
  setting: BetTypeSetting,
  maxPayout: string,
  currency: CurrencyUnits,
): bigint | null {
  const cap = moneyToMinor(maxPayout, currency)
  let most: bigint | null = null
  for (const l of lines) {
    const win = maxWinMinor(l, setting, currency)
    const odds = lineOddsMilli(l, setting)
    if (win === null || odds === null || win <= cap) continue
    const within = maxStakeWithin(cap, odds, setting.maxHits)
    if (most === null || within < most) most = within
  }
  return most
}

/** The line as the wire takes it (the stake normalised to the currency's decimals). */
export function toWire(line: SlipLine, currency: CurrencyUnits): BetLineInput {
  const minor = parseAmount(line.stake, currency)
  const stake = minor === null ? line.stake : formatMinor(minor, currency).replace(/,/g, '')
  const out: BetLineInput = { betType: line.betType, stake }
  if (line.position !== undefined) out.position = line.position
  if (line.digits) out.digits = [...line.digits].sort((a, b) => a - b)
  if (line.pick) out.pick = line.pick
  if (line.numbers) out.numbers = [...line.numbers]
  if (line.sum !== undefined) out.sum = line.sum
  return out
}

/** Lines for the position grid: one per position with digits picked, digits ascending. */
export function positionLines(grid: ReadonlyMap<number, ReadonlySet<number>>, stake: string): SlipLine[] {
  return [...grid.entries()]
    .filter(([, digits]) => digits.size > 0)
    .sort(([a], [b]) => a - b)
    .map(([position, digits]) => ({
      betType: 'POS_DIGIT' as const,
      position,
      digits: [...digits].sort((a, b) => a - b),
      stake,
    }))
}

/** A typed VN number ("7" for a 2-digit bet is not one: the player types "07"). */
export function validNumber(raw: string, betType: LotteryBetType): boolean {
  return new RegExp(`^\\d{${numberLength(betType)}}$`).test(raw)
}
