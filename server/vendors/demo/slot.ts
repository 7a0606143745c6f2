/**
 * The demo slot: 5 reels of 30 symbols, 3 rows, 10 fixed paylines, left-to-right runs of 3, 4
 * or 5 of a symbol. Pays are whole hundredths of the total bet, so a win is
 * floor(bet × hundredths / 100) minor units and the exact return to player follows from the
 * strips and the paytable alone (`exactRtp`): each row of a reel shows each strip position
 * with the same chance, so a line's expected pay is a sum of products of per-reel symbol
 * frequencies, and the spin's is the sum over its lines.
 *
 * The configured RTP scales a base paytable (`slotPaytable`); the rounding to hundredths
 * moves the exact figure by a few hundredths of a percent at most.
 */
import { fairFloats, type FairInput } from './fair'

export const slotSymbols = ['C', 'L', 'B', 'K', 'D', 'S'] as const
export type SlotSymbol = (typeof slotSymbols)[number]

/** The reel strips (C cherry, L lemon, B bell, K clover, D diamond, S seven). */
export const slotStrips: readonly string[] = [
  'CDCLLKBBLCLLDLCCBKCCKCBBLSKLCB',
  'BLCLKCLLLCCLCBLKBCKLCCSBDBKDBC',
  'LLLBLCCBBBKKCCCKBKBDCDCLSLLLCC',
  'LDLCLKBCCKKLCBLKBCBCLSBCLDBCCL',
  'BLDLCLLKCCCCCCKSBCDBKCBLBKLBLL',
]
export const slotRows = 3

/** Which row each payline crosses on each reel. */
export const slotLines: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
]

/** Base pays in line bets (a tenth of the total bet) for runs of 3, 4 and 5. */
const basePays: Record<SlotSymbol, readonly [number, number, number]> = {
  C: [5, 12, 30],
  L: [8, 20, 50],
  B: [12, 40, 100],
  K: [25, 80, 250],
  D: [50, 150, 500],
  S: [100, 300, 1000],
}

/** Pays in hundredths of the total bet, per symbol, for runs of 3, 4 and 5. */
export type SlotPaytable = Record<SlotSymbol, readonly [number, number, number]>

function frequencies(): Record<SlotSymbol, number>[] {
  return slotStrips.map((strip) => {
    const f = { C: 0, L: 0, B: 0, K: 0, D: 0, S: 0 }
    for (const ch of strip) f[ch as SlotSymbol] += 1 / strip.length
    return f
  })
}

/** The expected pay of one line, in hundredths of the total bet. */
function lineExpectation(pays: SlotPaytable): number {
  const freq = frequencies()
  let sum = 0
  for (const s of slotSymbols) {
    const p = freq.map((f) => f[s])
    const run = (k: number) => p.slice(0, k).reduce((a, b) => a * b, 1) * (k < 5 ? 1 - (p[k] ?? 0) : 1)
    sum += pays[s][0] * run(3) + pays[s][1] * run(4) + pays[s][2] * run(5)
  }
  return sum
}

/** The exact return to player of a paytable (0.96 = 96 %). */
export function exactRtp(pays: SlotPaytable): number {
  return (lineExpectation(pays) * slotLines.length) / 100
}

/** The paytable whose exact RTP is closest to `rtp` (between 0.8 and 0.99). */
function mapPays(f: (s: SlotSymbol, pay: number) => number, from: SlotPaytable): SlotPaytable {
  const row = (s: SlotSymbol) => from[s].map((pay) => f(s, pay)) as [number, number, number]
  return { C: row('C'), L: row('L'), B: row('B'), K: row('K'), D: row('D'), S: row('S') }
}

/** The paytable whose exact RTP is closest to `rtp` (between 0.8 and 0.99). */
export function slotPaytable(rtp: number): SlotPaytable {
  if (!(rtp >= 0.8 && rtp <= 0.99)) throw new Error('the slot RTP must be between 0.80 and 0.99')
  // Line pays in hundredths of the total bet: a line bet is a tenth of it.
  const base = mapPays((_s, m) => m * (100 / slotLines.length), basePays)
  const factor = rtp / exactRtp(base)
  return mapPays((_s, c) => Math.round(c * factor), base)
}

export interface SlotLineWin {
  line: number
  symbol: SlotSymbol
  count: number
  /** Hundredths of the total bet. */
  pay: number
}

export interface SlotOutcome {
  stops: number[]
  /** grid[row][reel]. */
  grid: SlotSymbol[][]
  lines: SlotLineWin[]
  /** The spin's total pay, hundredths of the total bet. */
  pay: number
}

/** A spin from its five floats (one reel stop each). */
export function slotFromFloats(floats: readonly number[], pays: SlotPaytable): SlotOutcome {
  const stops = slotStrips.map((strip, reel) => Math.floor((floats[reel] ?? 0) * strip.length))
  const grid: SlotSymbol[][] = []
  for (let row = 0; row < slotRows; row++) {
    grid.push(slotStrips.map((strip, reel) => strip[((stops[reel] ?? 0) + row) % strip.length] as SlotSymbol))
  }
  const lines: SlotLineWin[] = []
  slotLines.forEach((rows, line) => {
    const symbols = rows.map((row, reel) => grid[row]?.[reel] as SlotSymbol)
    const first = symbols[0] as SlotSymbol
    let count = 1
    while (count < symbols.length && symbols[count] === first) count++
    if (count >= 3) lines.push({ line, symbol: first, count, pay: pays[first][count - 3] as number })
  })
  return { stops, grid, lines, pay: lines.reduce((a, l) => a + l.pay, 0) }
}

export function slotRound(input: FairInput, pays: SlotPaytable): SlotOutcome {
  return slotFromFloats(fairFloats(input, slotStrips.length), pays)
}

/** What a bet of `bet` minor units wins on this outcome (floored to whole minor units). */
export function slotWin(bet: bigint, outcome: Pick<SlotOutcome, 'pay'>): bigint {
  return (bet * BigInt(outcome.pay)) / 100n
}
