/**
 * When a lottery game draws, and how its issues are numbered: pure functions of the game's
 * schedule and an instant, with no clock and no database, so every server instance (and a
 * test with a made-up time) computes the same issues. Time zones go through Intl only.
 *
 * ## Local days
 * A local day D in the schedule's `timeZone` starts at its first instant S(D): local midnight,
 * or, in a zone whose clocks skip midnight (a DST gap at 00:00), the end of that gap. It ends
 * where D+1 starts, so its length L(D) = S(D+1) − S(D) is 24 h on most days, 23 h or 25 h on
 * a DST change day, and can be 0 where a zone skipped a whole date (Pacific/Apia, 2011-12-30).
 *
 * ## `interval` schedules (every `seconds`, a divisor of 86,400, at least 10)
 * Day D has n(D) = floor(L(D) / seconds) issues (at least 1 on a day that has any length,
 * none on a skipped date), numbered `YYYYMMDD-NNNN` where YYYYMMDD is D and NNNN = k from
 * 0001. Issue k closes at S(D) + k × seconds, counted in elapsed real seconds from S(D), except
 * the last, which closes exactly at S(D+1): the day's last draw is at the next midnight and
 * still belongs to D. On a 24 h day every issue lasts `seconds`; on a DST day with `seconds`
 * dividing the change (60, 300, 900, 3600 …) too, the day just has more or fewer issues
 * (25 × 3600 s on the 25 h day); otherwise the last issue of the day absorbs the remainder
 * (a 2 h schedule on a 23 h day: 11 issues, the last 3 h long). An issue opens when the one
 * before it closes: issue 1 of D opens at S(D).
 *
 * ## `daily` schedules (at `time` HH:mm on `weekdays`, 1 = Monday … 7 = Sunday)
 * One issue on each local date D whose ISO weekday is listed, numbered `YYYYMMDD` (D), closing
 * at `time` on D. A wall time that does not exist that day (inside a spring-forward gap)
 * closes that much later (02:30 in New York on the spring-forward day is 03:30 EDT); a wall
 * time that happens twice (fall-back overlap) closes at its first occurrence. An issue opens
 * when the previous listed day's issue closes.
 *
 * Every function takes the current slot as "the first slot whose closeAt is strictly after
 * the instant": at a close instant exactly, the next issue is already the current one.
 */
import { timeOfDay, type LotterySchedule } from '#contract/lottery'
import { offsetAt, wallMs } from '#contract/zone-clock'

export interface IssueSlot {
  numero: string
  openAt: Date
  closeAt: Date
}

const dayMs = 86_400_000

// ---- time zones (the wall clock: src/contract/zone-clock.ts) ------------------------------

/** The local date at `ms` as days since 1970-01-01. */
function localDayOf(timeZone: string, ms: number): number {
  return Math.floor(wallMs(timeZone, ms) / dayMs)
}

/**
 * The instant a local wall time (day number + ms into that day) happens: its first
 * occurrence when it happens twice, and as much later as the gap when it does not exist.
 */
function instantOfWall(timeZone: string, day: number, msOfDay: number): number {
  const wall = day * dayMs + msOfDay
  const before = offsetAt(timeZone, wall - dayMs)
  const after = offsetAt(timeZone, wall + dayMs)
  const valid = [wall - before, wall - after].filter((t) => wallMs(timeZone, t) === wall)
  if (valid.length > 0) return Math.min(...valid)
  // A gap: the wall time read with the offset before the change, i.e. moved forward by the gap.
  return wall - before
}

const dayStarts = new Map<string, number>()

/** S(day): the first instant of a local day (see the module doc). */
function dayStart(timeZone: string, day: number): number {
  const key = `${timeZone}|${day}`
  const hit = dayStarts.get(key)
  if (hit !== undefined) return hit
  let t = instantOfWall(timeZone, day, 0)
  // A date the zone skipped entirely starts where the next one does.
  if (localDayOf(timeZone, t) > day) t = Math.min(t, instantOfWall(timeZone, day + 1, 0))
  if (dayStarts.size > 20_000) dayStarts.clear()
  dayStarts.set(key, t)
  return t
}

