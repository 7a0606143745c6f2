import { makeRelativeAgeFormat } from '../../lib/date-format'

/** "5 minutes ago", "2 hours ago", "yesterday" in the given language (lib/date-format.ts). */
export function formatAge(storedAt: number, now: number, locale: string): string {
  const rtf = makeRelativeAgeFormat(locale)
  const minutes = Math.max(0, Math.floor((now - storedAt) / 60_000))
  if (minutes < 60) return rtf.format(-minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return rtf.format(-hours, 'hour')
  return rtf.format(-Math.floor(hours / 24), 'day')
}
