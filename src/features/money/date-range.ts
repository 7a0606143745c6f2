/**
 * Date ranges of the records pages in the brand's days (the times the records show are on
 * its clock): the PWA turns those days into [startTime, endTime) epoch ms, so the server
 * needs no time zone (src/contract/paging.ts).
 */
import { calendarDate } from '#contract/profile'
import { addDays, dayStartIn, dayString, todayIn, type DayMs } from '../../lib/zone-days'

export const rangePresets = ['today', 'yesterday', 'last7', 'last30', 'custom'] as const
export type RangePreset = (typeof rangePresets)[number]

export interface RangeChoice {
  preset: RangePreset
  /** yyyy-MM-dd, the brand's days, for a custom range (both days included). */
  from: string
  to: string
}

/** A yyyy-MM-dd day, or null when it is none. */
function parseDay(s: string): DayMs | null {
  const c = calendarDate(s)
  return c ? Date.UTC(c.year, c.month - 1, c.day) : null
}

/**
 * The range in epoch ms, or null when a custom range is incomplete or reversed. Its days are
 * `timeZone`'s (the brand's, whose clock the records' times are on); the phone's without one.
 */
export function rangeTimes(
  choice: RangeChoice,
  now: Date | number = Date.now(),
  timeZone?: string,
): { startTime: number; endTime: number } | null {
  const today = todayIn(timeZone, now)
  const span = (from: DayMs, toExclusive: DayMs) => ({
    startTime: dayStartIn(timeZone, from),
    endTime: dayStartIn(timeZone, toExclusive),
  })
  switch (choice.preset) {
    case 'today':
      return span(today, addDays(today, 1))
    case 'yesterday':
      return span(addDays(today, -1), today)
    case 'last7':
      return span(addDays(today, -6), addDays(today, 1))
    case 'last30':
      return span(addDays(today, -29), addDays(today, 1))
    case 'custom': {
      const from = parseDay(choice.from)
      const to = parseDay(choice.to)
      if (from === null || to === null || to < from) return null
      return span(from, addDays(to, 1))
    }
  }
}

/** yyyy-MM-dd of the day it is on `timeZone`'s clock (the phone's without one). */
export function todayText(timeZone?: string, now: Date | number = Date.now()): string {
  return dayString(todayIn(timeZone, now))
}
