/**
 * Where a contract's current period ends, in the brand's time zone (decision 024): a
 * termination takes effect then, and the period it falls in is still paid. The end is the
 * first instant of the next period.
 */
import { realTimeWindowMinutes, type ContractPeriodUnit, type ContractTerms } from '#contract/contracts'
import { wallMs } from '#contract/zone-clock'

interface Wall {
  year: number
  month: number
  day: number
  hour: number
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

const sameHour = (a: Wall, b: Wall) =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour

function hourAfter(w: Wall): Wall {
  const n = new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour + 1))
  return { year: n.getUTCFullYear(), month: n.getUTCMonth() + 1, day: n.getUTCDate(), hour: n.getUTCHours() }
}

/**
 * The first instant the zone's wall clock shows this hour: the earlier reading of a repeated
 * hour; for an hour the clock skips, the first hour after it that it shows.
 */
function firstInstantOf(timeZone: string, w: Wall): Date {
  const later = instantOf(timeZone, w)
  if (!sameHour(wallOf(timeZone, later), w)) return firstInstantOf(timeZone, hourAfter(w))
  const earlier = new Date(later.getTime() - 3_600_000)
  return sameHour(wallOf(timeZone, earlier), w) ? earlier : later
}

/** A day later or earlier, through month ends (Date.UTC carries over). */
function dayAfter(w: Wall, days: number): Wall {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + days))
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0 }
}

/** The unit a contract of these terms is paid by (a dividend's own period, else its kind's). */
export function unitOf(terms: ContractTerms): ContractPeriodUnit {
  switch (terms.kind) {
    case 'realTimeSalary':
      return 'window'
    case 'hourlySalary':
      return 'hour'
    case 'dailySalary':
      return 'day'
    case 'dividend':
      return terms.period === 'daily'
        ? 'day'
        : terms.period === 'weekly'
          ? 'week'
          : terms.period === 'semimonthly'
            ? 'semimonth'
            : 'month'
  }
}

export interface Period {
  start: Date
  /** The first instant of the next period. */
  end: Date
}

const windowMs = realTimeWindowMinutes * 60_000

/** The start (wall clock) of the period of `unit` that wall time `w` falls in. */
function wallStart(unit: Exclude<ContractPeriodUnit, 'window'>, w: Wall): Wall {
  switch (unit) {
    case 'hour':
      return w
    case 'day':
      return { ...w, hour: 0 }
    case 'week': {
      // Weeks start on Monday.
      const weekday = (new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() + 6) % 7
      return dayAfter(w, -weekday)
    }
    case 'semimonth':
      return { year: w.year, month: w.month, day: w.day <= 15 ? 1 : 16, hour: 0 }
    case 'month':
      return { year: w.year, month: w.month, day: 1, hour: 0 }
  }
}

/** The wall clock start of the period after the one starting at `w`. */
function wallNext(unit: Exclude<ContractPeriodUnit, 'window'>, w: Wall): Wall {
  switch (unit) {
    case 'hour':
      return hourAfter(w)
    case 'day':
      return dayAfter(w, 1)
    case 'week':
      return dayAfter(w, 7)
    case 'semimonth':
      return w.day === 1
        ? { ...w, day: 16 }
        : dayAfter({ year: w.year, month: w.month + 1, day: 0, hour: 0 }, 1)
    case 'month':
      return dayAfter({ year: w.year, month: w.month + 1, day: 0, hour: 0 }, 1)
  }
}

/**
 * The period of `unit` that `at` falls in, in the zone: hours, days, weeks (from Monday),
 * half-months (the 1st to the 15th, the 16th to the month's end) and months of the brand's
 * wall clock; a real-time window is 5 minutes of real time. Periods start at the first instant
 * the clock reads their start, so an hour repeated when the clock goes back is one period of
 * two hours, and an hour skipped when it goes forward is none.
 */
export function periodAt(unit: ContractPeriodUnit, timeZone: string, at: Date): Period {
  if (unit === 'window') {
    const start = Math.floor(at.getTime() / windowMs) * windowMs
    return { start: new Date(start), end: new Date(start + windowMs) }
  }
  const w = wallStart(unit, wallOf(timeZone, at))
  const start = firstInstantOf(timeZone, w)
  const end = firstInstantOf(timeZone, wallNext(unit, w))
  return { start, end }
}

/** The period right after `p`. */
export function periodAfter(unit: ContractPeriodUnit, timeZone: string, p: Period): Period {
  return periodAt(unit, timeZone, p.end)
}

/** The end of the period of `terms` that `now` falls in, in the zone. */
export function periodEnd(terms: ContractTerms, timeZone: string, now: Date): Date {
  if (terms.kind === 'realTimeSalary') return now
  return periodAt(unitOf(terms), timeZone, now).end
}

/** The zone's calendar date at `at`, as YYYY-MM-DD (member_daily_stats' day). */
export function wallDate(timeZone: string, at: Date): string {
  const w = wallOf(timeZone, at)
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`
}

/**
 * The instant the zone's clock reads `text` (YYYY-MM-DD, optionally with THH or THH:MM), or
 * null when it is not such a time; minutes are kept only below an hour's start.
 */
export function instantAtWall(timeZone: string, text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2})(?::(\d{2}))?)?$/.exec(text)
  if (!m) return null
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute))
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return null
  if (hour > 23 || minute > 59) return null
  return new Date(instantOf(timeZone, { year, month, day, hour }).getTime() + minute * 60_000)
}
