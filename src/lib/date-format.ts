/**
 * Dates with times as a player reads them in their language. Each language has one date form
 * (its medium date: `datePartFormat(…, 'day')`, `calendarDay`) and one date-and-time form
 * (its medium one: `brandDateTime`), on the brand's clock with that clock named; screens reach
 * them through src/lib/use-brand-dates.ts. The short form is kept for the few places that
 * still ask for it by name.
 *
 * A browser formats a language only if its own ICU data holds it. Chromium's does not hold
 * Khmer (Node's full ICU does): there `Intl` quietly falls back to US English, and a Khmer
 * page read "Nov 28, 2026, 3:49 AM". For a language the browser lacks, the date is written
 * here in CLDR's own pattern for it (the one a full ICU uses), from the browser's numbers.
 */
export type DateStyle = 'short' | 'medium'

export interface DateTimeFormat {
  format(at: Date | number): string
}

/** CLDR's month names for Khmer (the wide form, which its medium date uses). */
const khmerMonths = [
  'មករា',
  'កុម្ភៈ',
  'មីនា',
  'មេសា',
  'ឧសភា',
  'មិថុនា',
  'កក្កដា',
  'សីហា',
  'កញ្ញា',
  'តុលា',
  'វិច្ឆិកា',
  'ធ្នូ',
]

/** Khmer in CLDR's patterns: short `d/M/yy, h:mm a`, medium `d MMMM y, h:mm a`. */
function khmer(style: DateStyle, timeZone?: string): DateTimeFormat {
  const numbers = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })
  return {
    format(at) {
      const part: Record<string, string> = {}
      for (const p of numbers.formatToParts(at)) part[p.type] = p.value
      const time = `${part.hour}:${part.minute} ${part.dayPeriod}`
      return style === 'short'
        ? `${part.day}/${part.month}/${(part.year ?? '').slice(-2)}, ${time}`
        : `${part.day} ${khmerMonths[Number(part.month) - 1]} ${part.year}, ${time}`
    },
  }
}

const written: Readonly<Record<string, (style: DateStyle, timeZone?: string) => DateTimeFormat>> = {
  km: khmer,
}

/**
 * The formatter for `locale` in `style`, on the clock of `timeZone` (the phone's when none).
 * `supported` lists the languages the browser holds (replaceable in tests: Node holds every
 * language).
 */
export function makeDateTimeFormat(
  locale: string,
  style: DateStyle,
  supported: (locales: string[]) => readonly string[] = (l) => Intl.DateTimeFormat.supportedLocalesOf(l),
  timeZone?: string,
): DateTimeFormat {
  const own = written[locale]
  return own && supported([locale]).length === 0
    ? own(style, timeZone)
    : new Intl.DateTimeFormat(locale, { dateStyle: style, timeStyle: 'short', timeZone })
}

const made = new Map<string, DateTimeFormat>()

/**
 * The formatter for `locale` in `style`, made once per pair. With `timeZone` (the brand's, as
 * an answer names it) the date and time are that zone's: what a promotion's start, end and
 * period are, whatever zone the phone is set to, and alike on the server's render.
 */
export function dateTimeFormat(locale: string, style: DateStyle, timeZone?: string): DateTimeFormat {
  const key = `${locale}|${style}|${timeZone ?? ''}`
  let formatter = made.get(key)
  if (!formatter) {
    formatter = makeDateTimeFormat(locale, style, undefined, timeZone)
    made.set(key, formatter)
  }
  return formatter
}

/** The zone as its offset from GMT ("GMT+7"), to say whose clock a time is on. */
export function zoneOffsetLabel(timeZone: string, at: Date | number = Date.now()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')
  return part?.value ?? timeZone
}

/**
 * A moment as the one date-and-time form of a language (the medium one), on the brand's
 * clock with that clock named: "Nov 30, 2026, 6:15 PM (GMT+7)". Without a zone, the phone's
 * clock, unnamed.
 */
export function brandDateTime(locale: string, at: number, timeZone: string | undefined): string {
  const text = dateTimeFormat(locale, 'medium', timeZone).format(at)
  return timeZone ? `${text} (${zoneOffsetLabel(timeZone, at)})` : text
}

/**
 * A time of day given as HH:mm on the brand's clock (a daily draw's "18:15"), written as the
 * language writes times, with the clock named: "6:15 PM (GMT+7)".
 */
