/**
 * The slip's arithmetic and the draw clock, without a screen: amounts in integer minor
 * units for 0, 2 and 3 decimals, stakes checked against a bet type's limits, the wire's
 * stake written in the currency's decimals, and the issue that takes bets at a given
 * server time.
 */
import { describe, expect, test } from 'vitest'
import { maxStakeWithin } from '#contract/lottery'
import { formatRemaining, openIssue, serverNowAt } from '#src/features/lottery/clock.ts'
import {
  maxWinMinor,
  oddsMilliOf,
  positionLines,
  stakeOverPayout,
  stakeProblem,
  toWire,
  totalMinor,
  unitsOf,
} from '#src/features/lottery/slip.ts'
import { issue, serverT } from './lottery-fixtures'

describe('slip arithmetic', () => {
  const lines = [
    { betType: 'POS_DIGIT' as const, position: 1, digits: [7, 3], stake: '0.10' },
    { betType: 'BIG_SMALL' as const, pick: 'BIG' as const, stake: '0.20' },
    { betType: 'LO2' as const, numbers: ['07', '12', '99'], stake: '0.30' },
  ]

  test('units and totals in cents never drift (0.10 × 2 + 0.20 + 0.30 × 3 = 1.30)', () => {
    expect(lines.map(unitsOf)).toEqual([2, 1, 3])
    expect(totalMinor(lines, { decimals: 2 })).toBe(130n)
    expect(totalMinor(lines, { decimals: 3 })).toBe(1300n)
    // A currency without decimals refuses "0.10" as a stake: no total until it is fixed.
    expect(totalMinor(lines, { decimals: 0 })).toBeNull()
    expect(totalMinor([{ betType: 'LO2', numbers: ['07', '12'], stake: '1,000' }], { decimals: 0 })).toBe(
      2000n,
    )
  })

  test('stakes are checked against the bet type limits in the currency', () => {
    const limits = {
      betType: 'POS_DIGIT' as const,
      odds: '9.8',
      minStake: '1.00',
      maxStake: '500.00',
      maxHits: 1,
    }
    expect(stakeProblem('0.99', limits, { decimals: 2 })).toBe('below')
    expect(stakeProblem('1', limits, { decimals: 2 })).toBeNull()
    expect(stakeProblem('500.01', limits, { decimals: 2 })).toBe('above')
    expect(stakeProblem('1.005', limits, { decimals: 2 })).toBe('invalid')
    expect(stakeProblem('1e3', limits, { decimals: 2 })).toBe('invalid')
  })

  test('the wire gets sorted digits and the stake in the currency decimals', () => {
    expect(toWire(lines[0]!, { decimals: 2 })).toEqual({
      betType: 'POS_DIGIT',
      position: 1,
      digits: [3, 7],
      stake: '0.10',
    })
    expect(toWire({ betType: 'BIG_SMALL', pick: 'SMALL', stake: '1.5' }, { decimals: 2 }).stake).toBe('1.50')
    expect(toWire({ betType: 'DE2', numbers: ['05'], stake: '12,000' }, { decimals: 0 }).stake).toBe('12000')
  })

  test('the position grid makes one line per position with digits, in position order', () => {
    const grid = new Map([
      [5, new Set([9])],
      [2, new Set<number>()],
      [1, new Set([8, 0])],
    ])
    expect(positionLines(grid, '2')).toEqual([
      { betType: 'POS_DIGIT', position: 1, digits: [0, 8], stake: '2' },
      { betType: 'POS_DIGIT', position: 5, digits: [9], stake: '2' },
    ])
  })
})

describe('the draw clock', () => {
  test('the server time follows the device clock from the answer on', () => {
    // The server said 12:00:00 when the answer arrived at device time 1000.
    expect(serverNowAt(4_000, serverT, 1_000)).toBe(serverT + 3_000)
    // A tick read before the answer arrived counts from its arrival, not before it.
    expect(serverNowAt(500, serverT, 1_000)).toBe(serverT)
  })

  test('the open issue is the current one until its close, then the next, then none', () => {
    const current = issue(1, serverT + 10_000)
    const next = issue(2, serverT + 70_000)
    expect(openIssue(current, next, serverT + 9_999)).toEqual({ issue: current, rolled: false })
    expect(openIssue(current, next, serverT + 10_000)).toEqual({ issue: next, rolled: true })
    expect(openIssue(current, next, serverT + 70_000)).toEqual({ issue: null, rolled: true })
    expect(openIssue(null, null, serverT)).toEqual({ issue: null, rolled: false })
  })

  test('the time left reads mm:ss, with hours only when there are any', () => {
    expect(formatRemaining(65_000)).toBe('01:05')
    expect(formatRemaining(64_001)).toBe('01:05')
    expect(formatRemaining(3_725_000)).toBe('01:02:05')
    expect(formatRemaining(-5)).toBe('00:00')
  })
})

describe('what a line may win', () => {
  const sumSetting = {
    betType: 'SUM_EXACT' as const,
    odds: '16.333',
    oddsBySum: Array.from({ length: 46 }, (_, s) => (s === 0 ? '97998' : '16.333')),
    minStake: '1.00',
    maxStake: '10000.00',
    maxHits: 1,
  }
  const lo2 = { betType: 'LO2' as const, odds: '3.5', minStake: '1000', maxStake: '1000000', maxHits: 27 }

  test('reads the odds the wire writes, to the thousandth', () => {
    expect(['9.8', '16.333', '850', '1.96', '9.80', '1.2345', '-1', 'x'].map(oddsMilliOf)).toEqual([
      9800,
      16333,
      850_000,
      1960,
      9800,
      null,
      null,
      null,
    ])
  })

  test('prices an exact sum at its own odds and an LO line at every prize it can hit', () => {
    const two = { decimals: 2 }
    expect(maxWinMinor({ stake: '10.20', sum: 0 }, sumSetting, two)).toBe(99_957_960n)
    expect(maxWinMinor({ stake: '10.20', sum: 22 }, sumSetting, two)).toBe(16_659n)
    expect(maxWinMinor({ stake: 'ten' }, sumSetting, two)).toBeNull()
    // 1,000 dong on an LO2 line: 3.5 × 27 prizes.
    expect(maxWinMinor({ stake: '1,000' }, lo2, { decimals: 0 })).toBe(94_500n)
  })

  test('names the most a stake may be when a pick could win more than one bet may', () => {
    const two = { decimals: 2 }
    const picks = [
      { stake: '11', sum: 22 },
      { stake: '11', sum: 0 },
    ]
    expect(stakeOverPayout(picks, sumSetting, '1000000.00', two)).toBe(1020n)
    expect(stakeOverPayout([{ stake: '10.20', sum: 0 }], sumSetting, '1000000.00', two)).toBeNull()
    expect(stakeOverPayout(picks, sumSetting, '100000000.00', two)).toBeNull()
    expect(maxStakeWithin(1000n, 9800, 1)).toBe(102n)
  })
})
