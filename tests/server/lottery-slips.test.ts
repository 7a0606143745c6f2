/**
 * Lottery slips: what a slip line may select and stake, each refusal naming its field and
 * line, and a slip checked line by line.
 */
import { describe, expect, it } from 'vitest'
import type { LotteryKind } from '#contract/lottery'
import {
  checkLine,
  checkSlip,
  type CheckedLine,
  defaultBetTypeRules,
  defaultMaxPayout,
  type LineError,
  type Selection,
  selectionText,
} from '#server/lottery/rules'
import { checked, line, type Line } from './lottery-rules-helpers'

describe('checking a slip line', () => {
  const refusal = (kind: LotteryKind, l: Line, decimals = 2): LineError | CheckedLine =>
    checkLine(kind, defaultBetTypeRules(kind, decimals), l, 3, decimals, defaultMaxPayout(decimals))
  const reasonOf = (kind: LotteryKind, l: Line) => {
    const r = refusal(kind, l)
    return 'code' in r && r.code === 'lottery_selection_invalid' ? r.value.reason : r
  }

  it('refuses a bet type the game does not offer', () => {
    expect(reasonOf('D5', line('LO2', { numbers: ['12'] }))).toBe('bet_type')
    expect(reasonOf('VN_NORTH', line('POS_DIGIT', { position: 1, digits: [1] }))).toBe('bet_type')
    const withoutDe3 = defaultBetTypeRules('VN_SOUTH', 0).filter((r) => r.betType !== 'DE3')
    expect(
      checkLine('VN_SOUTH', withoutDe3, line('DE3', { numbers: ['123'] }), 2, 0, defaultMaxPayout(0)),
    ).toEqual({
      code: 'lottery_selection_invalid',
      value: { index: 2, reason: 'bet_type' },
    })
  })

  it('names the field that is wrong, with the line index', () => {
    expect(refusal('D5', line('POS_DIGIT', { position: 6, digits: [1] }))).toEqual({
      code: 'lottery_selection_invalid',
      value: { index: 3, reason: 'position' },
    })
    const cases: [LotteryKind, Line, string][] = [
      ['D5', line('POS_DIGIT', { digits: [1] }), 'position'],
      ['D5', line('POS_DIGIT', { position: 0, digits: [1] }), 'position'],
      ['D5', line('POS_DIGIT', { position: 1 }), 'digits'],
      ['D5', line('POS_DIGIT', { position: 1, digits: [] }), 'digits'],
      ['D5', line('POS_DIGIT', { position: 1, digits: [10] }), 'digits'],
      ['D5', line('POS_DIGIT', { position: 1, digits: [-1] }), 'digits'],
      ['D5', line('POS_DIGIT', { position: 1, digits: [3, 3] }), 'digits'],
      ['D5', line('POS_DIGIT', { position: 1, digits: [1], pick: 'BIG' }), 'pick'],
      ['D5', line('BIG_SMALL', {}), 'pick'],
      ['D5', line('BIG_SMALL', { pick: 'ODD' }), 'pick'],
      ['D5', line('ODD_EVEN', { pick: 'SMALL' }), 'pick'],
      ['D5', line('BIG_SMALL', { pick: 'BIG', position: 1 }), 'position'],
      ['D5', line('ODD_EVEN', { pick: 'ODD', numbers: ['12'] }), 'numbers'],
      ['D5', line('SUM_EXACT', {}), 'sum'],
      ['D5', line('SUM_EXACT', { sum: -1 }), 'sum'],
      ['D5', line('SUM_EXACT', { sum: 46 }), 'sum'],
      ['D5', line('SUM_EXACT', { sum: 2.5 }), 'sum'],
      ['D5', line('SUM_EXACT', { sum: 10, pick: 'BIG' }), 'pick'],
      ['D5', line('BIG_SMALL', { pick: 'BIG', sum: 30 }), 'sum'],
      ['VN_NORTH', line('SUM_EXACT', { sum: 10 }), 'bet_type'],
      ['VN_NORTH', line('LO2', {}), 'numbers'],
      ['VN_NORTH', line('LO2', { numbers: [] }), 'numbers'],
      ['VN_NORTH', line('LO2', { numbers: ['5'] }), 'numbers'],
      ['VN_NORTH', line('LO2', { numbers: ['123'] }), 'numbers'],
      ['VN_NORTH', line('LO2', { numbers: ['1a'] }), 'numbers'],
      ['VN_NORTH', line('LO2', { numbers: ['12', '12'] }), 'numbers'],
      ['VN_NORTH', line('LO3', { numbers: ['12'] }), 'numbers'],
      ['VN_SOUTH', line('DE2', { numbers: ['012'] }), 'numbers'],
      ['VN_SOUTH', line('DE3', { numbers: ['99'] }), 'numbers'],
      ['VN_SOUTH', line('LO2', { numbers: ['12'], digits: [1] }), 'digits'],
      ['VN_SOUTH', line('DE2', { numbers: ['12'], pick: 'BIG' }), 'pick'],
    ]
    for (const [kind, l, reason] of cases) expect(reasonOf(kind, l), JSON.stringify(l)).toBe(reason)
  })

  it('stakes per unit from 1 to 10,000 major units, whatever the decimals', () => {
    const pos = (stake: string) => line('POS_DIGIT', { position: 2, digits: [4, 5] }, stake)
    const limits = (decimals: number) => {
      const min = 10n ** BigInt(decimals)
      return {
        code: 'lottery_stake_out_of_range',
        value: { index: 3, minStake: min, maxStake: 10_000n * min },
      }
    }
    // No decimals (dong).
    expect(refusal('D5', pos('1'), 0)).toMatchObject({ stake: 1n, amount: 2n, units: 2 })
    expect(refusal('D5', pos('10,000'), 0)).toMatchObject({ stake: 10_000n, amount: 20_000n })
    expect(refusal('D5', pos('10001'), 0)).toEqual(limits(0))
    expect(refusal('D5', pos('1.5'), 0)).toEqual({ code: 'validation_failed', value: { index: 3 } })
    expect(refusal('D5', pos('0'), 0)).toEqual({ code: 'validation_failed', value: { index: 3 } })
    // Cents.
    expect(refusal('D5', pos('1.00'), 2)).toMatchObject({ stake: 100n, amount: 200n })
    expect(refusal('D5', pos('0.99'), 2)).toEqual(limits(2))
    expect(refusal('D5', pos('10000.00'), 2)).toMatchObject({ stake: 1_000_000n })
    expect(refusal('D5', pos('10000.01'), 2)).toEqual(limits(2))
    expect(refusal('D5', pos('1.005'), 2)).toEqual({ code: 'validation_failed', value: { index: 3 } })
    expect(refusal('D5', pos('-5'), 2)).toEqual({ code: 'validation_failed', value: { index: 3 } })
    expect(refusal('D5', pos('1e3'), 2)).toEqual({ code: 'validation_failed', value: { index: 3 } })
    // Thousandths.
    expect(refusal('D5', pos('1.005'), 3)).toMatchObject({ stake: 1005n, amount: 2010n })
    expect(refusal('D5', pos('0.999'), 3)).toEqual(limits(3))
    expect(refusal('D5', pos('10000.001'), 3)).toEqual(limits(3))
  })

  it('a wrong selection is reported before a wrong stake', () => {
    expect(reasonOf('D5', line('POS_DIGIT', { position: 9, digits: [1] }, '0'))).toBe('position')
  })

  it('normalizes the selection and writes it as a member would', () => {
    expect(checked('D5', line('POS_DIGIT', { position: 1, digits: [7, 3] }), 2)).toMatchObject({
      selection: { position: 1, digits: [3, 7] },
      selectionText: 'Pos 1: 3, 7',
    })
    expect(checked('D5', line('BIG_SMALL', { pick: 'BIG' }), 2).selectionText).toBe('BIG')
    expect(checked('VN_NORTH', line('LO2', { numbers: ['34', '12'] }), 2)).toMatchObject({
      selection: { numbers: ['12', '34'] },
      selectionText: '12, 34',
      units: 2,
      amount: 2000n,
    })
    const sel: Selection = { numbers: ['007'] }
    expect(selectionText('DE3', sel)).toBe('007')
    expect(selectionText('SUM_EXACT', { sum: 7 })).toBe('Sum 7')
  })
})

