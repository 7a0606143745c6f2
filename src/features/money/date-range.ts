/**
 * Date ranges of the records pages in the member's own days: the PWA turns local days into
 * [startTime, endTime) epoch ms, so the server needs no time zone (src/contract/paging.ts).
 */
import { calendarDate } from '#contract/profile'

export const rangePresets = ['today', 'yesterday', 'last7', 'last30', 'custom'] as const
export type RangePreset = (typeof rangePresets)[number]

export interface RangeChoice {
  preset: RangePreset
  /** yyyy-MM-dd, local, for a custom range (both days included). */
  from: string
  to: string
}

function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate())
}

function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n)
}

/** yyyy-MM-dd of a local date. */
export function dayText(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`
}

function parseDay(s: string): Date | null {
  const c = calendarDate(s)
  return c ? new Date(c.year, c.month - 1, c.day) : null
}

/** The range in epoch ms, or null when a custom range is incomplete or reversed. */
export function rangeTimes(
  choice: RangeChoice,
  now = new Date(),
): { startTime: number; endTime: number } | null {
  const today = startOfDay(now)
  const span = (from: Date, toExclusive: Date) => ({
    startTime: from.getTime(),
    endTime: toExclusive.getTime(),
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
      if (!from || !to || to < from) return null
      return span(from, addDays(to, 1))
    }
  }
}
