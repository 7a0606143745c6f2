/**
 * The app takes over the server's first screen in stages (docs/decisions/005, addendum "the
 * app takes over in stages"). The first render draws the frame of the page (the providers,
 * the router, the root and the layout's boxes); the header, the page's own component (its
 * data hooks), and each part of the page the server also drew (the banners or a lobby's
 * tabs, the notice line or a lobby's games, the rest) are drawn in a task each after it, while the server's screen stays on
 * show. Each task stays short on a slow phone, so the page answers a tap during the
 * takeover, and nothing the player sees moves: the app's screen replaces the server's
 * whole, once every stage is drawn.
 *
 * Outside that takeover (the component tests, every later mount) every stage has been
 * reached, and a staged part draws at once.
 */
import { useLayoutEffect, useState, type ReactNode } from 'react'
import { replayEarlyTap } from './early-tap'

/** The stages of the takeover, in the order they are drawn. */
export const takeoverStage = {
  /** The site's header. */
  header: 1,
  /** The page itself (the route's component: its data hooks), without its staged parts. */
  page: 2,
  /** The page's first box: the home page's banners, a lobby's vendor tabs. */
  lead: 3,
  /** What follows it on screen: the notice line and the winners, a lobby's games. */
  main: 4,
  /** Further down: the home page's rows, the rest of a lobby's first games. */
  more: 5,
  /** The rest: the side bar, the footer, the tab bar, the popups, the offline line. */
  rest: 6,
} as const
export type TakeoverStage = (typeof takeoverStage)[keyof typeof takeoverStage]
const lastStage = Math.max(...Object.values(takeoverStage))
/** The class of the app's page while it is drawn out of sight (styles.css). */
export const drawingClass = 'takeover-drawing'

let reached = Number.POSITIVE_INFINITY
const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function reach(stage: number): void {
  reached = stage
  for (const listener of listeners) listener()
}

/** Whether the takeover has reached `stage` (always, outside the takeover). */
export function useStageReached(stage: TakeoverStage): boolean {
  const [, redraw] = useState(0)
  const shown = reached >= stage
  // Listening from the commit that drew it (a layout effect, not a passive one, which would
  // wait for the next frame and hear every stage at once).
  useLayoutEffect(() => {
    if (shown) return
    const update = () => {
      if (reached >= stage) redraw((n) => n + 1)
    }
    update()
    return subscribe(update)
  }, [shown, stage])
  return shown
}

/** Draws `children` from `stage` of the takeover on; nothing before (the server's part shows). */
export function Staged({ at, children }: { at: TakeoverStage; children: ReactNode }) {
  return useStageReached(at) ? <>{children}</> : null
}

/**
 * Takes over `server`, the server's first screen (the page's `#root`): `draw` renders the
 * app into a new `#root` placed out of sight after it, the frame first (stage 0), then each stage
 * in a task of its own (`nextTask` ends the current one); in a task after the last, the
 * server's screen is removed and the app's shown, in one swap. If the frame cannot be drawn,
 * the server's screen stays (its links still work) and the error is thrown on. Whatever
 * happens, every stage counts as reached after.
 */
export async function takeOverScreen(
  server: HTMLElement,
  draw: (container: HTMLElement) => void,
  nextTask: () => Promise<void>,
): Promise<void> {
  const app = document.createElement('div')
  // Out of sight and taking no room, but laid out at the page's width as each stage is drawn
  // (styles.css), so the swap finds the page's layout done instead of doing it all at once.
  app.className = drawingClass
  // The page's #root from the start: a popup opened meanwhile (a /login address) makes the
  // app's page inert, not the server's.
  server.removeAttribute('id')
  app.id = 'root'
  server.after(app)
  reach(0)
  try {
    draw(app)
    for (let stage = 1; stage <= lastStage; stage++) {
      await nextTask()
      reach(stage)
    }
    await nextTask()
  } catch (err) {
    app.remove()
    server.id = 'root'
    throw err
  } finally {
    reach(Number.POSITIVE_INFINITY)
  }
  server.remove()
  app.classList.remove(drawingClass)
  // A game tapped on the server's screen meanwhile starts now (lib/early-tap.ts).
  replayEarlyTap(app)
}
