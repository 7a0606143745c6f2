/**
 * Money is integer minor units end to end: bigint in the database and in the server's
 * arithmetic. On the wire an amount is a decimal string of major units with at most the
 * currency's decimals ("1234.50"): exact, readable, and what the platform's numbers mean.
 * These helpers convert and format with no floating point anywhere.
 */
import { z } from 'zod/mini'
import { text } from './text'

/** The most whole digits an amount may have in one request (999,999,999,999 major units). */
export const maxAmountDigits = 12

/** An amount as sent by a client: parsed by `parseAmount`, never by Number(). */
export const AmountInputSchema = text(32)

/** An amount as answered by the server: a signed decimal string of major units. */
export const MoneySchema = z.string().check(z.regex(/^-?\d+(\.\d+)?$/))
export type Money = z.infer<typeof MoneySchema>

/** The most decimals a currency may have (minor units per major unit up to 10^6). */
export const maxCurrencyDecimals = 6

/** Minor units per major unit as a power of ten: 2 for cents, 0 for the dong, 3 for the dinar. */
export const CurrencyDecimalsSchema = z.int().check(z.gte(0), z.lte(maxCurrencyDecimals))

/**
 * The brand's currency as amounts need it. Every conversion between a typed or shown
 * amount and minor units takes it: there is no default, since a wrong guess moves money by
 * a power of ten.
 */
export interface Currency {
  /** Shown before the amount ("$", "₫"). */
  symbol: string
  decimals: number
}

/** What a conversion needs of the currency; the whole Currency fits. */
export type CurrencyUnits = Pick<Currency, 'decimals'>

function decimalsOf(c: CurrencyUnits): number {
  const d = c.decimals
  if (!Number.isInteger(d) || d < 0 || d > maxCurrencyDecimals) {
    throw new RangeError(`currency decimals must be an integer from 0 to ${maxCurrencyDecimals}: ${d}`)
  }
  return d
}

/**
 * Parses a positive amount typed by a person ("12", "12.5", "1,234.50") into minor units.
 * Returns null for anything else: zero, negatives, NaN, Infinity, exponents ("1e3"), more
 * decimals than the currency has (any for a 0-decimal currency), or more than
 * `maxAmountDigits` whole digits.
 */
export function parseAmount(input: string, currency: CurrencyUnits): bigint | null {
  const d = decimalsOf(currency)
  const s = input.trim().replace(/,(?=\d{3}(\D|$))/g, '')
  const pattern =
    d > 0
      ? new RegExp(`^(\\d{1,${maxAmountDigits}})(?:\\.(\\d{1,${d}}))?$`)
      : new RegExp(`^(\\d{1,${maxAmountDigits}})$`)
  const m = pattern.exec(s)
  if (!m) return null
  const whole = BigInt(m[1] ?? '0')
  const frac = BigInt((m[2] ?? '').padEnd(d, '0') || '0')
  const minor = whole * 10n ** BigInt(d) + frac
  return minor > 0n ? minor : null
}

/**
 * Reads an amount the server answered (may be zero or negative) into minor units. More
 * decimals than the currency has is a RangeError, never a silent truncation.
 */
export function moneyToMinor(money: string, currency: CurrencyUnits): bigint {
  const d = decimalsOf(currency)
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(money.trim())
  if (!m) throw new RangeError(`not an amount: ${money}`)
  const given = m[3] ?? ''
  if (given.length > d) throw new RangeError(`more than ${d} decimals: ${money}`)
  const frac = given.padEnd(d, '0')
  const v = BigInt(m[2] ?? '0') * 10n ** BigInt(d) + BigInt(frac || '0')
  return m[1] === '-' ? -v : v
}

/** Writes minor units as the wire's decimal string of major units ("1234.50", "-0.05", "100000"). */
export function minorToMoney(minor: bigint, currency: CurrencyUnits): Money {
  const d = decimalsOf(currency)
  const neg = minor < 0n
  const abs = neg ? -minor : minor
  if (d === 0) return `${neg ? '-' : ''}${abs}`
  const unit = 10n ** BigInt(d)
  const frac = (abs % unit).toString().padStart(d, '0')
  return `${neg ? '-' : ''}${abs / unit}.${frac}`
}

/**
 * Formats minor units as a major amount with exactly the currency's decimals and thousands
 * separators: "1,234.50" for cents, "100,000" for the dong, "1.250" for the dinar.
 */
export function formatMinor(minor: bigint | string | number, currency: CurrencyUnits): string {
  const d = decimalsOf(currency)
  const v = typeof minor === 'bigint' ? minor : BigInt(minor)
  const neg = v < 0n
  const abs = neg ? -v : v
  const unit = 10n ** BigInt(d)
  const grouped = (abs / unit).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const frac = d === 0 ? '' : `.${(abs % unit).toString().padStart(d, '0')}`
  return `${neg ? '-' : ''}${grouped}${frac}`
}

/** Formats a wire amount for display: the currency's decimals and thousands separators. */
export function formatMoney(money: Money, currency: CurrencyUnits): string {
  return formatMinor(moneyToMinor(money, currency), currency)
}

/** A wire amount with the currency's symbol, the sign before it: "$1,234.50", "-₫5,000". */
export function showMoney(money: Money, currency: Currency): string {
  const text = formatMoney(money, currency)
  return text.startsWith('-') ? `-${currency.symbol}${text.slice(1)}` : `${currency.symbol}${text}`
}
