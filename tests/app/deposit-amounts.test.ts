import { describe, expect, test } from 'vitest'
import { depositAmountSteps } from '#src/features/money/deposit-amounts.ts'

const usd = { symbol: '$', decimals: 2 }
const khr = { symbol: '៛', decimals: 0 }
const whole = (steps: bigint[], unit: bigint) => steps.map((s) => Number(s / unit))

describe('the quick amounts of a deposit method', () => {
  test('are round figures from the minimum up, six at most, within the limits', () => {
    expect(whole(depositAmountSteps('10.00', '50000.00', usd), 100n)).toEqual([10, 50, 100, 500, 1000, 5000])
    expect(whole(depositAmountSteps('5.00', '10000.00', usd), 100n)).toEqual([5, 10, 50, 100, 500, 1000])
    expect(whole(depositAmountSteps('4000', '1000000', khr), 1n)).toEqual([
      5000, 10000, 50000, 100000, 500000, 1000000,
    ])
  })

  test('fill a narrow range with twos, and never pass the maximum', () => {
    expect(whole(depositAmountSteps('10.00', '300.00', usd), 100n)).toEqual([10, 20, 50, 100, 200])
    expect(whole(depositAmountSteps('15.00', '40.00', usd), 100n)).toEqual([20])
  })

  test('offer the minimum where no round figure fits, and nothing for a range that is none', () => {
    expect(depositAmountSteps('33.00', '35.00', usd)).toEqual([3300n])
    expect(depositAmountSteps('0.50', '0.90', usd)).toEqual([50n])
    expect(depositAmountSteps('50.00', '10.00', usd)).toEqual([])
  })
})
