/**
 * While the server's markup is hydrated, the app's reads wait.
 *
 * React hydrates the page in units: the root first, then each Suspense boundary (every
 * route's match, each lazy part) in a later pass, after the root's effects have run. A read
 * the header started could answer before the page below it is hydrated, and that part would
 * then draw other data than the server drew (a mismatch React repairs by drawing it anew).
 * So reads are held until every boundary is hydrated, then all go at once.
 */

let gate: Promise<void> = Promise.resolve()

/** Resolves when reads may be sent (at once, outside a hydration). */
export function readsOpen(): Promise<void> {
  return gate
}

/** Holds every read until `hydrated` resolves. */
export function holdReadsUntil(hydrated: Promise<void>): void {
  gate = hydrated
}

/** Whether a DOM node was claimed by React (hydrated): React keeps its fiber on the node. */
function claimed(node: Node): boolean {
  for (const key in node) if (key.startsWith('__reactFiber$')) return true
  return false
}

/**
 * Whether a Suspense boundary in `root` is still as the server sent it: its markers
 * (`<!--$-->` … `<!--/$-->`) enclose an element React has not claimed yet.
 */
export function hasDehydratedBoundary(root: HTMLElement): boolean {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT)
  for (let c = walker.nextNode(); c; c = walker.nextNode()) {
    if (c.nodeValue !== '$') continue
    let next = c.nextSibling
    while (
      next &&
      next.nodeType !== Node.ELEMENT_NODE &&
      !(next.nodeType === Node.COMMENT_NODE && next.nodeValue === '/$')
    )
      next = next.nextSibling
    if (next && next.nodeType === Node.ELEMENT_NODE && !claimed(next)) return true
  }
  return false
}

/**
 * Resolves once every boundary in `root` is hydrated, checked each frame from `firstCommit`
 * on, or after `maxMs` whatever the page shows (a boundary that never hydrates must not
 * hold the app's data for ever). The bound is generous: a slow phone or a loaded host may
 * take seconds to hydrate a lazy part, and a session given back before that part is
 * hydrated draws the member's parts (the favourites tab) where the server drew a visitor's,
 * which React repairs by drawing the part anew.
 */
export async function untilHydrated(
  root: HTMLElement,
  firstCommit: Promise<void>,
  maxMs = 30_000,
): Promise<void> {
  await firstCommit
  const started = performance.now()
  while (hasDehydratedBoundary(root) && performance.now() - started < maxMs) {
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
  }
}
