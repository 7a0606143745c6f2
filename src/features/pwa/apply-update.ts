/**
 * Hands the page over to a waiting new version: asks the waiting worker to take over and
 * reloads once it controls the page.
 *
 * Chromium can abandon an activation when a request reaches the outgoing worker at the instant
 * the new one moves from waiting to activating: the new worker stays waiting, its skip flag
 * set, and nothing asks again, so the page would never reload. While a worker is still
 * waiting, the page asks again every second; once none waits, it stops asking and the
 * controller change (already on its way) reloads the page.
 */
import type { PageToWorker } from '../../sw/messages'

const skipWaiting: PageToWorker = { type: 'SKIP_WAITING' }

/** How often the page asks a worker that is still waiting. */
export const askAgainMs = 1_000

export function applyWaitingUpdate(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
): void {
  const before = container.controller
  let done = false
  const finish = () => {
    if (done) return
    done = true
    clearInterval(timer)
    container.removeEventListener('controllerchange', finish)
    reload()
  }
  container.addEventListener('controllerchange', finish)
  const ask = (): boolean => {
    const waiting = registration.waiting
    if (waiting) {
      waiting.postMessage(skipWaiting)
      return true
    }
    // Nothing waits any more: the new worker is active. If it already controls the page and
    // the change was missed, reload now; otherwise the change event does.
    if (
      registration.active &&
      registration.active === container.controller &&
      registration.active !== before
    ) {
      finish()
    }
    return false
  }
  const timer = setInterval(() => {
    if (!ask()) clearInterval(timer)
  }, askAgainMs)
  ask()
}
