/**
 * Money is integer minor units end to end: bigint in the database and in the server's
 * arithmetic. On the wire an amount is a decimal string of major units with at most the
 * currency's decimals ("1234.50"): exact, readable, and what the platform's numbers mean.
 * These helpers convert and format with no floating point anywhere.
 */
import { z } from 'zod/mini'
import { text } from './text'

/** The largest amount accepted in one request: 999,999,999,999.99 in major units. */
export const maxAmountDigits = 12

/** An amount as sent by a client: parsed by `parseAmount`, never by Number(). */
export const AmountInputSchema = text(32)

/** An amount as answered by the server: a signed decimal string of major units. */
export const MoneySchema = z.string().check(z.regex(/^-?\d+(\.\d+)?$/))
export type Money = z.infer<typeof MoneySchema>

/**
 * Parses a positive amount typed by a person ("12", "12.5", "1,234.50") into minor units.
 * Returns null for anything else: zero, negatives, NaN, Infinity, exponents ("1e3"), more
 * decimals than the currency has, or more than `maxAmountDigits` whole digits.
 */
export function parseAmount(input: string, currencyDecimals = 2): bigint | null {
  const s = input.trim().replace(/,(?=\d{3}(\D|$))/g, '')
  const pattern =
    currencyDecimals > 0
      ? new RegExp(`^(\\d{1,${maxAmountDigits}})(?:\\.(\\d{1,${currencyDecimals}}))?$`)
      : new RegExp(`^(\\d{1,${maxAmountDigits}})$`)
  const m = pattern.exec(s)
  if (!m) return null
  const whole = BigInt(m[1] ?? '0')
  const frac = BigInt((m[2] ?? '').padEnd(currencyDecimals, '0') || '0')
  const minor = whole * 10n ** BigInt(currencyDecimals) + frac
  return minor > 0n ? minor : null
}

/** Reads an amount the server answered (may be zero or negative) into minor units. */
export function moneyToMinor(money: string, currencyDecimals = 2): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(money.trim())
  if (!m) throw new RangeError(`not an amount: ${money}`)
  const frac = (m[3] ?? '').padEnd(currencyDecimals, '0').slice(0, currencyDecimals)
  const v = BigInt(m[2] ?? '0') * 10n ** BigInt(currencyDecimals) + BigInt(frac || '0')
  return m[1] === '-' ? -v : v
}

/** Writes minor units as the wire's decimal string of major units ("1234.50", "-0.05"). */
export function minorToMoney(minor: bigint, currencyDecimals = 2): Money {
  const neg = minor < 0n
  const abs = neg ? -minor : minor
  if (currencyDecimals === 0) return `${neg ? '-' : ''}${abs}`
  const unit = 10n ** BigInt(currencyDecimals)
  const frac = (abs % unit).toString().padStart(currencyDecimals, '0')
  return `${neg ? '-' : ''}${abs / unit}.${frac}`
}

/** Formats minor units as a major amount with exactly two decimals and thousands separators. */
export function formatMinor(minor: bigint | string | number, currencyDecimals = 2): string {
  const v = typeof minor === 'bigint' ? minor : BigInt(minor)
  const neg = v < 0n
  let abs = neg ? -v : v
  // Display is always two decimals (spec section 9); other currencies are scaled exactly.
  if (currencyDecimals < 2) abs *= 10n ** BigInt(2 - currencyDecimals)
  else if (currencyDecimals > 2) abs /= 10n ** BigInt(currencyDecimals - 2)
  const int = abs / 100n
  const frac = (abs % 100n).toString().padStart(2, '0')
  const grouped = int.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${neg ? '-' : ''}${grouped}.${frac}`
}

/** Formats a wire amount for display: two decimals and thousands separators. */
export function formatMoney(money: Money, currencyDecimals = 2): string {
  return formatMinor(moneyToMinor(money, currencyDecimals), currencyDecimals)
}
