/** Stakes in the session's currency: chips and limits from its decimals, never assumed. */

/** Currencies whose unit is worth little: chips start at a thousand units. */
const smallUnits = new Set(['KHR', 'VND', 'IDR', 'LAK', 'MMK', 'KRW', 'UZS'])

/** One chip step in minor units: a whole unit (a thousand units for small currencies). */
export function stakeUnit(currency: string, decimals: number): bigint {
  return 10n ** BigInt(decimals) * (smallUnits.has(currency) ? 1000n : 1n)
}

/** The chips (and slot bet levels) a session offers, minor units. */
export function chipsFor(currency: string, decimals: number): bigint[] {
  const unit = stakeUnit(currency, decimals)
  return [1n, 2n, 5n, 10n, 50n, 100n].map((n) => n * unit)
}

/** The most one round may stake. */
export function maxStake(currency: string, decimals: number): bigint {
  return stakeUnit(currency, decimals) * 1000n
}

/** What a free-play session starts with. */
export function freePlayStart(currency: string, decimals: number): bigint {
  return stakeUnit(currency, decimals) * 2000n
}
