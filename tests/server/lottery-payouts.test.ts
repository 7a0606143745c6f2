/**
 * Lottery payouts: how many units a draw hits, what it pays (checked against prize tables
 * worked out by hand), the exact return to player each bet type's odds give, and the most
 * one line may win.
 */
import { describe, expect, it } from 'vitest'
import { maxStakeWithin, type LotteryBetType, type LotteryKind } from '#contract/lottery'
import { prizeTables } from '#server/lottery/rng'
import {
  betTypesOf,
  checkLine,
  defaultBetTypeRules,
  defaultMaxPayout,
  expectedHits,
  hitsOf,
  maxHitsPerLine,
  oddsText,
  payoutOf,
  type Selection,
  sumOddsMilli,
  sumWays,
} from '#server/lottery/rules'
import { checked, d5, line, type Line, north, paid, south } from './lottery-rules-helpers'

describe('settlement pays the prize table', () => {
  it('D5, draw 30917 (sum 20: small, even), cents', () => {
    const draw = d5('30917')
    const cases: [Line, bigint][] = [
      [line('POS_DIGIT', { position: 1, digits: [3, 7] }, '10'), 9800n], // 1 hit × 10.00 × 9.8
      [line('POS_DIGIT', { position: 5, digits: [7] }, '10'), 9800n],
      [line('POS_DIGIT', { position: 3, digits: [0, 1, 2] }, '10'), 0n],
      [line('BIG_SMALL', { pick: 'SMALL' }, '5'), 980n], // 5.00 × 1.96
      [line('BIG_SMALL', { pick: 'BIG' }, '5'), 0n],
      [line('ODD_EVEN', { pick: 'EVEN' }, '2.5'), 490n],
      [line('ODD_EVEN', { pick: 'ODD' }, '2.5'), 0n],
    ]
    for (const [l, pays] of cases) expect(paid('D5', l, 2, draw), JSON.stringify(l)).toBe(pays)
    expect(checked('D5', cases[0]![0], 2)).toMatchObject({
      units: 2,
      stake: 1000n,
      amount: 2000n,
      oddsMilli: 9800,
    })
  })

  it('D5 big and small split at 22/23, and the extremes', () => {
    const big = line('BIG_SMALL', { pick: 'BIG' }, '1')
    const odd = line('ODD_EVEN', { pick: 'ODD' }, '1')
    expect(paid('D5', big, 0, d5('99500'))).toBe(1n) // sum 23: big, 1 × 1.96 floors to 1
    expect(paid('D5', big, 0, d5('99400'))).toBe(0n) // sum 22: small
    expect(paid('D5', big, 2, d5('99999'))).toBe(196n)
    expect(paid('D5', big, 2, d5('00000'))).toBe(0n)
    expect(paid('D5', odd, 2, d5('99999'))).toBe(196n) // 45 is odd
    expect(paid('D5', odd, 2, d5('00000'))).toBe(0n)
  })

  it('D5 exact sum pays the odds of the sum picked, and only that sum', () => {
    // 30917 adds up to 20; a sum comes up in 5,631 of 100,000 draws: 16.333 × 6000 / 5631.
    expect(sumOddsMilli(16_333, 20)).toBe(17_403)
    expect(paid('D5', line('SUM_EXACT', { sum: 20 }, '10'), 2, d5('30917'))).toBe(17_403n) // 10.00 × 17.403
    expect(paid('D5', line('SUM_EXACT', { sum: 21 }, '10'), 2, d5('30917'))).toBe(0n)
    expect(paid('D5', line('SUM_EXACT', { sum: 19 }, '10'), 2, d5('30917'))).toBe(0n)
    // The extremes come up once in 100,000 draws each and pay the most.
    expect(paid('D5', line('SUM_EXACT', { sum: 0 }, '1'), 0, d5('00000'))).toBe(97_998n)
    expect(paid('D5', line('SUM_EXACT', { sum: 45 }, '1'), 2, d5('99999'))).toBe(9_799_800n)
    expect(paid('D5', line('SUM_EXACT', { sum: 23 }, '1'), 2, d5('99500'))).toBe(1633n)
    expect(checked('D5', line('SUM_EXACT', { sum: 45 }, '2'), 2)).toMatchObject({
      selection: { sum: 45 },
      selectionText: 'Sum 45',
      units: 1,
      amount: 200n,
      oddsMilli: 97_998_000,
    })
  })

  it('northern table, dong (no decimals)', () => {
    const cases: [Line, number, bigint][] = [
      // "45" ends DB, G2 ×2, G3 33345, G4 1245 and 3445, G5 5645, G6 345 and G7 45: 9 hits.
      [line('LO2', { numbers: ['45', '00'] }, '1000'), 9, 31_500n],
      [line('LO2', { numbers: ['99', '12', '07'] }, '1000'), 9, 31_500n], // 4 + 4 + 1
      // "345" ends DB, G3 33345 and G6 345 (G7's 45 has too few digits); "999" only G6.
      [line('LO3', { numbers: ['345', '999', '045'] }, '1000'), 4, 160_000n],
      [line('LO3', { numbers: ['890'] }, '1000'), 3, 120_000n],
      [line('DE2', { numbers: ['45', '12'] }, '1000'), 1, 85_000n],
      [line('DE3', { numbers: ['345'] }, '1000'), 1, 850_000n],
      [line('DE3', { numbers: ['245'] }, '1000'), 0, 0n],
    ]
    for (const [l, hits, pays] of cases) {
      const c = checked('VN_NORTH', l, 0)
      expect(hitsOf('VN_NORTH', c.betType, c.selection, north), JSON.stringify(l)).toBe(hits)
      expect(paid('VN_NORTH', l, 0, north), JSON.stringify(l)).toBe(pays)
    }
  })

  it('southern table, cents', () => {
    const cases: [Line, number, bigint][] = [
      // "56" ends DB, G1, G2, G3 ×2, G4 99956, G5, G6 3356 and 4456, G7 656, G8 56: 11 hits.
      [line('LO2', { numbers: ['56'] }, '10'), 11, 57_200n],
      [line('LO3', { numbers: ['456'] }, '10'), 3, 171_000n],
      [line('LO3', { numbers: ['656', '056'] }, '10'), 1, 57_000n],
      [line('DE2', { numbers: ['56'] }, '10'), 1, 85_000n],
      [line('DE3', { numbers: ['456'] }, '10'), 1, 850_000n],
      [line('DE2', { numbers: ['12'] }, '10'), 0, 0n],
    ]
    for (const [l, hits, pays] of cases) {
      const c = checked('VN_SOUTH', l, 2)
      expect(hitsOf('VN_SOUTH', c.betType, c.selection, south), JSON.stringify(l)).toBe(hits)
      expect(paid('VN_SOUTH', l, 2, south), JSON.stringify(l)).toBe(pays)
    }
  })

  it('payouts round down to the minor unit, in bigint', () => {
    expect(payoutOf(333n, 1960, 1)).toBe(652n) // 652.68
    expect(payoutOf(5n, 9800, 1)).toBe(49n)
    expect(payoutOf(1n, 3500, 9)).toBe(31n) // 31.5
    expect(payoutOf(10_000_000_000_000n, 850_000, 1)).toBe(8_500_000_000_000_000n)
    expect(payoutOf(1000n, 9800, 0)).toBe(0n)
    expect(() => payoutOf(-1n, 9800, 1)).toThrow(RangeError)
    expect(() => payoutOf(1n, 9800, 1.5)).toThrow(RangeError)
  })

  it('a bet type the kind does not take cannot be settled', () => {
    expect(() => hitsOf('D5', 'LO2', { numbers: ['12'] }, d5('12345'))).toThrow(RangeError)
  })
})

