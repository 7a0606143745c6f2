/**
 * A tap on the server's first screen before the app has taken it over. Its game tiles and
 * hearts are drawn as the app draws them, but nothing answers them until the app's code has
 * run (about a second on a slow phone): a player who taps a game then would get nothing.
 *
 * The start script (src/start.ts, lib/early-tap-record.ts) notes the last such tap (`data-tap` names what was tapped,
 * "game:<code>" or "fav:<code>"; the app's own tiles carry the same names) and marks the
 * tile as waiting; the takeover (lib/takeover-stages.tsx) then clicks the app's element of
 * that name, once it is drawn, as if the tap had come a moment later.
 */

/** Where the start script leaves the tap (early-tap-record.ts: the same name there). */
const slot = 'earlyTap'
/** A tap older than this at the takeover is let go: the player has likely moved on. */
const maxAgeMs = 10_000

/**
 * The takeover, once the app's screen shows: clicks the app's element named by a tap noted
 * on the server's screen, waiting a little for it to be drawn (rows grow a few tiles a task).
 */
export function replayEarlyTap(root: ParentNode, waitMs = 2000): void {
  const noted = document.documentElement.dataset[slot]
  delete document.documentElement.dataset[slot]
  if (!noted) return
  const space = noted.indexOf(' ')
  const at = Number(noted.slice(0, space))
  const name = noted.slice(space + 1)
  if (!Number.isFinite(at) || performance.now() - at > maxAgeMs || !name) return
  const deadline = performance.now() + waitMs
  const attempt = () => {
    const el = [...root.querySelectorAll<HTMLElement>('[data-tap]')].find((e) => e.dataset.tap === name)
    if (el) {
      el.focus({ preventScroll: true })
      el.click()
      return
    }
    if (performance.now() < deadline) setTimeout(attempt, 50)
  }
  attempt()
}
