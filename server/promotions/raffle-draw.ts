/**
 * A raffle's draw (decision 028): the lottery's commit-reveal seed (server/lottery/rng.ts)
 * turned into winning tickets by a public, deterministic derivation, so anyone holding the
 * published seed and entries can recompute the winners and check that the seed was fixed
 * before the period's first entry. node:crypto only.
 *
 * ## How to verify a draw (the derivation, exactly)
 * Inputs, as the raffle's status shows them for a drawn period: `seed` (64 hex characters),
 * `commitment` (64 hex characters, shown from the period's first join or read), the
 * promotion id `promotionId` (e.g. `12`), the period `period` (its first day, e.g.
 * `2026-11-23`), the entries (each with its first ticket and its tickets) and the prizes.
 *
 * 1. Commitment: SHA-256(seed bytes), as lowercase hex, must equal `commitment` (SHA-256 of
 *    the 32 raw bytes, not of the hex text).
 * 2. Tickets: entries with at least one ticket, in the order of their member id, hold the
 *    tickets `firstTicket` … `firstTicket + tickets - 1`, numbered from 1 consecutively;
 *    `total` is the last ticket's number. An entry with no ticket does not draw.
 * 3. Byte stream: for counter = 0, 1, 2, … the block
 *    HMAC-SHA-256(key = seed bytes, message = UTF-8 of `${promotionId}:${period}:${counter}`),
 *    counter in decimal (`12:2026-11-23:0`, then `…:1`, …); the stream is the blocks' bytes
 *    in order.
 * 4. Tickets drawn: read the stream 4 bytes at a time as an unsigned 32-bit big-endian x.
 *    With limit = 2^32 − (2^32 mod total), an x ≥ limit is skipped (so every ticket is exactly
 *    equally likely); otherwise the ticket drawn is (x mod total) + 1.
 * 5. Winners: the prizes are given in rank order (rank 1 first), `count` of each. Each prize
 *    goes to the owner of the next ticket drawn whose owner has not won yet (a member wins
 *    at most once; a ticket of a winner is drawn again). It stops when the prizes or the
 *    members with tickets run out.
 */
import { createHmac } from 'node:crypto'
import { commitmentOf } from '../lottery/rng'

export { commitmentOf, newSeed } from '../lottery/rng'

export interface DrawEntry {
  memberId: number
  firstTicket: number
  tickets: number
}

export interface DrawPrize {
  rank: number
  amount: number
  count: number
}

export interface DrawnWinner {
  memberId: number
  rank: number
  amount: number
  ticket: number
}

const seedPattern = /^[0-9a-fA-F]{64}$/
const two32 = 2 ** 32

/** Step 2: numbers the tickets of entries (member id order, from 1); those without tickets get none. */
export function numberTickets<T extends { memberId: number; tickets: number }>(
  entries: readonly T[],
): (T & { firstTicket: number | null })[] {
  let next = 1
  return [...entries]
    .sort((a, b) => a.memberId - b.memberId)
    .map((e) => {
      if (e.tickets <= 0) return { ...e, firstTicket: null }
      const firstTicket = next
      next += e.tickets
      return { ...e, firstTicket }
    })
}

/** Steps 3 and 4: a uniform ticket number in 1…total from the draw's stream. */
function ticketStream(seedHex: string, promotionId: number, period: string, total: number): () => number {
  const key = Buffer.from(seedHex, 'hex')
  const limit = two32 - (two32 % total)
  let counter = 0
  let block = Buffer.alloc(0)
  let at = 0
  return () => {
    for (;;) {
      if (at + 4 > block.length) {
        block = createHmac('sha256', key).update(`${promotionId}:${period}:${counter}`, 'utf8').digest()
        counter += 1
        at = 0
      }
      const x = block.readUInt32BE(at)
      at += 4
      if (x < limit) return (x % total) + 1
    }
  }
}

/**
 * The winners of a draw (the module doc's derivation), in prize order. Pure: the same seed,
 * promotion, period, entries and prizes give the same winners, on any machine.
 */
export function drawWinners(
  seedHex: string,
  promotionId: number,
  period: string,
  entries: readonly DrawEntry[],
  prizes: readonly DrawPrize[],
): DrawnWinner[] {
  if (!seedPattern.test(seedHex)) throw new RangeError('a seed is 64 hex characters (32 bytes)')
  const holding = entries.filter((e) => e.tickets > 0).sort((a, b) => a.firstTicket - b.firstTicket)
  const total = holding.reduce((s, e) => s + e.tickets, 0)
  if (total <= 0) return []
  if (total >= two32) throw new RangeError('too many tickets')
  const next = ticketStream(seedHex, promotionId, period, total)
  const ownerOf = (ticket: number): DrawEntry => {
    let lo = 0
    let hi = holding.length - 1
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2)
      if ((holding[mid]?.firstTicket ?? 0) <= ticket) lo = mid
      else hi = mid - 1
    }
    const e = holding[lo]
    if (!e) throw new Error('no entry holds the ticket')
    return e
  }
  const won = new Set<number>()
  const winners: DrawnWinner[] = []
  for (const prize of [...prizes].sort((a, b) => a.rank - b.rank)) {
    for (let i = 0; i < prize.count; i += 1) {
      if (won.size >= holding.length) return winners
      for (;;) {
        const ticket = next()
        const owner = ownerOf(ticket)
        if (won.has(owner.memberId)) continue
        won.add(owner.memberId)
        winners.push({ memberId: owner.memberId, rank: prize.rank, amount: prize.amount, ticket })
        break
      }
    }
  }
  return winners
}

/** True when the seed is the one `commitment` was made from. */
export function seedMatches(seedHex: string, commitment: string): boolean {
  return seedPattern.test(seedHex) && commitmentOf(seedHex) === commitment.toLowerCase()
}
