/**
 * A bank's logo, defined once for the server that serves it and the pages that show it: a
 * square WebP at `/media/banks/<brand>/<bank>.webp?v=<version>`. It is the operator's
 * picture (`bank logo <CODE> <file>`), or, without one, a monogram the server draws (the
 * bank's initials on a colour of its code), so every bank of the brand has one. The version
 * is the first 12 hex digits of the SHA-256 of what is served: the address changes whenever
 * the picture does, so a browser keeps it for a year.
 */
import { z } from 'zod/mini'
import type { ServerPathPrefix } from './server-paths'

export const bankLogoPathPrefix = '/media/banks' satisfies ServerPathPrefix

/** The brand's and the bank's codes as the operator commands write them (upper case). */
export const bankLogoCodePattern = /^[A-Z0-9_]{1,32}$/
export const bankLogoVersionPattern = /^[0-9a-f]{12}$/
export const bankLogoPattern = /^\/media\/banks\/[A-Z0-9_]{1,32}\/[A-Z0-9_]{1,32}\.webp\?v=[0-9a-f]{12}$/

/** The logo's side in pixels (shown at 36 CSS px: sharp on a 2.5× screen). */
export const bankLogoSize = 96

export const BankLogoUrlSchema = z.string().check(z.regex(bankLogoPattern))

export function bankLogoUrl(merchantCode: string, bankCode: string, version: string): string {
  return `${bankLogoPathPrefix}/${merchantCode}/${bankCode}.webp?v=${version}`
}

const bankWords = /\b(bank|banking|ltd|plc|co|corp|the|of)\b\.?/gi

/**
 * A bank's initials for its monogram: an acronym of up to 3 letters whole (ABA Bank → ABA),
 * else the first letters of its first two words (Lotus Demo Bank → LD), or the first two
 * of a single word (Vietcombank → VI); words such as Bank and Ltd are left out.
 */
export function bankInitials(name: string): string {
  const words = name
    .replace(bankWords, ' ')
    .split(/[\s.,()&'-]+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w))
  const source = words.length > 0 ? words : [name.trim()]
  const first = source[0] ?? ''
  const chars = [...first]
  if (chars.length <= 3 && first === first.toUpperCase() && /\p{Lu}/u.test(first)) return first
  const letters = source.length === 1 ? chars.slice(0, 2) : source.slice(0, 2).map((w) => [...w][0] ?? '')
  return letters.join('').toUpperCase() || '?'
}
