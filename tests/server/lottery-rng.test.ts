/**
 * The lottery draw: deterministic from its committed seed, checkable by a third party who
 * only reads the published derivation, and uniform in every digit.
 */
import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  commitmentOf,
  digitOfByte,
  drawFromSeed,
  type DrawnNumbers,
  newSeed,
  verifyDraw,
} from '#server/lottery/rng'

const seedA = 'a'.repeat(64)
const seedB = '0123456789abcdef'.repeat(4)

/** Chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0)
  const expected = total / counts.length
  return counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0)
}

/** A seed per draw, fixed so the statistical checks always see the same (fair) sample. */
const seedOf = (i: number) => createHash('sha256').update(`test seed ${i}`).digest('hex')

describe('seeds and commitments', () => {
  it('a new seed is 32 random bytes in hex', () => {
    const a = newSeed()
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(newSeed()).not.toBe(a)
  })

  it('the commitment is SHA-256 of the seed bytes, not of its text', () => {
    expect(commitmentOf('0'.repeat(64))).toBe(
      '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
    )
    expect(() => commitmentOf('abc')).toThrow(RangeError)
  })
})

describe('drawing from a seed', () => {
  it('follows the published derivation, recomputed here from its description alone', () => {
    // HMAC-SHA-256(seed bytes, "code:numero:counter") blocks; bytes < 250 give byte mod 10.
    const digits: number[] = []
    for (let counter = 0; digits.length < 200; counter += 1) {
      const block = createHmac('sha256', Buffer.from(seedB, 'hex'))
        .update(`VN_MB:20261123:${counter}`)
        .digest()
      for (const b of block) if (b < 250) digits.push(b % 10)
    }
    const deal = (sizes: number[]) => {
      let at = 0
      return sizes.map((n) => {
        const s = digits.slice(at, at + n).join('')
        at += n
        return s
      })
    }
    const north = drawFromSeed('VN_NORTH', seedB, 'VN_MB', '20261123')
    const sizes = [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 2, 2, 2, 2]
    expect(north.prizes.flatMap((p) => p.numbers)).toEqual(deal(sizes))
    expect(north.prizes.map((p) => [p.prize, p.numbers.length])).toEqual([
      ['DB', 1],
      ['G1', 1],
      ['G2', 2],
      ['G3', 6],
      ['G4', 4],
      ['G5', 6],
      ['G6', 3],
      ['G7', 4],
    ])
    expect(north.main).toBe(north.prizes[0]!.numbers[0])

    const d5digits: number[] = []
    for (let counter = 0; d5digits.length < 5; counter += 1) {
      const block = createHmac('sha256', Buffer.from(seedB, 'hex'))
        .update(`E5D1:20261123-0042:${counter}`)
        .digest()
      for (const b of block) if (b < 250) d5digits.push(b % 10)
    }
    expect(drawFromSeed('D5', seedB, 'E5D1', '20261123-0042')).toEqual({
      main: d5digits.slice(0, 5).join(''),
      prizes: [],
    })
  })

  it('the southern table has 18 prizes with a six-digit special', () => {
    const south = drawFromSeed('VN_SOUTH', seedA, 'VN_HCM', '20261123')
    expect(south.prizes.map((p) => [p.prize, p.numbers.map((n) => n.length)])).toEqual([
      ['DB', [6]],
      ['G1', [5]],
      ['G2', [5]],
      ['G3', [5, 5]],
      ['G4', [5, 5, 5, 5, 5, 5, 5]],
      ['G5', [4]],
      ['G6', [4, 4, 4]],
      ['G7', [3]],
      ['G8', [2]],
    ])
    expect(south.main).toMatch(/^\d{6}$/)
    expect(south.main).toBe(south.prizes[0]!.numbers[0])
  })

  it('is deterministic, and differs with the seed, the game or the issue', () => {
    const one = drawFromSeed('VN_NORTH', seedA, 'VN_MB', '20261123')
    expect(drawFromSeed('VN_NORTH', seedA, 'VN_MB', '20261123')).toEqual(one)
    expect(drawFromSeed('VN_NORTH', seedB, 'VN_MB', '20261123')).not.toEqual(one)
    expect(drawFromSeed('VN_NORTH', seedA, 'VN_MB2', '20261123')).not.toEqual(one)
    expect(drawFromSeed('VN_NORTH', seedA, 'VN_MB', '20261124')).not.toEqual(one)
    expect(() => drawFromSeed('D5', 'zz'.repeat(32), 'E5D1', '20261123-0001')).toThrow(RangeError)
  })
})

