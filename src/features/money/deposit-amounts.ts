/**
 * The quick amounts a deposit method offers, from its limits: round figures a member would
 * type (1, 5 and then 2 times a power of ten, in whole units of the currency), at least
 * the method's minimum and at most its maximum, smallest first, six at most. A method whose
 * range holds no round figure offers its minimum.
 */
import { moneyToMinor, type Money } from '#contract/money'
import type { Currency } from './money-text'

export function depositAmountSteps(min: Money, max: Money, currency: Currency, count = 6): bigint[] {
  const lo = moneyToMinor(min, currency)
  const hi = moneyToMinor(max, currency)
  if (hi < lo || hi <= 0n) return []
  const unit = 10n ** BigInt(currency.decimals)
  const preferred: bigint[] = []
  const others: bigint[] = []
  for (let power = unit; power <= hi; power *= 10n) {
    for (const [factor, list] of [
      [1n, preferred],
      [5n, preferred],
      [2n, others],
    ] as const) {
      const v = power * factor
      if (v >= lo && v <= hi) list.push(v)
    }
  }
  const chosen = preferred.sort(ascending).slice(0, count)
  for (const v of others.sort(ascending)) if (chosen.length < count) chosen.push(v)
  if (chosen.length === 0) return [lo > 0n ? lo : hi]
  return chosen.sort(ascending)
}

const ascending = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0)
