/**
 * Who may call the seamless wallet: a registered vendor, a timestamp within the allowed
 * skew and the HMAC over `<timestamp>.<raw body>` with the vendor's secret, compared in
 * constant time. Judged before a byte of the body is parsed.
 */
import { timingSafeEqual } from 'node:crypto'
import { maxClockSkewMs, signWalletCall } from '../adapter'

export function signatureOk(
  secret: string,
  timestamp: string,
  raw: string,
  given: string | undefined,
): boolean {
  if (!given || !/^[0-9a-f]{64}$/.test(given)) return false
  return timingSafeEqual(
    Buffer.from(signWalletCall(secret, timestamp, raw), 'hex'),
    Buffer.from(given, 'hex'),
  )
}

/** The timestamp header when it is epoch milliseconds within the allowed skew of `now`. */
export function freshTimestamp(timestamp: string | undefined, now: Date): boolean {
  const at = timestamp && /^\d{1,15}$/.test(timestamp) ? Number(timestamp) : NaN
  return Number.isFinite(at) && Math.abs(now.getTime() - at) <= maxClockSkewMs
}

/** A header's first value. */
export function header(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v
}
