/**
 * Calendar days on a zone's clock (the brand's): which day it is there, and the instant that
 * day begins. A records page's "today" and a chosen day are the brand's days, as the times
 * in its list are the brand's. Without a zone, the phone's own clock.
 */
import { offsetAt, wallMs } from '#contract/zone-clock'

const dayMs = 86_400_000

/** A day as the UTC midnight of its date (a day number in ms). */
export type DayMs = number

/** The day it is at `now` on `timeZone`'s clock (the phone's without one). */
export function todayIn(timeZone: string | undefined, now: Date | number = Date.now()): DayMs {
  const at = typeof now === 'number' ? now : now.getTime()
  if (!timeZone) {
    const d = new Date(at)
    return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate())
  }
  return Math.floor(wallMs(timeZone, at) / dayMs) * dayMs
}

/** The instant `day` begins on `timeZone`'s clock (the phone's without one). */
export function dayStartIn(timeZone: string | undefined, day: DayMs): number {
  const d = new Date(day)
  if (!timeZone) return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()).getTime()
  const offset = (at: number) => offsetAt(timeZone, at)
  const first = day - offset(day)
  // Once more with the offset at that instant, where a change of offset lies between.
  return day - offset(first)
}

/** `day` moved by `n` days. */
export function addDays(day: DayMs, n: number): DayMs {
  return day + n * dayMs
}

/** yyyy-MM-dd of a day. */
export function dayString(day: DayMs): string {
  return new Date(day).toISOString().slice(0, 10)
}
