/**
 * Shared helpers of the lottery rules suites: a slip line, the line as checked under the
 * default rules, what it pays on a draw, and the draws worked out by hand.
 */
import type { z } from 'zod/mini'
import type { BetLineInputSchema, LotteryBetType, LotteryKind } from '#contract/lottery'
import type { DrawnNumbers } from '#server/lottery/rng'
import {
  checkLine,
  type CheckedLine,
  defaultBetTypeRules,
  defaultMaxPayout,
  hitsOf,
  payoutOf,
} from '#server/lottery/rules'

export type Line = z.output<typeof BetLineInputSchema>

export const line = (betType: LotteryBetType, fields: Partial<Line>, stake = '10'): Line => ({
  betType,
  stake,
  ...fields,
})

export function checked(kind: LotteryKind, l: Line, decimals: number): CheckedLine {
  const c = checkLine(kind, defaultBetTypeRules(kind, decimals), l, 0, decimals, defaultMaxPayout(decimals))
  if ('code' in c)
    throw new Error(`refused: ${JSON.stringify(c, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}` : v))}`)
  return c
}

/** What a checked line pays on a draw, in minor units. */
export function paid(
  kind: LotteryKind,
  l: Line,
  decimals: number,
  drawn: Pick<DrawnNumbers, 'main' | 'prizes'>,
): bigint {
  const c = checked(kind, l, decimals)
  return payoutOf(c.stake, c.oddsMilli, hitsOf(kind, c.betType, c.selection, drawn))
}

export const d5 = (main: string): DrawnNumbers => ({ main, prizes: [] })

export const north: DrawnNumbers = {
  main: '12345',
  prizes: [
    { prize: 'DB', numbers: ['12345'] },
    { prize: 'G1', numbers: ['67890'] },
    { prize: 'G2', numbers: ['11145', '22245'] },
    { prize: 'G3', numbers: ['33345', '44499', '55512', '66678', '77789', '88890'] },
    { prize: 'G4', numbers: ['1245', '2399', '3445', '4512'] },
    { prize: 'G5', numbers: ['5645', '6778', '7890', '8901', '9012', '0123'] },
    { prize: 'G6', numbers: ['345', '456', '999'] },
    { prize: 'G7', numbers: ['45', '12', '99', '07'] },
  ],
}

export const south: DrawnNumbers = {
  main: '123456',
  prizes: [
    { prize: 'DB', numbers: ['123456'] },
    { prize: 'G1', numbers: ['11156'] },
    { prize: 'G2', numbers: ['22256'] },
    { prize: 'G3', numbers: ['33356', '44456'] },
    { prize: 'G4', numbers: ['55512', '66623', '77734', '88845', '99956', '00067', '11178'] },
    { prize: 'G5', numbers: ['2256'] },
    { prize: 'G6', numbers: ['3356', '4456', '5567'] },
    { prize: 'G7', numbers: ['656'] },
    { prize: 'G8', numbers: ['56'] },
  ],
}
