import { describe, expect, it } from 'vitest'
import {
  calendarDay,
  dateTimeFormat,
  makeDatePartFormat,
  makeDateTimeFormat,
  makeRelativeAgeFormat,
  withCalendarDays,
  type AgeUnit,
} from '#src/lib/date-format.ts'

/** A browser whose own ICU data lacks every language (Chromium lacks Khmer). */
const holdsNone = () => []

const moments = [
  new Date(2026, 10, 8, 15, 5), // afternoon, one-digit day
  new Date(2026, 0, 31, 0, 0), // midnight
  new Date(2027, 11, 25, 11, 59), // late morning, December
  new Date(2026, 3, 1, 12, 30), // noon
]

describe('dates with times in the player language', () => {
  it("writes Khmer as a full ICU does, where the browser's own data lacks it", () => {
    for (const style of ['short', 'medium'] as const) {
      const written = makeDateTimeFormat('km', style, holdsNone)
      // Node holds Khmer: its Intl is the reference.
      const icu = new Intl.DateTimeFormat('km', { dateStyle: style, timeStyle: 'short' })
      for (const at of moments) expect(written.format(at)).toBe(icu.format(at))
    }
    expect(makeDateTimeFormat('km', 'medium', holdsNone).format(moments[0]!)).toBe('8 វិច្ឆិកា 2026, 3:05 PM')
  })

  it("uses the browser's own formats for the languages it holds, and writes Khmer only where it lacks it", () => {
    for (const locale of ['km', 'en', 'zh', 'th', 'vi']) {
      expect(dateTimeFormat(locale, 'medium'), locale).toBeInstanceOf(Intl.DateTimeFormat)
    }
    expect(makeDateTimeFormat('km', 'short', holdsNone)).not.toBeInstanceOf(Intl.DateTimeFormat)
    expect(makeDateTimeFormat('en', 'short', holdsNone)).toBeInstanceOf(Intl.DateTimeFormat)
    expect(makeRelativeAgeFormat('km', holdsNone)).not.toBeInstanceOf(Intl.RelativeTimeFormat)
    expect(makeRelativeAgeFormat('km')).toBeInstanceOf(Intl.RelativeTimeFormat)
  })

  it("writes a Khmer day alone and a time alone as a full ICU does, where the browser's data lacks it", () => {
    const day = makeDatePartFormat('km', 'day', undefined, holdsNone)
    const time = makeDatePartFormat('km', 'time', undefined, holdsNone)
    const icuDay = new Intl.DateTimeFormat('km', { dateStyle: 'medium' })
    const icuTime = new Intl.DateTimeFormat('km', { timeStyle: 'short' })
    for (const at of moments) {
      expect(day.format(at)).toBe(icuDay.format(at))
      expect(time.format(at)).toBe(icuTime.format(at))
    }
    expect(makeDatePartFormat('km', 'day')).toBeInstanceOf(Intl.DateTimeFormat)
    // On another zone's clock: 23:30 UTC is the next morning in Phnom Penh.
    const late = new Date(Date.UTC(2026, 10, 28, 23, 30))
    const zone = 'Asia/Phnom_Penh'
    expect(makeDatePartFormat('km', 'day', zone, holdsNone).format(late)).toBe(
      new Intl.DateTimeFormat('km', { dateStyle: 'medium', timeZone: zone }).format(late),
    )
    expect(makeDatePartFormat('km', 'time', zone, holdsNone).format(late)).toBe(
      new Intl.DateTimeFormat('km', { timeStyle: 'short', timeZone: zone }).format(late),
    )
    expect(makeDatePartFormat('en', 'day', zone).format(late)).toBe('Nov 29, 2026')
  })

  it('writes the YYYY-MM-DD days of a note as the language writes a day, the rest as it is', () => {
    expect(withCalendarDays('en', '2026-11-24 – 2026-11-30')).toBe('Nov 24, 2026 – Nov 30, 2026')
    expect(withCalendarDays('en', '2026-11-30 14:00–15:00')).toBe('Nov 30, 2026 14:00–15:00')
    expect(withCalendarDays('zh', '2026-11-30')).toBe('2026年11月30日')
    expect(withCalendarDays('en', 'ABA Bank')).toBe('ABA Bank')
    expect(calendarDay('en', '2026-13-40')).toBe('2026-13-40')
  })

  it('leaves a language it has no pattern for to the browser', () => {
    const icu = new Intl.DateTimeFormat('lo', { dateStyle: 'short', timeStyle: 'short' })
    expect(makeDateTimeFormat('lo', 'short', holdsNone).format(moments[1]!)).toBe(icu.format(moments[1]!))
  })

  it("writes how long ago in Khmer as a full ICU does, where the browser's own data lacks it", () => {
    const written = makeRelativeAgeFormat('km', holdsNone)
    const icu = new Intl.RelativeTimeFormat('km', { numeric: 'auto' })
    const cases: [AgeUnit, number][] = [
      ...Array.from({ length: 60 }, (_, n): [AgeUnit, number] => ['minute', n]),
      ...Array.from({ length: 23 }, (_, n): [AgeUnit, number] => ['hour', n + 1]),
      ...Array.from({ length: 40 }, (_, n): [AgeUnit, number] => ['day', n + 1]),
    ]
    for (const [unit, n] of cases) expect(written.format(-n, unit), `${n} ${unit}`).toBe(icu.format(-n, unit))
    expect(written.format(-1, 'day')).toBe('ម្សិលមិញ')
  })
})
