/**
 * The demo games' return to player, from their paytables (exact) and over a million
 * provably fair rounds (the same derivation the vendor plays and the verify page checks).
 */
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { fairFloats } from '#server/vendors/demo/fair'
import { fishMultipliers, fishRound } from '#server/vendors/demo/fish'
import { exactRtp, slotPaytable, slotRound } from '#server/vendors/demo/slot'
import { tableRound, tableWin } from '#server/vendors/demo/table'

describe('slot return to player', () => {
  it('the exact RTP of the paytable is the configured one within 0.5 %', () => {
    for (const target of [0.9, 0.94, 0.96, 0.97]) {
      const rtp = exactRtp(slotPaytable(target))
      expect(Math.abs(rtp - target), `target ${target}, exact ${rtp}`).toBeLessThan(0.005)
    }
  })

  it('refuses an RTP outside 80–99 %', () => {
    expect(() => slotPaytable(1.02)).toThrow(/RTP/)
    expect(() => slotPaytable(0.5)).toThrow(/RTP/)
  })

  it('a million provably fair spins return the exact RTP within ±1.5 %', { timeout: 120_000 }, () => {
    // Spread of one spin's return is about 2.1 bets, so the mean of 10^6 spins has a
    // standard error near 0.2 %: ±1.5 % is over seven of them (and the seeds are fixed).
    const pays = slotPaytable(0.96)
    const exact = exactRtp(pays)
    const n = 1_000_000
    let paid = 0
    let hits = 0
    for (let nonce = 0; nonce < n; nonce++) {
      const o = slotRound({ serverSeed: 'rtp-simulation-server-seed', clientSeed: 'player', nonce }, pays)
      paid += o.pay
      if (o.pay > 0) hits++
    }
    const simulated = paid / 100 / n
    expect(Math.abs(simulated - exact), `simulated ${simulated}, exact ${exact}`).toBeLessThan(0.015)
    // The player sees a win often enough for a demo: between one spin in ten and one in two.
    expect(hits / n).toBeGreaterThan(0.1)
    expect(hits / n).toBeLessThan(0.5)
  })
})

describe('provably fair floats', () => {
  it('are HMAC-SHA256(serverSeed, "clientSeed:nonce:block") read as big-endian uint32 / 2^32', () => {
    const input = { serverSeed: 'abc', clientSeed: 'lucky', nonce: 7 }
    const floats = fairFloats(input, 10)
    const block0 = createHmac('sha256', 'abc').update('lucky:7:0').digest()
    const block1 = createHmac('sha256', 'abc').update('lucky:7:1').digest()
    expect(floats[0]).toBe(block0.readUInt32BE(0) / 2 ** 32)
    expect(floats[7]).toBe(block0.readUInt32BE(28) / 2 ** 32)
    expect(floats[8]).toBe(block1.readUInt32BE(0) / 2 ** 32)
    expect(floats.every((f) => f >= 0 && f < 1)).toBe(true)
  })
})

describe('dragon tiger and fish', () => {
  it('dragon tiger pays 1:1, tie 8:1 and half back on a tie, from an eight-deck shoe', () => {
    // Exact: P(tie) = 31/415 (same rank among the 415 cards left).
    const tie = 31 / 415
    const dragonRtp = ((1 - tie) / 2) * 2 + tie * 0.5
    const n = 100_000
    let dragon = 0n
    let ties = 0
    const ranks = new Set<number>()
    for (let nonce = 0; nonce < n; nonce++) {
      const o = tableRound({ serverSeed: 'table-seed', clientSeed: 'c', nonce })
      dragon += tableWin({ dragon: 100n }, o)
      if (o.winner === 'tie') ties++
      ranks.add(o.dragon.rank)
    }
    expect([...ranks].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
    expect(Math.abs(ties / n - tie)).toBeLessThan(0.004)
    expect(Math.abs(Number(dragon) / 100 / n - dragonRtp)).toBeLessThan(0.015)
    expect(
      tableWin({ tie: 100n }, { dragon: { rank: 3, suit: 0 }, tiger: { rank: 3, suit: 1 }, winner: 'tie' }),
    ).toBe(900n)
    expect(
      tableWin(
        { dragon: 100n },
        { dragon: { rank: 3, suit: 0 }, tiger: { rank: 3, suit: 1 }, winner: 'tie' },
      ),
    ).toBe(50n)
  })

  it('every fish returns the fish RTP on average', () => {
    for (let target = 0; target < fishMultipliers.length; target++) {
      const m = fishMultipliers[target] as number
      const n = 50_000
      let hits = 0
      for (let nonce = 0; nonce < n; nonce++) {
        if (fishRound({ serverSeed: `fish-${target}`, clientSeed: 'c', nonce }, target, 0.95).hit) hits++
      }
      // Binomial: standard error of the return is m·sqrt(p(1-p)/n); allow four of them.
      const p = 0.95 / m
      const tolerance = 4 * m * Math.sqrt((p * (1 - p)) / n)
      expect(Math.abs((hits * m) / n - 0.95), `fish ×${m}`).toBeLessThan(tolerance)
    }
  })
})
