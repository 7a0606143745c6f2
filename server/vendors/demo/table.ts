/**
 * The card table: dragon tiger from an eight-deck shoe. One card to the dragon, one to the
 * tiger (drawn without replacement from the provably fair floats); the higher rank wins
 * (ace low, king high). Dragon and tiger pay 1:1, tie 8:1; on a tie, dragon and tiger bets
 * lose half. The live-table stand-in deals the same game.
 */
import { fairFloats, type FairInput } from './fair'

export const tableSpots = ['dragon', 'tiger', 'tie'] as const
export type TableSpot = (typeof tableSpots)[number]
export const shoeSize = 8 * 52

export interface Card {
  /** 1 (ace) to 13 (king). */
  rank: number
  /** 0 spades, 1 hearts, 2 clubs, 3 diamonds. */
  suit: number
}

export interface TableOutcome {
  dragon: Card
  tiger: Card
  winner: TableSpot
}

const cardOf = (index: number): Card => ({ rank: (index % 13) + 1, suit: Math.floor(index / 13) % 4 })

export function tableFromFloats(floats: readonly number[]): TableOutcome {
  const first = Math.floor((floats[0] ?? 0) * shoeSize)
  let second = Math.floor((floats[1] ?? 0) * (shoeSize - 1))
  if (second >= first) second++
  const dragon = cardOf(first)
  const tiger = cardOf(second)
  const winner = dragon.rank > tiger.rank ? 'dragon' : tiger.rank > dragon.rank ? 'tiger' : 'tie'
  return { dragon, tiger, winner }
}

export function tableRound(input: FairInput): TableOutcome {
  return tableFromFloats(fairFloats(input, 2))
}

export type TableBets = Partial<Record<TableSpot, bigint>>

/** What the bets get back (stake included) on this outcome. */
export function tableWin(bets: TableBets, outcome: TableOutcome): bigint {
  let win = 0n
  for (const spot of tableSpots) {
    const stake = bets[spot] ?? 0n
    if (stake === 0n) continue
    if (outcome.winner === spot) win += spot === 'tie' ? stake * 9n : stake * 2n
    else if (outcome.winner === 'tie') win += stake / 2n
  }
  return win
}
