/**
 * The wall clock of a time zone (the brand's), through Intl: what the zone's clocks show at
 * an instant. The one reading the app's calendar days (src/lib/zone-days.ts), the lottery's
 * schedule (server/lottery/schedule.ts) and the agent contracts' periods
 * (server/contracts/periods.ts) are built on.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
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
    formatters.set(timeZone, f)
  }
  return f
}

/**
 * The wall time of `timeZone` at `ms` (floored to the second), written as if it were UTC's:
 * its UTC date and hours are the zone's. Throws RangeError for a zone Intl does not know.
 */
export function wallMs(timeZone: string, ms: number): number {
  const sec = Math.floor(ms / 1000) * 1000
  let y = 1970
  let mo = 1
  let d = 1
  let h = 0
  let mi = 0
  let s = 0
  for (const p of formatterOf(timeZone).formatToParts(sec)) {
    const v = Number(p.value)
    if (p.type === 'year') y = v
    else if (p.type === 'month') mo = v
    else if (p.type === 'day') d = v
    // Some engines write midnight as 24 even with h23.
    else if (p.type === 'hour') h = v === 24 ? 0 : v
    else if (p.type === 'minute') mi = v
    else if (p.type === 'second') s = v
  }
  const wall = new Date(0)
  wall.setUTCFullYear(y, mo - 1, d)
  wall.setUTCHours(h, mi, s, 0)
  return wall.getTime()
}

/** The zone's offset (wall − real) at `ms`, in ms. */
export function offsetAt(timeZone: string, ms: number): number {
  return wallMs(timeZone, ms) - Math.floor(ms / 1000) * 1000
}
