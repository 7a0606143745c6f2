/** Search-param parsers: a malformed value becomes a safe default, never raw text on screen. */

export function safeCode(raw: unknown, max = 32): string | undefined {
  return typeof raw === 'string' && new RegExp(`^[A-Za-z0-9_-]{1,${max}}$`).test(raw) ? raw : undefined
}

export function safeId(raw: unknown): number | undefined {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}