/** The local day whose span [S(D), S(D+1)) holds `ms`. */
function dayHolding(timeZone: string, ms: number): number {
  let day = localDayOf(timeZone, ms)
  while (ms < dayStart(timeZone, day)) day -= 1
  while (ms >= dayStart(timeZone, day + 1)) day += 1
  return day
}

function ymd(day: number): string {
  const d = new Date(day * dayMs)
  const y = String(d.getUTCFullYear()).padStart(4, '0')
  const m = String(d.getUTCMonth() + 1).padStart(2, '0')
  const dd = String(d.getUTCDate()).padStart(2, '0')
  return `${y}${m}${dd}`
}

/** The day number of a `YYYYMMDD` that is a real calendar date, else null. */
function dayOfYmd(s: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s)
  if (!m) return null
  const d = new Date(0)
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  const day = d.getTime() / dayMs
  return ymd(day) === s ? day : null
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a day number; 1970-01-01 was a Thursday. */
function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1
}

// ---- checking ---------------------------------------------------------------------------

const zoneNamePattern = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/

function zoneProblem(timeZone: string): string | null {
  if (!zoneNamePattern.test(timeZone)) return `not an IANA time zone name: ${timeZone}`
  try {
    wallMs(timeZone, 0)
    return null
  } catch {
    return `unknown time zone: ${timeZone}`
  }
}

/** null when valid, else what is wrong (seconds must divide 86400 and be >= 10; known IANA zone; daily weekdays non-empty, 1-7, distinct). */
export function checkSchedule(s: LotterySchedule): string | null {
  const zone = zoneProblem(s.timeZone)
  if (zone) return zone
  if (s.type === 'interval') {
    if (!Number.isInteger(s.seconds) || s.seconds < 10) return 'seconds must be a whole number of at least 10'
    if (86_400 % s.seconds !== 0) return 'seconds must divide a day (86400) evenly'
    return null
  }
  if (!timeOfDay.test(s.time)) return 'time must be HH:mm'
  if (s.weekdays.length === 0) return 'weekdays must list at least one day'
  if (s.weekdays.some((w) => !Number.isInteger(w) || w < 1 || w > 7)) {
    return 'weekdays are 1 (Monday) to 7 (Sunday)'
  }
  if (new Set(s.weekdays).size !== s.weekdays.length) return 'weekdays must not repeat'
  return null
}

function assertValid(s: LotterySchedule): void {
  const problem = checkSchedule(s)
  if (problem) throw new RangeError(`invalid lottery schedule: ${problem}`)
}

// ---- interval ---------------------------------------------------------------------------

type Interval = Extract<LotterySchedule, { type: 'interval' }>
type Daily = Extract<LotterySchedule, { type: 'daily' }>

/** Issues on local day `day` (see the module doc). */
function issuesOnDay(s: Interval, day: number): number {
  const length = dayStart(s.timeZone, day + 1) - dayStart(s.timeZone, day)
  if (length <= 0) return 0
  return Math.max(1, Math.floor(length / (s.seconds * 1000)))
}

function intervalSlot(s: Interval, day: number, k: number): IssueSlot {
  const start = dayStart(s.timeZone, day)
  const n = issuesOnDay(s, day)
  const step = s.seconds * 1000
  const closeAt = k >= n ? dayStart(s.timeZone, day + 1) : start + k * step
  return {
    numero: `${ymd(day)}-${String(k).padStart(4, '0')}`,
    openAt: new Date(start + (k - 1) * step),
    closeAt: new Date(closeAt),
  }
}

/** Where the first slot with closeAt > ms sits: its day and index. */
function intervalPosition(s: Interval, ms: number): { day: number; k: number } {
  let day = dayHolding(s.timeZone, ms)
  while (issuesOnDay(s, day) === 0) day += 1
  const start = dayStart(s.timeZone, day)
  const k = Math.floor(Math.max(0, ms - start) / (s.seconds * 1000)) + 1
  return { day, k: Math.min(k, issuesOnDay(s, day)) }
}

function nextPosition(s: Interval, p: { day: number; k: number }): { day: number; k: number } {
  if (p.k < issuesOnDay(s, p.day)) return { day: p.day, k: p.k + 1 }
  let day = p.day + 1
  while (issuesOnDay(s, day) === 0) day += 1
  return { day, k: 1 }
}

