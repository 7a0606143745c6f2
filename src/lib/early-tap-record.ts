/**
 * The start script's half of lib/early-tap.ts: notes the last tap on a `data-tap` element
 * of the server's first screen, for the app to replay once it has taken over. A module of
 * its own so the start script's chunk stays out of the app's and the app's out of it; the
 * slot's name is the one lib/early-tap.ts reads (tests/app/early-tap.test.ts runs both).
 */

/** `<html data-early-tap="<performance.now()> <name>">`. */
const slot = 'earlyTap'
const pendingClass = 'tap-pending'

/** Notes taps on `data-tap` elements of the server's screen (`root`). */
export function recordEarlyTaps(root: HTMLElement): void {
  const onTap = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-tap]') : null
    if (!target || !root.contains(target) || !root.isConnected) return
    const name = target.dataset.tap
    if (!name) return
    for (const el of root.querySelectorAll(`.${pendingClass}`)) el.classList.remove(pendingClass)
    target.classList.add(pendingClass)
    document.documentElement.dataset[slot] = `${Math.round(performance.now())} ${name}`
  }
  document.addEventListener('click', onTap, true)
}
