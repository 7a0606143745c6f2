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
export function localName(
  names: Record<string, string>,
  given: string,
  locale: Locale,
  brandLanguage: string,
): string {
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
