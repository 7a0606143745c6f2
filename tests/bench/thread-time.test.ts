import { describe, expect, it } from 'vitest'
import { mainThreadOf, mainThreadTime, withoutStalls, type TraceEvent } from '../../bench/lib/thread-time'

const url = 'http://127.0.0.1:4000/index'
const page = { pid: 7, tid: 1 }
const other = { pid: 7, tid: 2 }

const x = (
  name: string,
  ts: number,
  dur: number,
  extra: Partial<TraceEvent> = {},
  where = page,
): TraceEvent => ({
  name,
  ph: 'X',
  ...where,
  ts,
  dur,
  ...extra,
})

/** A page's trace: its navigation, a stalled task with work inside, a task that ran whole, another thread. */
function trace(): TraceEvent[] {
  return [
    {
      name: 'navigationStart',
      ph: 'R',
      ...page,
      ts: 1_000,
      args: { data: { documentLoaderURL: url, isOutermostMainFrame: true } },
    },
    // 100 ms of wall time of which the thread ran 25: a layout 40 ms in, lasting 40 ms.
    x('RunTask', 10_000, 100_000, { tdur: 25_000 }),
    x('Layout', 50_000, 40_000, { tdur: 10_000 }),
    { name: 'Mark', ph: 'I', ...page, ts: 90_000 },
    // Ran its whole length.
    x('RunTask', 200_000, 20_000, { tdur: 20_000 }),
    x('FunctionCall', 205_000, 10_000, { tdur: 10_000 }),
    // A short task: not one the simulation puts over 50 ms.
    x('RunTask', 300_000, 5_000, { tdur: 2_000 }),
    // The compositor thread's own task is not the page's main thread.
    x('RunTask', 10_000, 100_000, { tdur: 1_000 }, other),
  ]
}

describe('the main thread by thread time', () => {
  it('finds the thread that started the navigation to the page', () => {
    expect(mainThreadOf(trace(), url)).toEqual({ pid: 7, tid: 1, navigationStartUs: 1_000 })
    expect(mainThreadOf(trace(), 'http://127.0.0.1:4000/rng')).toBeNull()
  })

  it("adds up the main thread's tasks by wall time and by the time the thread ran", () => {
    const events = trace()
    const thread = mainThreadOf(events, url)!
    expect(mainThreadTime(events, thread)).toEqual({
      tasks: 3,
      wallMs: 125,
      cpuMs: 47,
      long: { tasks: 2, wallMs: 120, cpuMs: 45 },
    })
  })

  it('shortens each main-thread task to its thread time, with what happened inside it, and keeps the rest', () => {
    const events = trace()
    const thread = mainThreadOf(events, url)!
    const out = withoutStalls(events, thread)
    const at = (name: string, ts: number, where = page) =>
      out.find((e) => e.name === name && e.pid === where.pid && e.tid === where.tid && e.ts === ts)

    // The stalled task keeps its start and lasts 25 ms; its layout moves in proportion.
    expect(at('RunTask', 10_000)?.dur).toBe(25_000)
    expect(at('Layout', 20_000)?.dur).toBe(10_000)
    expect(at('Mark', 30_000)).toBeDefined()
    // A task that ran its whole length, and what is in it, stay as they were.
    expect(at('RunTask', 200_000)?.dur).toBe(20_000)
    expect(at('FunctionCall', 205_000)?.dur).toBe(10_000)
    expect(at('RunTask', 300_000)?.dur).toBe(2_000)
    // Another thread is untouched; so is the navigation before the first task.
    expect(at('RunTask', 10_000, other)?.dur).toBe(100_000)
    expect(at('navigationStart', 1_000)).toBeDefined()
    // The input is not changed.
    expect(events[1]?.dur).toBe(100_000)

    // Read again, the shortened trace's tasks last what the thread ran.
    expect(mainThreadTime(out, thread)).toEqual({
      tasks: 3,
      wallMs: 47,
      cpuMs: 47,
      long: { tasks: 2, wallMs: 45, cpuMs: 45 },
    })
  })

  it('counts a task recorded inside another as part of it, and shortens it with it', () => {
    const events: TraceEvent[] = [
      { name: 'navigationStart', ph: 'R', ...page, ts: 0, args: { data: { documentLoaderURL: url } } },
      x('ThreadControllerImpl::RunTask', 0, 100_000, { tdur: 20_000 }),
      x('RunTask', 80_000, 10_000, { tdur: 5_000 }),
      x('Layout', 80_000, 10_000, { tdur: 5_000 }),
    ]
    const thread = mainThreadOf(events, url)!
    expect(mainThreadTime(events, thread)).toEqual({
      tasks: 1,
      wallMs: 100,
      cpuMs: 20,
      long: { tasks: 1, wallMs: 100, cpuMs: 20 },
    })
    const out = withoutStalls(events, thread)
    // Everything inside the outer task moves with it: still inside, in the same order.
    expect(out.map((e) => [e.name, e.ts, e.dur])).toEqual([
      ['navigationStart', 0, undefined],
      ['ThreadControllerImpl::RunTask', 0, 20_000],
      ['RunTask', 16_000, 2_000],
      ['Layout', 16_000, 2_000],
    ])
  })
})
