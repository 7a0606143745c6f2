/**
 * The money helpers both sides share, for a currency with cents (USD), one without decimals
 * (VND) and one with three (KWD): a typed amount means the same money on every brand, and
 * nothing is rounded or assumed.
 */
import { describe, expect, it } from 'vitest'
import {
  CurrencyDecimalsSchema,
  formatMinor,
  formatMoney,
  minorToMoney,
  moneyToMinor,
  parseAmount,
  showMoney,
} from '#contract/money'

const usd = { symbol: '$', decimals: 2 }
const vnd = { symbol: '₫', decimals: 0 }
const kwd = { symbol: 'KD', decimals: 3 }

describe('a typed amount', () => {
  it('is read in the currency’s own minor units', () => {
    expect(parseAmount('100', usd)).toBe(10_000n)
    expect(parseAmount('100', vnd)).toBe(100n)
    expect(parseAmount('100', kwd)).toBe(100_000n)
    expect(parseAmount('1,234.5', usd)).toBe(123_450n)
    expect(parseAmount('100,000', vnd)).toBe(100_000n)
    expect(parseAmount('1.234', kwd)).toBe(1_234n)
    expect(parseAmount('0.005', kwd)).toBe(5n)
  })

  it('is refused with more decimals than the currency has, never rounded', () => {
    expect(parseAmount('10.5', vnd)).toBeNull()
    expect(parseAmount('10.', vnd)).toBeNull()
    expect(parseAmount('10.00', vnd)).toBeNull()
    expect(parseAmount('1.234', usd)).toBeNull()
    expect(parseAmount('1.2345', kwd)).toBeNull()
  })

  it('is refused at zero, negative, exponent or past twelve whole digits on every currency', () => {
    for (const c of [usd, vnd, kwd]) {
      for (const bad of ['0', '-1', '1e3', 'NaN', 'Infinity', '', '1234567890123']) {
        expect(parseAmount(bad, c)).toBeNull()
      }
    }
  })
})

describe('a wire amount', () => {
  it('round-trips through minor units with exactly the currency’s decimals', () => {
    expect(minorToMoney(123_450n, usd)).toBe('1234.50')
    expect(minorToMoney(100_000n, vnd)).toBe('100000')
    expect(minorToMoney(-5n, kwd)).toBe('-0.005')
    expect(moneyToMinor('1234.50', usd)).toBe(123_450n)
    expect(moneyToMinor('100000', vnd)).toBe(100_000n)
    expect(moneyToMinor('-0.005', kwd)).toBe(-5n)
    expect(moneyToMinor('7.5', kwd)).toBe(7_500n)
  })

  it('with more decimals than the currency has is an error, not a truncation', () => {
    expect(() => moneyToMinor('100.50', vnd)).toThrow(RangeError)
    expect(() => moneyToMinor('1.005', usd)).toThrow(RangeError)
  })

  it('is shown with the currency’s decimals, separators and symbol', () => {
    expect(formatMinor(123_456_789n, usd)).toBe('1,234,567.89')
    expect(formatMinor(100_000n, vnd)).toBe('100,000')
    expect(formatMinor(1_234_567n, kwd)).toBe('1,234.567')
    expect(formatMoney('-1500', vnd)).toBe('-1,500')
    expect(showMoney('100000', vnd)).toBe('₫100,000')
    expect(showMoney('-12.5', usd)).toBe('-$12.50')
    expect(showMoney('0.050', kwd)).toBe('KD0.050')
  })
})

describe('the currency', () => {
  it('has from 0 to 6 decimals, and a helper refuses anything else', () => {
    expect(CurrencyDecimalsSchema.safeParse(0).success).toBe(true)
    expect(CurrencyDecimalsSchema.safeParse(7).success).toBe(false)
    expect(CurrencyDecimalsSchema.safeParse(2.5).success).toBe(false)
    expect(() => parseAmount('1', { decimals: -1 })).toThrow(RangeError)
    expect(() => minorToMoney(1n, { decimals: 1.5 })).toThrow(RangeError)
  })
})