describe('verifying a draw', () => {
  const seed = seedOf(1)
  const commitment = commitmentOf(seed)
  const drawn = drawFromSeed('VN_SOUTH', seed, 'VN_HCM', '20261123')
  const copy = (): DrawnNumbers => structuredClone(drawn)

  it('accepts the genuine result with its seed and commitment', () => {
    expect(verifyDraw('VN_SOUTH', seed, commitment, 'VN_HCM', '20261123', drawn)).toBe(true)
    expect(
      verifyDraw('VN_SOUTH', seed.toUpperCase(), commitment.toUpperCase(), 'VN_HCM', '20261123', drawn),
    ).toBe(true)
    const d5 = drawFromSeed('D5', seed, 'E5D1', '20261123-0001')
    expect(verifyDraw('D5', seed, commitment, 'E5D1', '20261123-0001', d5)).toBe(true)
  })

  it('refuses a tampered result, a different seed or commitment, or another issue', () => {
    const bump = (n: string) => n.slice(0, -1) + String((Number(n.at(-1)) + 1) % 10)
    const mainChanged = { ...copy(), main: bump(drawn.main) }
    const prizeChanged = copy()
    prizeChanged.prizes[4]!.numbers[3] = bump(prizeChanged.prizes[4]!.numbers[3]!)
    const reordered = copy()
    reordered.prizes[4]!.numbers.reverse()
    const missingTier = { ...copy(), prizes: copy().prizes.slice(0, -1) }
    const otherSeed = seedOf(2)
    for (const [label, ok] of [
      ['main', verifyDraw('VN_SOUTH', seed, commitment, 'VN_HCM', '20261123', mainChanged)],
      ['prize', verifyDraw('VN_SOUTH', seed, commitment, 'VN_HCM', '20261123', prizeChanged)],
      ['order', verifyDraw('VN_SOUTH', seed, commitment, 'VN_HCM', '20261123', reordered)],
      ['tier', verifyDraw('VN_SOUTH', seed, commitment, 'VN_HCM', '20261123', missingTier)],
      ['seed', verifyDraw('VN_SOUTH', otherSeed, commitment, 'VN_HCM', '20261123', drawn)],
      [
        'seed and its commitment',
        verifyDraw('VN_SOUTH', otherSeed, commitmentOf(otherSeed), 'VN_HCM', '20261123', drawn),
      ],
      ['commitment', verifyDraw('VN_SOUTH', seed, commitmentOf(otherSeed), 'VN_HCM', '20261123', drawn)],
      ['issue', verifyDraw('VN_SOUTH', seed, commitment, 'VN_HCM', '20261124', drawn)],
      ['game', verifyDraw('VN_SOUTH', seed, commitment, 'VN_CT', '20261123', drawn)],
      ['kind', verifyDraw('VN_NORTH', seed, commitment, 'VN_HCM', '20261123', drawn)],
      ['malformed seed', verifyDraw('VN_SOUTH', 'nope', commitment, 'VN_HCM', '20261123', drawn)],
    ] as const) {
      expect(ok, label).toBe(false)
    }
  })
})

describe('uniformity', () => {
  it('each digit comes from exactly 25 of the 256 byte values; the other six are skipped', () => {
    const sources = Array<number>(10).fill(0)
    let skipped = 0
    for (let b = 0; b < 256; b += 1) {
      const d = digitOfByte(b)
      if (d === null) skipped += 1
      else sources[d]! += 1
    }
    expect(sources).toEqual(Array<number>(10).fill(25))
    expect(skipped).toBe(6)
  })

  // Chi-square critical values at p = 0.001 (df 9: 27.88; df 99: 148.23). The seeds are
  // fixed, so the sample is the same every run; a biased derivation would exceed them.
  it('every position of 20,000 D5 draws shows each digit equally often', () => {
    const counts = Array.from({ length: 5 }, () => Array<number>(10).fill(0))
    let big = 0
    let odd = 0
    for (let i = 0; i < 20_000; i += 1) {
      const { main } = drawFromSeed(
        'D5',
        seedOf(i),
        'E5D1',
        `20261123-${String((i % 1440) + 1).padStart(4, '0')}`,
      )
      let sum = 0
      for (const [p, ch] of [...main].entries()) {
        counts[p]![Number(ch)]! += 1
        sum += Number(ch)
      }
      if (sum >= 23) big += 1
      if (sum % 2 === 1) odd += 1
    }
    for (const [p, c] of counts.entries())
      expect(chiSquare(c), `position ${p + 1}: ${c.join(' ')}`).toBeLessThan(27.88)
    // Big and odd each have probability 1/2: within 4 standard deviations (4 × 70.7).
    expect(Math.abs(big - 10_000)).toBeLessThan(283)
    expect(Math.abs(odd - 10_000)).toBeLessThan(283)
  })

  it('the last two digits of every northern prize over 2,000 draws are uniform over 00-99', () => {
    const counts = Array<number>(100).fill(0)
    const special = Array<number>(10).fill(0)
    for (let i = 0; i < 2000; i += 1) {
      const d = drawFromSeed('VN_NORTH', seedOf(i), 'VN_MB', '20261123')
      for (const p of d.prizes) for (const n of p.numbers) counts[Number(n.slice(-2))]! += 1
      special[Number(d.main.slice(-1))]! += 1
    }
    expect(counts.reduce((a, b) => a + b, 0)).toBe(54_000)
    expect(chiSquare(counts)).toBeLessThan(148.23)
    expect(chiSquare(special)).toBeLessThan(27.88)
  })
})
