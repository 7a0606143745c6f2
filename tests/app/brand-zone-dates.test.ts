/**
 * A promotion's dates (issue 35) and the lottery's draw times (issue 31) are the brand's: a
 * fixed instant prints the brand zone's date and time, its zone named, whatever zone the
 * process (the phone) is set to, in a language the browser holds and in Khmer written where
 * it does not.
 */
import { setupI18n } from '@lingui/core'
import { afterEach, describe, expect, it } from 'vitest'
import type { LotterySchedule } from '#contract/lottery'
import { formatDrawTime } from '#src/features/lottery/components/results.tsx'
import { scheduleText } from '#src/features/lottery/components/vn-lottery-page.tsx'
import {
  brandDateTime,
  makeDatePartFormat,
  makeDateTimeFormat,
  zoneOffsetLabel,
} from '#src/lib/date-format.ts'

/** 20:30 UTC on 29 November 2026: already 30 November, 3:30 AM, in Phnom Penh (GMT+7). */
const instant = Date.UTC(2026, 10, 29, 20, 30)
const brandZone = 'Asia/Phnom_Penh'
const holdsNone = () => []
/** ICU writes a narrow space before AM/PM: compared as a plain one. */
const plain = (s: string) => s.replace(/\s/g, ' ')

const phoneZones: [string, number][] = [
  ['America/Los_Angeles', 12],
  ['UTC', 20],
  ['Asia/Tokyo', 5],
  ['Pacific/Kiritimati', 10],
]

const original = process.env.TZ
afterEach(() => {
  if (original === undefined) delete process.env.TZ
  else process.env.TZ = original
})

describe("dates on the brand's clock", () => {
  it.each(phoneZones)('print the brand zone’s date with the process in %s', (zone, localHour) => {
    process.env.TZ = zone
    // The process's own clock did move.
    expect(new Date(instant).getHours()).toBe(localHour)
    expect(plain(makeDateTimeFormat('en', 'medium', undefined, brandZone).format(instant))).toBe(
      'Nov 30, 2026, 3:30 AM',
    )
    expect(plain(brandDateTime('en', instant, brandZone))).toBe('Nov 30, 2026, 3:30 AM (GMT+7)')
    expect(makeDatePartFormat('en', 'day', brandZone).format(instant)).toBe('Nov 30, 2026')
    expect(makeDateTimeFormat('km', 'medium', holdsNone, brandZone).format(instant)).toBe(
      '30 វិច្ឆិកា 2026, 3:30 AM',
    )
    expect(zoneOffsetLabel(brandZone, instant)).toBe('GMT+7')
  })
})

describe("the lottery's times on the brand's clock, named", () => {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

  it.each(phoneZones)('a daily draw and its result agree with the process in %s', (zone) => {
    process.env.TZ = zone
    const schedule: LotterySchedule = {
      type: 'daily',
      time: '18:15',
      timeZone: brandZone,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
    }
    expect(plain(scheduleText(schedule, i18n))).toBe('Draws daily at 6:15 PM (GMT+7)')
    // 18:15 in Phnom Penh is 11:15 UTC: the result says the brand's 6:15 PM, never the phone's clock.
    const drawnAt = Date.UTC(2026, 10, 30, 11, 15)
    expect(plain(formatDrawTime(drawnAt, 'en', brandZone))).toBe('Nov 30, 2026, 6:15 PM (GMT+7)')
  })

  it('one date-and-time form per language, the same in every list', () => {
    for (const locale of ['km', 'en', 'zh', 'th', 'vi']) {
      expect(formatDrawTime(instant, locale, brandZone)).toBe(brandDateTime(locale, instant, brandZone))
    }
  })
})
