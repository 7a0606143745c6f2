/**
 * Money is integer minor units end to end (bigint in the database, a decimal string of
 * minor units in JSON). These helpers format it exactly, with no floating point.
 */

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
