/**
 * The fish stand-in: each shot at a fish costs the bet; a hit pays the fish's multiplier.
 * A fish worth m is hit with chance rtp / m, so every shot returns `rtp` on average
 * whichever fish the player aims at.
 */
import { fairFloats, type FairInput } from './fair'

export const fishMultipliers = [2, 3, 5, 10, 20, 50, 100] as const
export type FishMultiplier = (typeof fishMultipliers)[number]

export interface FishOutcome {
  target: number
  multiplier: FishMultiplier
  hit: boolean
}

/** `target` is an index into fishMultipliers. */
export function fishFromFloats(floats: readonly number[], target: number, rtp: number): FishOutcome {
  const multiplier = fishMultipliers[target]
  if (multiplier === undefined) throw new Error('no such fish')
  return { target, multiplier, hit: (floats[0] ?? 1) < rtp / multiplier }
}

export function fishRound(input: FairInput, target: number, rtp: number): FishOutcome {
  return fishFromFloats(fairFloats(input, 1), target, rtp)
}

export function fishWin(bet: bigint, outcome: FishOutcome): bigint {
  return outcome.hit ? bet * BigInt(outcome.multiplier) : 0n
}
