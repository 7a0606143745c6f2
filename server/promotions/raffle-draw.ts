/**
 * A raffle's draw on the server (decision 028): the lottery's commit-reveal seed
 * (server/lottery/rng.ts) turned into winning tickets by the public derivation written once
 * in src/contract/raffle-draw.ts (its module doc says how to verify a draw), which the
 * member's browser runs too. Here its HMAC blocks come from node:crypto.
 */
import { createHmac } from 'node:crypto'
import {
  drawHashPattern,
  drawWinnersWith,
  seedBytes,
  type DrawEntry,
  type DrawPrize,
  type DrawnWinner,
} from '#contract/raffle-draw'
import { commitmentOf } from '../lottery/rng'

/**
 * The winners of a draw (the derivation), in prize order. Pure: the same seed, promotion,
 * period, entries and prizes give the same winners, on any machine.
 */
export function drawWinners(
  seedHex: string,
  promotionId: number,
  period: string,
  entries: readonly DrawEntry[],
  prizes: readonly DrawPrize[],
): DrawnWinner[] {
  const key = seedBytes(seedHex)
  return drawWinnersWith(
    (message) => createHmac('sha256', key).update(message, 'utf8').digest(),
    promotionId,
    period,
    entries,
    prizes,
  )
}

/** True when the seed is the one `commitment` was made from. */
export function seedMatches(seedHex: string, commitment: string): boolean {
  return drawHashPattern.test(seedHex) && commitmentOf(seedHex) === commitment.toLowerCase()
}
