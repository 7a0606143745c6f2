import { describe, expect, it } from 'vitest'
import { dateTimeFormat, makeDateTimeFormat } from '../../src/lib/date-format'

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

  it("uses the browser's own formats for the languages it holds", () => {
    for (const locale of ['km', 'en', 'zh', 'th', 'vi']) {
      const icu = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
      expect(dateTimeFormat(locale, 'medium').format(moments[0]!)).toBe(icu.format(moments[0]!))
    }
  })

  it('leaves a language it has no pattern for to the browser', () => {
    const icu = new Intl.DateTimeFormat('lo', { dateStyle: 'short', timeStyle: 'short' })
    expect(makeDateTimeFormat('lo', 'short', holdsNone).format(moments[1]!)).toBe(icu.format(moments[1]!))
  })
})
