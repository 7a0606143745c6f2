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