// ---- daily ------------------------------------------------------------------------------

function drawTimeMs(s: Daily): number {
  const [h, m] = s.time.split(':').map(Number)
  return ((h ?? 0) * 60 + (m ?? 0)) * 60_000
}

function dailyClose(s: Daily, day: number): number {
  return instantOfWall(s.timeZone, day, drawTimeMs(s))
}

function isDrawDay(s: Daily, day: number): boolean {
  return s.weekdays.includes(isoWeekday(day))
}

function previousDrawDay(s: Daily, day: number): number {
  let d = day - 1
  while (!isDrawDay(s, d)) d -= 1
  return d
}

function nextDrawDay(s: Daily, day: number): number {
  let d = day + 1
  while (!isDrawDay(s, d)) d += 1
  return d
}

function dailySlot(s: Daily, day: number): IssueSlot {
  return {
    numero: ymd(day),
    openAt: new Date(dailyClose(s, previousDrawDay(s, day))),
    closeAt: new Date(dailyClose(s, day)),
  }
}

/** The first draw day whose close is strictly after `ms`. */
function dailyDayAfter(s: Daily, ms: number): number {
  let day = localDayOf(s.timeZone, ms) - 2
  if (!isDrawDay(s, day)) day = nextDrawDay(s, day)
  while (dailyClose(s, day) <= ms) day = nextDrawDay(s, day)
  return day
}

// ---- the API ----------------------------------------------------------------------------

/** The slot open at `at`: the first slot whose closeAt is strictly after `at`. */
export function currentSlot(s: LotterySchedule, at: Date): IssueSlot {
  assertValid(s)
  const ms = at.getTime()
  if (s.type === 'daily') return dailySlot(s, dailyDayAfter(s, ms))
  const p = intervalPosition(s, ms)
  return intervalSlot(s, p.day, p.k)
}

/** `count` consecutive slots starting with currentSlot(s, at). */
export function slotsFrom(s: LotterySchedule, at: Date, count: number): IssueSlot[] {
  assertValid(s)
  const out: IssueSlot[] = []
  const ms = at.getTime()
  if (s.type === 'daily') {
    let day = dailyDayAfter(s, ms)
    for (let i = 0; i < count; i += 1) {
      out.push(dailySlot(s, day))
      day = nextDrawDay(s, day)
    }
    return out
  }
  let p = intervalPosition(s, ms)
  for (let i = 0; i < count; i += 1) {
    out.push(intervalSlot(s, p.day, p.k))
    p = nextPosition(s, p)
  }
  return out
}

/**
 * Slots whose closeAt lies in (from, to], oldest first (catching up draws missed while down);
 * at most `limit` (default 1000): the oldest ones, so a caller that needs more asks again
 * from the last one's closeAt.
 */
export function slotsClosingBetween(s: LotterySchedule, from: Date, to: Date, limit = 1000): IssueSlot[] {
  assertValid(s)
  const out: IssueSlot[] = []
  const end = to.getTime()
  if (end <= from.getTime() || limit <= 0) return out
  if (s.type === 'daily') {
    let day = dailyDayAfter(s, from.getTime())
    while (out.length < limit) {
      const slot = dailySlot(s, day)
      if (slot.closeAt.getTime() > end) break
      out.push(slot)
      day = nextDrawDay(s, day)
    }
    return out
  }
  let p = intervalPosition(s, from.getTime())
  while (out.length < limit) {
    const slot = intervalSlot(s, p.day, p.k)
    if (slot.closeAt.getTime() > end) break
    out.push(slot)
    p = nextPosition(s, p)
  }
  return out
}

/** The slot with this numero, or null when the schedule has no such slot. */
export function slotOf(s: LotterySchedule, numero: string): IssueSlot | null {
  assertValid(s)
  if (s.type === 'daily') {
    const day = dayOfYmd(numero)
    return day !== null && isDrawDay(s, day) ? dailySlot(s, day) : null
  }
  const m = /^(\d{8})-(\d{4})$/.exec(numero)
  if (!m) return null
  const day = dayOfYmd(m[1] ?? '')
  const k = Number(m[2])
  if (day === null || k < 1 || k > issuesOnDay(s, day)) return null
  return intervalSlot(s, day, k)
}
