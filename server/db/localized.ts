import { z } from 'zod'
import type { Locale } from '#contract/locales'

/** Picks the rows of the best language present: the caller's, then English, then any. */
export function pickLanguage<T extends { language: string }>(rows: T[], locale: Locale): T[] {
  for (const lang of [locale, 'en']) {
    const hit = rows.filter((r) => r.language === lang)
    if (hit.length > 0) return hit
  }
  const first = rows[0]?.language
  return first ? rows.filter((r) => r.language === first) : []
}

/**
 * An operator-given display name in the caller's language: the caller's, then the brand's
 * default language, then English, then the name as first given (a row from before names
 * per language had only that), then any language it has.
 */
export function localName(stored: unknown, given: string, locale: Locale, brandLanguage: string): string {
  // Read from a jsonb column: anything but text per language (a hand-edited row) counts as none.
  const names = storedNames(stored)
  const named = (lang: string) => {
    const v = names[lang]?.trim()
    return v ? v : undefined
  }
  return (
    named(locale) ??
    named(brandLanguage) ??
    named('en') ??
    (given.trim() ? given : undefined) ??
    Object.values(names).find((v) => v.trim()) ??
    given
  )
}

const StoredNames = z.record(z.string(), z.string())

/** The names per language as stored; the entries that are not text are left out. */
export function storedNames(stored: unknown): Record<string, string> {
  const whole = StoredNames.safeParse(stored)
  if (whole.success) return whole.data
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {}
  return Object.fromEntries(
    Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string'),
  )
}