describe('odds and return to player', () => {
  /** RTP as an exact fraction reduced to a percentage string with up to 3 decimals. */
  const rtp = (kind: LotteryKind, betType: LotteryBetType) => {
    const rule = defaultBetTypeRules(kind, 2).find((r) => r.betType === betType)!
    // SUM_EXACT: the rule's odds are those of the likeliest sum, 22.
    const { num, den } = expectedHits(kind, betType, betType === 'SUM_EXACT' ? 22 : undefined)
    const scaled = BigInt(rule.oddsMilli) * num * 100_000n // ×100 for %, ×1000 for 3 decimals
    const d = 1000n * den
    expect(scaled % d, `${kind} ${betType} RTP is not exact to 0.001 %`).toBe(0n)
    return Number(scaled / d) / 1000
  }

  it('each bet type returns exactly the documented share of stakes, all between 80 % and 100 %', () => {
    const expected: Record<LotteryKind, Partial<Record<LotteryBetType, number>>> = {
      D5: { POS_DIGIT: 98, BIG_SMALL: 98, ODD_EVEN: 98, SUM_EXACT: 97.998 },
      VN_NORTH: { LO2: 94.5, LO3: 92, DE2: 85, DE3: 85 },
      VN_SOUTH: { LO2: 93.6, LO3: 96.9, DE2: 85, DE3: 85 },
    }
    for (const kind of ['D5', 'VN_NORTH', 'VN_SOUTH'] as const) {
      expect(betTypesOf(kind)).toEqual(Object.keys(expected[kind]))
      for (const betType of betTypesOf(kind)) {
        const r = rtp(kind, betType)
        expect(r, `${kind} ${betType}`).toBe(expected[kind][betType])
        expect(r).toBeGreaterThanOrEqual(80)
        expect(r).toBeLessThan(100)
      }
    }
    expect(defaultBetTypeRules('VN_SOUTH', 0).map((r) => oddsText(r.oddsMilli))).toEqual([
      '5.2',
      '57',
      '85',
      '850',
    ])
    expect(defaultBetTypeRules('D5', 0).map((r) => oddsText(r.oddsMilli))).toEqual([
      '9.8',
      '1.96',
      '1.96',
      '16.333',
    ])
  })

  it('D5 exact sum: every sum 0-45 returns 97.99 % to 98 % of stakes, by enumerating all 100,000 draws', () => {
    const hits = Array.from({ length: 46 }, () => 0)
    let notOneSum = 0
    for (let n = 0; n < 100_000; n += 1) {
      const draw = d5(String(n).padStart(5, '0'))
      // Each draw hits exactly one sum: count it through hitsOf for every sum.
      let hitHere = 0
      for (let sum = 0; sum <= 45; sum += 1) {
        const h = hitsOf('D5', 'SUM_EXACT', { sum }, draw)
        hits[sum]! += h
        hitHere += h
      }
      if (hitHere !== 1) notOneSum += 1
    }
    expect(notOneSum).toBe(0)
    const rule = defaultBetTypeRules('D5', 2).find((r) => r.betType === 'SUM_EXACT')!
    for (let sum = 0; sum <= 45; sum += 1) {
      expect(hits[sum], `sum ${sum}`).toBe(sumWays(sum))
      expect(hits[sum], `sum ${sum} mirrors ${45 - sum}`).toBe(sumWays(45 - sum))
      expect(expectedHits('D5', 'SUM_EXACT', sum)).toEqual({ num: BigInt(hits[sum]!), den: 100_000n })
      // RTP = odds × hits / draws, in hundred-thousandths of a percent (exact integers).
      const rtp = BigInt(sumOddsMilli(rule.oddsMilli, sum)) * BigInt(hits[sum]!) // × 1e-8
      expect(rtp, `sum ${sum}`).toBeLessThanOrEqual(98_000_000n)
      expect(rtp, `sum ${sum}`).toBeGreaterThanOrEqual(97_990_000n)
    }
    expect(hits.reduce((a, b) => a + b, 0)).toBe(100_000)
  })

  it('D5 expected hits, by enumerating all 100,000 draws through hitsOf', () => {
    const units: [LotteryBetType, Selection][] = [
      ['POS_DIGIT', { position: 4, digits: [6] }],
      ['BIG_SMALL', { pick: 'BIG' }],
      ['BIG_SMALL', { pick: 'SMALL' }],
      ['ODD_EVEN', { pick: 'ODD' }],
      ['ODD_EVEN', { pick: 'EVEN' }],
    ]
    const totals = units.map(() => 0)
    for (let n = 0; n < 100_000; n += 1) {
      const draw = d5(String(n).padStart(5, '0'))
      for (const [i, [betType, sel]] of units.entries()) totals[i]! += hitsOf('D5', betType, sel, draw)
    }
    for (const [i, [betType]] of units.entries()) {
      const { num, den } = expectedHits('D5', betType)
      expect(BigInt(totals[i]!) * den, betType).toBe(100_000n * num)
    }
  })

  it('VN expected hits, by enumerating each prize’s tail through hitsOf', () => {
    // By linearity, E[hits] = Σ over prizes of P(that prize's tail is the pick): enumerate
    // every tail of one prize while the others hold no digits that could match.
    for (const kind of ['VN_NORTH', 'VN_SOUTH'] as const) {
      for (const [betType, pick] of [
        ['LO2', '07'],
        ['LO3', '007'],
        ['DE2', '07'],
        ['DE3', '007'],
      ] as const) {
        const table = prizeTables[kind]
        const tail = pick.length
        let hits = 0
        for (const [t, tier] of table.entries()) {
          for (let j = 0; j < tier.count; j += 1) {
            const prizes = table.map((other) => ({
              prize: other.prize,
              numbers: Array.from({ length: other.count }, () => 'x'.repeat(other.digits)),
            }))
            const drawn = { main: prizes[0]!.numbers[0]!, prizes }
            for (let v = 0; v < 10 ** tail; v += 1) {
              const value = ('x'.repeat(tier.digits) + String(v).padStart(tail, '0')).slice(-tier.digits)
              prizes[t]!.numbers[j] = value
              drawn.main = prizes[0]!.numbers[0]!
              hits += hitsOf(kind, betType, { numbers: [pick] }, drawn)
            }
          }
        }
        const { num, den } = expectedHits(kind, betType)
        expect(BigInt(hits) * den, `${kind} ${betType}`).toBe(BigInt(10 ** tail) * num)
      }
    }
  })
})