describe('checking a slip', () => {
  const rules = defaultBetTypeRules('D5', 2)

  it('checks every line and keeps their order', () => {
    const r = checkSlip(
      'D5',
      rules,
      [line('POS_DIGIT', { position: 1, digits: [3] }), line('POS_DIGIT', { position: 2, digits: [3] })],
      2,
      defaultMaxPayout(2),
    )
    expect('lines' in r && r.lines.map((l) => [l.index, l.selectionText])).toEqual([
      [0, 'Pos 1: 3'],
      [1, 'Pos 2: 3'],
    ])
  })

  it('refuses a line identical to an earlier one, whatever the order of its picks or its stake', () => {
    expect(
      checkSlip(
        'D5',
        rules,
        [
          line('BIG_SMALL', { pick: 'BIG' }),
          line('POS_DIGIT', { position: 1, digits: [7, 3] }),
          line('POS_DIGIT', { position: 1, digits: [3, 7] }, '20'),
        ],
        2,
        defaultMaxPayout(2),
      ),
    ).toEqual({ code: 'lottery_selection_invalid', value: { index: 2, reason: 'duplicate' } })
    const vn = defaultBetTypeRules('VN_NORTH', 0)
    expect(
      checkSlip(
        'VN_NORTH',
        vn,
        [line('LO2', { numbers: ['12', '34'] }), line('LO2', { numbers: ['34', '12'] })],
        0,
        defaultMaxPayout(0),
      ),
    ).toEqual({ code: 'lottery_selection_invalid', value: { index: 1, reason: 'duplicate' } })
    // Same numbers on another bet type, or overlapping picks, are different bets.
    expect(
      checkSlip(
        'VN_NORTH',
        vn,
        [
          line('LO2', { numbers: ['12'] }),
          line('DE2', { numbers: ['12'] }),
          line('LO2', { numbers: ['12', '34'] }),
        ],
        0,
        defaultMaxPayout(0),
      ),
    ).toMatchObject({ lines: [{ index: 0 }, { index: 1 }, { index: 2 }] })
  })

  it('reports the first bad line', () => {
    expect(
      checkSlip(
        'D5',
        rules,
        [line('BIG_SMALL', { pick: 'BIG' }), line('ODD_EVEN', { pick: 'BIG' })],
        2,
        defaultMaxPayout(2),
      ),
    ).toEqual({ code: 'lottery_selection_invalid', value: { index: 1, reason: 'pick' } })
  })
})
