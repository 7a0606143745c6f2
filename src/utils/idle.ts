/**
 * Work the first screen does not need (the notice popup, rows below the fold) waits until the
 * page has loaded and the main thread is idle, so it never competes with the first paint and
 * the app taking over the server's markup. `timeout` bounds the wait after load, for a page
 * that never goes idle. Returns a cancel function.
 */
export function afterFirstScreen(run: () => void, timeout = 2_000): () => void {
  let cancelled = false
  let idleId: number | undefined
  let timerId: ReturnType<typeof setTimeout> | undefined
  const go = () => {
    if (cancelled) return
    if (typeof requestIdleCallback === 'function') {
      idleId = requestIdleCallback(() => !cancelled && run(), { timeout })
    } else {
      timerId = setTimeout(() => !cancelled && run(), 0)
    }
  }
  const onLoad = () => go()
  if (document.readyState === 'complete') go()
  else window.addEventListener('load', onLoad, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', onLoad)
    if (idleId !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idleId)
    if (timerId !== undefined) clearTimeout(timerId)
  }
}

interface SchedulerWithYield {
  yield?: () => Promise<void>
}

/**
 * Ends the current task so the browser can paint and handle input before the rest of the
 * work runs ("split long tasks"): `scheduler.yield()` where the browser has it (the rest runs
 * ahead of other queued tasks), a zero-delay timer elsewhere.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