describe('the most one line may win', () => {
  const kinds: LotteryKind[] = ['D5', 'VN_NORTH', 'VN_SOUTH']

  it('counts one hit a line for the digit, sum and special-prize bets, and one a prize for LO', () => {
    for (const t of betTypesOf('D5')) expect(maxHitsPerLine('D5', t)).toBe(1)
    expect(['LO2', 'LO3', 'DE2', 'DE3'].map((t) => maxHitsPerLine('VN_NORTH', t as LotteryBetType))).toEqual([
      27, 23, 1, 1,
    ])
    expect(['LO2', 'LO3', 'DE2', 'DE3'].map((t) => maxHitsPerLine('VN_SOUTH', t as LotteryBetType))).toEqual([
      18, 17, 1, 1,
    ])
  })

  it('no draw gives a line more hits than that: ten LO2 numbers against a draw whose every prize ends in them', () => {
    const prizes = prizeTables.VN_NORTH.map((t) => ({
      prize: t.prize,
      numbers: Array.from({ length: t.count }, () => '7'.repeat(t.digits - 2) + '12'),
    }))
    const numbers = ['12', '13', '14', '15', '16', '17', '18', '19', '20', '21']
    expect(hitsOf('VN_NORTH', 'LO2', { numbers }, { main: prizes[0]?.numbers[0] ?? '', prizes })).toBe(27)
  })

  it('takes every stake up to the limit and refuses one minor unit more, naming the most it may stake', () => {
    for (const kind of kinds) {
      for (const decimals of [0, 2]) {
        const cap = defaultMaxPayout(decimals)
        const rules = defaultBetTypeRules(kind, decimals)
        for (const rule of rules) {
          const selections: Partial<Line>[] =
            rule.betType === 'SUM_EXACT'
              ? Array.from({ length: 46 }, (_, sum) => ({ sum }))
              : [
                  rule.betType === 'POS_DIGIT'
                    ? { position: 1, digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }
                    : rule.betType === 'BIG_SMALL'
                      ? { pick: 'BIG' }
                      : rule.betType === 'ODD_EVEN'
                        ? { pick: 'ODD' }
                        : { numbers: rule.betType.endsWith('3') ? ['123', '456'] : ['12', '34'] },
                ]
          for (const sel of selections) {
            const odds = sel.sum === undefined ? rule.oddsMilli : sumOddsMilli(rule.oddsMilli, sel.sum)
            const hits = maxHitsPerLine(kind, rule.betType)
            const within = maxStakeWithin(cap, odds, hits)
            // The bound is tight: its payout is within the cap, one minor unit more is over.
            expect(payoutOf(within, odds, hits)).toBeLessThanOrEqual(cap)
            expect(payoutOf(within + 1n, odds, hits)).toBeGreaterThan(cap)
            const top = within < rule.maxStake ? within : rule.maxStake
            const stake = (m: bigint) => (Number(m) / 10 ** decimals).toFixed(decimals)
            const ok = checkLine(kind, rules, line(rule.betType, sel, stake(top)), 0, decimals, cap)
            expect('code' in ok ? ok : 'placed').toBe('placed')
            if (within < rule.maxStake) {
              const over = checkLine(
                kind,
                rules,
                line(rule.betType, sel, stake(within + 1n)),
                4,
                decimals,
                cap,
              )
              expect(over).toEqual({
                code: 'lottery_payout_over_limit',
                value: { index: 4, maxPayout: cap, maxStake: within },
              })
            }
          }
        }
      }
    }
  })

  it('bounds the rare exact sums, DE3 and LO3 under the default limit, and leaves the other bets their full range', () => {
    const limited = (kind: LotteryKind, betType: LotteryBetType, sum?: number) => {
      const rule = defaultBetTypeRules(kind, 2).find((r) => r.betType === betType)
      if (!rule) throw new Error(`${kind} has no ${betType}`)
      const odds = sum === undefined ? rule.oddsMilli : sumOddsMilli(rule.oddsMilli, sum)
      const within = maxStakeWithin(defaultMaxPayout(2), odds, maxHitsPerLine(kind, betType))
      return within < rule.maxStake ? Number(within) / 100 : 'full'
    }
    // Sum 0 pays ×97,998: about 10 a unit wins the 1,000,000 limit.
    expect(limited('D5', 'SUM_EXACT', 0)).toBe(10.2)
    expect(limited('D5', 'SUM_EXACT', 45)).toBe(10.2)
    expect(limited('D5', 'SUM_EXACT', 22)).toBe('full')
    expect(limited('VN_NORTH', 'DE3')).toBe(1176.47)
    expect(limited('VN_NORTH', 'LO3')).toBe(1086.95)
    expect(limited('VN_SOUTH', 'LO3')).toBe(1031.99)
    for (const t of ['POS_DIGIT', 'BIG_SMALL', 'ODD_EVEN'] as const) expect(limited('D5', t)).toBe('full')
    for (const t of ['LO2', 'DE2'] as const) {
      expect(limited('VN_NORTH', t)).toBe('full')
      expect(limited('VN_SOUTH', t)).toBe('full')
    }
  })
})
