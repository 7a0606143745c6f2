/**
 * A raffle's draw as anyone can redo it (decision 028): the published seed and entries turned
 * into the winners by a public, deterministic derivation. One algorithm for the server's draw
 * (server/promotions/raffle-draw.ts, node:crypto) and the member's check in the browser
 * (WebCrypto): it holds no cryptography itself and asks its caller for each HMAC block, so the
 * server's run stays synchronous and the browser's awaits. Imports nothing.
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

/** A seed or a commitment: 32 bytes as 64 hex characters. */
export const drawHashPattern = /^[0-9a-f]{64}$/i
const two32 = 2 ** 32

/** The 32 bytes of a seed written in hex; a RangeError for anything else. */
export function seedBytes(seedHex: string): Uint8Array<ArrayBuffer> {
  if (!drawHashPattern.test(seedHex)) throw new RangeError('a seed is 64 hex characters (32 bytes)')
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i += 1) out[i] = Number.parseInt(seedHex.slice(i * 2, i * 2 + 2), 16)
  return out
}

/** Bytes as lowercase hex (a digest as the commitment is written). */
export function hexOf(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += b.toString(16).padStart(2, '0')
  return s
}

/** Step 3: the message of the stream's block `counter`. */
export const blockMessage = (promotionId: number, period: string, counter: number): string =>
  `${promotionId}:${period}:${counter}`

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

/**
 * Steps 3 to 5 as a generator: it yields the message of each HMAC block it needs, is sent the
 * block's bytes back, and returns the winners in prize order.
 */
function* derivation(
  promotionId: number,
  period: string,
  entries: readonly DrawEntry[],
  prizes: readonly DrawPrize[],
): Generator<string, DrawnWinner[], Uint8Array> {
  const holding = entries.filter((e) => e.tickets > 0).sort((a, b) => a.firstTicket - b.firstTicket)
  const total = holding.reduce((s, e) => s + e.tickets, 0)
  if (total <= 0) return []
  if (total >= two32) throw new RangeError('too many tickets')
  const limit = two32 - (two32 % total)
  let counter = 0
  let block: Uint8Array = new Uint8Array(0)
  let at = 0
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
        if (at + 4 > block.length) {
          block = yield blockMessage(promotionId, period, counter)
          counter += 1
          at = 0
        }
        // Big-endian, unsigned.
        const x =
          (((block[at] ?? 0) << 24) |
            ((block[at + 1] ?? 0) << 16) |
            ((block[at + 2] ?? 0) << 8) |
            (block[at + 3] ?? 0)) >>>
          0
        at += 4
        if (x >= limit) continue
        const ticket = (x % total) + 1
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

/**
 * The winners of a draw, in prize order, with `block` the HMAC-SHA-256 keyed by the seed's
 * bytes of a message's UTF-8 (step 3). Pure given `block`: the same inputs give the same
 * winners on any machine.
 */
export function drawWinnersWith(
  block: (message: string) => Uint8Array,
  promotionId: number,
  period: string,
  entries: readonly DrawEntry[],
  prizes: readonly DrawPrize[],
): DrawnWinner[] {
  const steps = derivation(promotionId, period, entries, prizes)
  let step = steps.next()
  while (!step.done) step = steps.next(block(step.value))
  return step.value
}

/** The same, with an HMAC that answers later (WebCrypto's). */
export async function drawWinnersAsync(
  block: (message: string) => Promise<Uint8Array>,
  promotionId: number,
  period: string,
  entries: readonly DrawEntry[],
  prizes: readonly DrawPrize[],
): Promise<DrawnWinner[]> {
  const steps = derivation(promotionId, period, entries, prizes)
  let step = steps.next()
  while (!step.done) step = steps.next(await block(step.value))
  return step.value
}
