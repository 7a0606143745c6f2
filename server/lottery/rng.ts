/**
 * The draw: a committed random seed turned into a game's numbers by a public, deterministic
 * derivation, so anyone holding the published seed can recompute a result and check that it
 * was fixed before the issue opened. node:crypto only.
 *
 * ## How to verify a draw (the derivation, exactly)
 * Inputs: `seed` (64 hex characters = 32 bytes, published with the result), `commitment`
 * (64 hex characters, published before the issue opened), the game code `code` (e.g. `E5D1`)
 * and the issue number `numero` (e.g. `20261123-0042`), as shown on the result.
 *
 * 1. Commitment: SHA-256(seed bytes), written as lowercase hex, must equal `commitment`.
 *    (SHA-256 of the 32 raw bytes, not of the hex text.)
 * 2. Byte stream: for counter = 0, 1, 2, … compute the block
 *    HMAC-SHA-256(key = seed bytes, message = UTF-8 of `${code}:${numero}:${counter}`),
 *    counter in decimal without padding (`E5D1:20261123-0042:0`, then `…:1`, …). The stream is
 *    the blocks' 32 bytes each, in order.
 * 3. Digits: read the stream byte by byte; a byte b < 250 gives the digit b mod 10, a byte
 *    250-255 is skipped. Each of 0-9 comes from exactly 25 byte values, so every digit is
 *    exactly uniform and independent of the others.
 * 4. Numbers: digits are dealt in order, most significant digit first, to the game's prize
 *    table below, tier by tier in the order listed and number by number within a tier.
 *    - D5: one number of 5 digits; `main` is that number, `prizes` is empty.
 *    - VN_NORTH (27 numbers): DB 5 digits ×1, G1 5×1, G2 5×2, G3 5×6, G4 4×4, G5 4×6, G6 3×3,
 *      G7 2×4. `main` is the DB number.
 *    - VN_SOUTH (18 numbers): DB 6×1, G1 5×1, G2 5×1, G3 5×2, G4 5×7, G5 4×1, G6 4×3, G7 3×1,
 *      G8 2×1. `main` is the DB number.
 *    Numbers within a tier are kept in drawing order (repeats are possible, as in a real draw
 *    where each number comes from its own drum).
 *
 * The game code and numero in the message make every issue's stream different even if a
 * seed were reused; the seed itself comes from the operating system's CSPRNG.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { LotteryKind, prizeTiers } from '#contract/lottery'

export type PrizeTier = (typeof prizeTiers)[number]

export interface PrizeSpec {
  prize: PrizeTier
  /** Digits of each number of the tier. */
  digits: number
  /** How many numbers the tier draws. */
  count: number
}

/** What each kind draws, in dealing order (step 4 of the module doc). D5 has no tiers. */
export const prizeTables: Readonly<Record<LotteryKind, readonly PrizeSpec[]>> = {
  D5: [],
  VN_NORTH: [
    { prize: 'DB', digits: 5, count: 1 },
    { prize: 'G1', digits: 5, count: 1 },
    { prize: 'G2', digits: 5, count: 2 },
    { prize: 'G3', digits: 5, count: 6 },
    { prize: 'G4', digits: 4, count: 4 },
    { prize: 'G5', digits: 4, count: 6 },
    { prize: 'G6', digits: 3, count: 3 },
    { prize: 'G7', digits: 2, count: 4 },
  ],
  VN_SOUTH: [
    { prize: 'DB', digits: 6, count: 1 },
    { prize: 'G1', digits: 5, count: 1 },
    { prize: 'G2', digits: 5, count: 1 },
    { prize: 'G3', digits: 5, count: 2 },
    { prize: 'G4', digits: 5, count: 7 },
    { prize: 'G5', digits: 4, count: 1 },
    { prize: 'G6', digits: 4, count: 3 },
    { prize: 'G7', digits: 3, count: 1 },
    { prize: 'G8', digits: 2, count: 1 },
  ],
}

/** Digits of a D5 draw. */
export const d5Digits = 5

export interface DrawnNumbers {
  main: string
  prizes: { prize: PrizeTier; numbers: string[] }[]
}

const seedPattern = /^[0-9a-fA-F]{64}$/

function seedBytes(seedHex: string): Buffer {
  if (!seedPattern.test(seedHex)) throw new RangeError('a seed is 64 hex characters (32 bytes)')
  return Buffer.from(seedHex, 'hex')
}

/** 32 random bytes from the operating system's CSPRNG, as lowercase hex. */
export function newSeed(): string {
  return randomBytes(32).toString('hex')
}

/** SHA-256 of the seed's 32 bytes, lowercase hex: what an issue publishes before it opens. */
export function commitmentOf(seedHex: string): string {
  return createHash('sha256').update(seedBytes(seedHex)).digest('hex')
}

/** Step 3 of the module doc: a stream byte's digit, or null for the six bytes that are skipped. */
export function digitOfByte(b: number): number | null {
  return b < 250 ? b % 10 : null
}

/** Steps 2 and 3 of the module doc: the exactly uniform digit stream of one issue. */
function digitStream(key: Buffer, lottoGameCode: string, numero: string): () => number {
  let counter = 0
  let block = Buffer.alloc(0)
  let at = 0
  return () => {
    for (;;) {
      if (at >= block.length) {
        block = createHmac('sha256', key).update(`${lottoGameCode}:${numero}:${counter}`, 'utf8').digest()
        counter += 1
        at = 0
      }
      const digit = digitOfByte(block[at] ?? 255)
      at += 1
      if (digit !== null) return digit
    }
  }
}

function numberOf(next: () => number, digits: number): string {
  let s = ''
  for (let i = 0; i < digits; i += 1) s += String(next())
  return s
}

/** The numbers from its seed (the module doc's derivation). */
export function drawFromSeed(
  kind: LotteryKind,
  seedHex: string,
  lottoGameCode: string,
  numero: string,
): DrawnNumbers {
  const next = digitStream(seedBytes(seedHex), lottoGameCode, numero)
  if (kind === 'D5') return { main: numberOf(next, d5Digits), prizes: [] }
  const prizes = prizeTables[kind].map((t) => ({
    prize: t.prize,
    numbers: Array.from({ length: t.count }, () => numberOf(next, t.digits)),
  }))
  return { main: prizes[0]?.numbers[0] ?? '', prizes }
}

/**
 * True when `commitment` is SHA-256 of the seed and the claimed result is exactly what the
 * seed draws for this game and issue; false for anything else, malformed input included.
 */
export function verifyDraw(
  kind: LotteryKind,
  seedHex: string,
  commitment: string,
  lottoGameCode: string,
  numero: string,
  claimed: Pick<DrawnNumbers, 'main' | 'prizes'>,
): boolean {
  if (!seedPattern.test(seedHex) || commitmentOf(seedHex) !== commitment.toLowerCase()) return false
  const drawn = drawFromSeed(kind, seedHex, lottoGameCode, numero)
  if (drawn.main !== claimed.main || drawn.prizes.length !== claimed.prizes.length) return false
  return drawn.prizes.every((p, i) => {
    const c = claimed.prizes[i]
    return (
      c !== undefined &&
      c.prize === p.prize &&
      c.numbers.length === p.numbers.length &&
      p.numbers.every((n, j) => c.numbers[j] === n)
    )
  })
}
