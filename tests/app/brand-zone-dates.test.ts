/**
 * A promotion's dates are the brand's (issue 35): a fixed instant prints the brand zone's
 * date and time whatever zone the process (the phone) is set to, in a language the browser
 * holds and in Khmer written where it does not.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { brandDateTime } from '#src/features/promotions/components/promotion-dates.tsx'
import { makeDatePartFormat, makeDateTimeFormat, zoneOffsetLabel } from '#src/lib/date-format.ts'

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
    expect(makeDatePartFormat('en', 'day', brandZone).format(instant)).toBe('11/30/26')
    expect(makeDateTimeFormat('km', 'medium', holdsNone, brandZone).format(instant)).toBe(
      '30 វិច្ឆិកា 2026, 3:30 AM',
    )
    expect(zoneOffsetLabel(brandZone, instant)).toBe('GMT+7')
  })
})
