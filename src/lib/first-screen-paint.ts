/**
 * Waits until the server's first screen has shown its lead picture: the home page's first
 * banner, or one of a lobby's first tiles (the images the server marks `elementtiming="lead"`
 * and asks for at high fetch priority; the page's largest paint is among them). The app's
 * code is evaluated after that (first-paint-gate.ts): on a slow phone its first evaluation
 * holds the main thread for a few hundred milliseconds, and a picture that arrived meanwhile
 * was shown only after it.
 *
 * Where the browser reports when an element was shown (Element Timing), that report is the
 * signal; elsewhere, the frame after the pictures have loaded. Never waits longer than
 * `limitMs` (a slow or failing picture does not hold the app back), and not at all when the
 * first screen has no lead picture or the page is hidden (a background tab paints nothing).
 */
export function firstScreenPainted(root: ParentNode = document, limitMs = 800): Promise<void> {
  return new Promise((resolve) => {
    let done = false
    let observer: PerformanceObserver | undefined
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(timer)
      observer?.disconnect()
      resolve()
    }
    const timer = setTimeout(finish, limitMs)
    const lead = [...root.querySelectorAll<HTMLImageElement>('img[elementtiming="lead"]')]
    if (lead.length === 0 || document.visibilityState !== 'visible') return finish()
    const failed = (img: HTMLImageElement) => img.complete && img.naturalWidth === 0
    let pending = lead.filter((img) => !failed(img))
    const forget = (img: HTMLImageElement) => {
      pending = pending.filter((p) => p !== img)
      if (pending.length === 0) finish()
    }
    for (const img of pending) img.addEventListener('error', () => forget(img), { once: true })
    if (pending.length === 0) return finish()

    if (
      typeof PerformanceObserver === 'function' &&
      PerformanceObserver.supportedEntryTypes?.includes('element')
    ) {
      observer = new PerformanceObserver((list) => {
        const shown = list.getEntries().some((e) => 'element' in e && lead.some((img) => img === e.element))
        if (shown) finish()
      })
      observer.observe({ type: 'element', buffered: true })
      return
    }
    const loaded = pending.map(
      (img) =>
        new Promise<void>((ok) => {
          if (img.complete) return ok()
          img.addEventListener('load', () => ok(), { once: true })
        }),
    )
    // The frame that shows them: a frame callback runs before its paint, a task after it.
    void Promise.race(loaded).then(() => requestAnimationFrame(() => setTimeout(finish, 0)))
  })
}
