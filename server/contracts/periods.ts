/**
 * Where a contract's current period ends, in the brand's time zone (decision 024): a
 * termination takes effect then, and the period it falls in is still paid. The end is the
 * first instant of the next period.
 */
import type { ContractTerms } from '#contract/contracts'

interface Wall {
  year: number
  month: number
  day: number
  hour: number
}

const formats = new Map<string, Intl.DateTimeFormat>()

function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formats.set(timeZone, f)
  }
  return f
}

/** The wall clock of the zone at `at`, as if it were UTC (ms). */
function wallMs(timeZone: string, at: number): number {
  const parts = Object.fromEntries(
    format(timeZone)
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  )
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  )
}

function wallOf(timeZone: string, at: Date): Wall {
  const w = new Date(wallMs(timeZone, at.getTime()))
  return { year: w.getUTCFullYear(), month: w.getUTCMonth() + 1, day: w.getUTCDate(), hour: w.getUTCHours() }
}

/** The instant the zone's wall clock shows this time (the later reading on a repeated hour). */
function instantOf(timeZone: string, w: Wall): Date {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour)
  let t = asUtc - (wallMs(timeZone, asUtc) - asUtc)
  t = asUtc - (wallMs(timeZone, t) - t)
  return new Date(t)
}

/** A day later or earlier, through month ends (Date.UTC carries over). */
function dayAfter(w: Wall, days: number): Wall {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + days))
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0 }
}

/** The end of the period of `terms` that `now` falls in, in the zone. */
export function periodEnd(terms: ContractTerms, timeZone: string, now: Date): Date {
  const w = wallOf(timeZone, now)
  switch (terms.kind) {
    case 'realTimeSalary':
      return now
    case 'hourlySalary': {
      const next = new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour + 1))
      return instantOf(timeZone, {
        year: next.getUTCFullYear(),
        month: next.getUTCMonth() + 1,
        day: next.getUTCDate(),
        hour: next.getUTCHours(),
      })
    }
    case 'dailySalary':
      return instantOf(timeZone, dayAfter(w, 1))
    case 'dividend': {
      switch (terms.period) {
        case 'daily':
          return instantOf(timeZone, dayAfter(w, 1))
        case 'weekly': {
          // Weeks start on Monday.
          const weekday = (new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() + 6) % 7
          return instantOf(timeZone, dayAfter(w, 7 - weekday))
        }
        case 'semimonthly':
          return w.day <= 15
            ? instantOf(timeZone, { year: w.year, month: w.month, day: 16, hour: 0 })
            : instantOf(timeZone, dayAfter({ year: w.year, month: w.month + 1, day: 0, hour: 0 }, 1))
        case 'monthly':
          return instantOf(timeZone, dayAfter({ year: w.year, month: w.month + 1, day: 0, hour: 0 }, 1))
      }
    }
  }
}