export function brandTimeOfDay(
  locale: string,
  hhmm: string,
  timeZone: string,
  at: number = Date.now(),
): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number)
  // The wall time itself, written on UTC's clock so no zone moves it.
  const time = datePartFormat(locale, 'time', 'UTC').format(Date.UTC(2000, 0, 1, h, m))
  return `${time} (${zoneOffsetLabel(timeZone, at)})`
}

/** A day without its time, or a time without its day: what a period's ends are written as. */
export type DatePart = 'day' | 'time'

/** Khmer in CLDR's patterns: a day `d MMMM y` (its medium date), a time `h:mm a`. */
function khmerPart(part: DatePart, timeZone?: string): DateTimeFormat {
  const full = khmer('medium', timeZone)
  return {
    format(at) {
      const [day = '', time = ''] = full.format(at).split(', ')
      return part === 'day' ? day : time
    },
  }
}

/**
 * A day (`part` 'day': the language's medium date, the same one its date-and-time form
 * carries) or a time ('time') in `locale`, on the clock of `timeZone` (the phone's when
 * none); CLDR's Khmer where the browser lacks it.
 */
export function makeDatePartFormat(
  locale: string,
  part: DatePart,
  timeZone?: string,
  supported: (locales: string[]) => readonly string[] = (l) => Intl.DateTimeFormat.supportedLocalesOf(l),
): DateTimeFormat {
  return written[locale] && supported([locale]).length === 0
    ? khmerPart(part, timeZone)
    : new Intl.DateTimeFormat(
        locale,
        part === 'day' ? { dateStyle: 'medium', timeZone } : { timeStyle: 'short', timeZone },
      )
}

const madeParts = new Map<string, DateTimeFormat>()

/** The day or time formatter for `locale` on `timeZone`'s clock, made once per trio. */
export function datePartFormat(locale: string, part: DatePart, timeZone?: string): DateTimeFormat {
  const key = `${locale}|${part}|${timeZone ?? ''}`
  let formatter = madeParts.get(key)
  if (!formatter) {
    formatter = makeDatePartFormat(locale, part, timeZone)
    madeParts.set(key, formatter)
  }
  return formatter
}

/**
 * A calendar day given as YYYY-MM-DD (a birthday, a report's day): the language's one date
 * form, the day itself, never moved by a zone.
 */
export function calendarDay(locale: string, day: string): string {
  const at = Date.parse(`${day}T00:00:00Z`)
  return Number.isNaN(at) ? day : datePartFormat(locale, 'day', 'UTC').format(at)
}

/**
 * A note with calendar days written YYYY-MM-DD in it (a contract payment's "2026-11-30",
 * "2026-11-24 – 2026-11-30"), each day in the language's one date form.
 */
export function withCalendarDays(locale: string, text: string): string {
  return text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => calendarDay(locale, day))
}

export type AgeUnit = 'minute' | 'hour' | 'day'

export interface RelativeAgeFormat {
  /** `value` units ago (a negative `value`), or now (0), as `Intl.RelativeTimeFormat` with `numeric: 'auto'`. */
  format(value: number, unit: AgeUnit): string
}

/** CLDR's Khmer "ago" forms (`numeric: 'auto'`): its own words for now, yesterday and the day before. */
function khmerAge(): RelativeAgeFormat {
  const units: Record<AgeUnit, string> = { minute: 'នាទី', hour: 'ម៉ោង', day: 'ថ្ងៃ' }
  return {
    format(value, unit) {
      const n = Math.abs(value)
      if (unit === 'minute' && n === 0) return 'នាទីនេះ'
      if (unit === 'day' && n === 1) return 'ម្សិលមិញ'
      if (unit === 'day' && n === 2) return 'ម្សិល\u200bម៉្ងៃ'
      return `${n} ${units[unit]}\u200bមុន`
    },
  }
}

const writtenAges: Readonly<Record<string, () => RelativeAgeFormat>> = { km: khmerAge }

/** "5 minutes ago", "yesterday" in `locale`; CLDR's Khmer where the browser lacks Khmer. */
export function makeRelativeAgeFormat(
  locale: string,
  supported: (locales: string[]) => readonly string[] = (l) => Intl.RelativeTimeFormat.supportedLocalesOf(l),
): RelativeAgeFormat {
  const own = writtenAges[locale]
  return own && supported([locale]).length === 0
    ? own()
    : new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
}
