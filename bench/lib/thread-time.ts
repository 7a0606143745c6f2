/**
 * The page's main thread in a Lighthouse trace, measured by what the thread itself ran.
 *
 * Lighthouse's simulation takes each main-thread task's wall-clock length as its cost. A
 * task's trace event also carries `tdur`: the time the thread was on a CPU. On a shared or
 * virtualized host the two part: the thread waits while the host runs other processes,
 * or pages memory in, and that wait lands in whatever task was running. Multiplied ×4, a
 * 10 ms task stretched to 40 ms by a stall blocks 110 ms of a phone's TBT that the phone
 * would never see.
 *
 * So the bench reports both: Lighthouse's own figures, which the budgets judge, and beside
 * them how much of the main thread's wall time it ran (`mainThreadTime`) and the same run
 * re-simulated with every task shortened to its thread time (`withoutStalls`), for reading
 * the page's own work apart from the host's.
 */

/** The fields of a Chrome trace event this module reads or writes. */
export interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { data?: { documentLoaderURL?: string; isOutermostMainFrame?: boolean } } & Record<string, unknown>
  [key: string]: unknown
}

/** The scheduler's top-level task events: one per task the thread ran. */
const taskNames = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask'])
/** A task longer than this (observed) is over 50 ms once the simulation multiplies it ×4. */
export const blockingAtX4Us = 12_500

export interface MainThread {
  pid: number
  tid: number
  /** The page's navigationStart, in the trace's microseconds. */
  navigationStartUs: number
}

/** The page's main thread: the one that recorded the main frame's navigation start to `url`. */
export function mainThreadOf(events: readonly TraceEvent[], url: string): MainThread | null {
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isOutermostMainFrame !== false &&
      e.args?.data?.documentLoaderURL === url,
  )
  return nav ? { pid: nav.pid, tid: nav.tid, navigationStartUs: nav.ts } : null
}

function isTask(e: TraceEvent, t: MainThread): boolean {
  return (
    e.ph === 'X' && e.pid === t.pid && e.tid === t.tid && taskNames.has(e.name) && e.ts >= t.navigationStartUs
  )
}

/**
 * The thread's outermost tasks, in order: Chrome sometimes records a task event inside
 * another (two scheduler layers, lighthouse#15896); the inner one is part of the outer.
 */
function topTasks(events: readonly TraceEvent[], t: MainThread): TraceEvent[] {
  const tasks = events.filter((e) => isTask(e, t)).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const out: TraceEvent[] = []
  let end = Number.NEGATIVE_INFINITY
  for (const e of tasks) {
    if (e.ts < end) continue
    out.push(e)
    end = e.ts + (e.dur ?? 0)
  }
  return out
}

export interface ThreadTime {
  tasks: number
  wallMs: number
  cpuMs: number
  /** The tasks the simulation puts over 50 ms (observed over 12.5 ms). */
  long: { tasks: number; wallMs: number; cpuMs: number }
}

const ms = (us: number) => Math.round(us / 100) / 10

/** The main thread's tasks from the navigation on: how long they lasted and how long the thread ran. */
export function mainThreadTime(events: readonly TraceEvent[], t: MainThread): ThreadTime {
  let tasks = 0
  let wall = 0
  let cpu = 0
  let longTasks = 0
  let longWall = 0
  let longCpu = 0
  for (const e of topTasks(events, t)) {
    const d = e.dur ?? 0
    const c = Math.min(e.tdur ?? d, d)
    tasks++
    wall += d
    cpu += c
    if (d > blockingAtX4Us) {
      longTasks++
      longWall += d
      longCpu += c
    }
  }
  return {
    tasks,
    wallMs: ms(wall),
    cpuMs: ms(cpu),
    long: { tasks: longTasks, wallMs: ms(longWall), cpuMs: ms(longCpu) },
  }
}

/**
 * A copy of the trace in which each of the main thread's tasks lasts as long as the thread
 * ran it: the task keeps its start, and everything the thread recorded inside it (the
 * events that make up the task, instants included) is scaled towards that start by the
 * task's thread time over its wall time. Nesting and order are kept, so Lighthouse reads
 * the same tasks with the same children, only shorter; the time taken out becomes idle
 * time after each task. Other threads and processes are left as they are.
 */
export function withoutStalls(events: readonly TraceEvent[], t: MainThread): TraceEvent[] {
  const tasks = topTasks(events, t)
    .filter((e) => (e.dur ?? 0) > 0 && e.tdur !== undefined && e.tdur < (e.dur ?? 0))
    .map((e) => ({ start: e.ts, end: e.ts + (e.dur ?? 0), factor: (e.tdur ?? 0) / (e.dur ?? 1) }))
  if (tasks.length === 0) return events.map((e) => ({ ...e }))
  const starts = tasks.map((x) => x.start)
  /** The task whose span holds `ts` (tasks on one thread do not overlap). */
  const taskAt = (ts: number) => {
    let lo = 0
    let hi = starts.length - 1
    let found = -1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if ((starts[mid] as number) <= ts) {
        found = mid
        lo = mid + 1
      } else hi = mid - 1
    }
    const task = found >= 0 ? tasks[found] : undefined
    return task && ts <= task.end ? task : undefined
  }
  return events.map((e) => {
    if (e.pid !== t.pid || e.tid !== t.tid) return { ...e }
    const task = taskAt(e.ts)
    if (!task) return { ...e }
    const out: TraceEvent = { ...e, ts: task.start + (e.ts - task.start) * task.factor }
    if (e.dur !== undefined) out.dur = e.dur * task.factor
    return out
  })
}
