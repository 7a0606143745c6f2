/**
 * The draw clock. Every countdown answer carries the server's `serverTime`; the page keeps
 * the difference to the device clock when the answer arrived, so a phone set minutes wrong
 * still counts down to the real close. The issue shown rolls to the next one at the close.
 */
import { useEffect, useState } from 'react'
import type { Issue } from '#contract/lottery'

/**
 * The server's now: the device clock moved by the offset the answer showed (its serverTime
 * minus when it arrived). A tick read before the answer arrived counts from its arrival.
 */
export function serverNowAt(deviceNow: number, serverTime: number, receivedAt: number): number {
  return Math.max(deviceNow, receivedAt) + (serverTime - receivedAt)
}

/**
 * The issue taking bets at `serverNow`: the current one until its close, then the next
 * one (the server has not told us yet, but its times are known), else none (waiting for
 * the server's next answer).
 */
export function openIssue(
  current: Issue | null,
  next: Issue | null,
  serverNow: number,
): { issue: Issue | null; rolled: boolean } {
  if (current && serverNow < current.closeAt) return { issue: current, rolled: false }
  if (next && serverNow < next.closeAt) return { issue: next, rolled: true }
  return { issue: null, rolled: current !== null }
}

/** "01:05:09" or "04:59": hours only when there are any. Never negative. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const two = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${two(h)}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`
}

/*
 * One ticker for every countdown on the page: a single interval, so ten cards redraw in one
 * task a second instead of ten, and none while nothing counts down.
 */
const listeners = new Set<(now: number) => void>()
let ticker: ReturnType<typeof setInterval> | undefined

function subscribeSecond(listener: (now: number) => void): () => void {
  listeners.add(listener)
  ticker ??= setInterval(() => {
    const now = Date.now()
    for (const l of listeners) l(now)
  }, 1000)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && ticker !== undefined) {
      clearInterval(ticker)
      ticker = undefined
    }
  }
}

/**
 * The device clock, ticking each second while mounted. Only the component that calls it
 * redraws each second: keep it in the smallest piece that shows the time (a countdown), not
 * in a list or a page.
 */
export function useSecondClock(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => subscribeSecond(setNow), [])
  return now
}
