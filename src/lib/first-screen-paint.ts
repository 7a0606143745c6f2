/**
 * Waits until the server's first screen has shown its lead pictures: the home page's first
 * banner, a lobby's first six tiles (the images the server marks `elementtiming="lead"` and
 * asks for at high fetch priority; the page's largest paint is among them). The app's
 * script is asked for after that (src/start.ts, decision 014): it no longer shares a slow
 * network with those pictures, nor holds the main thread while they wait to be shown.
 *
 * Where the browser reports when an element was shown (Element Timing), those reports are
 * the signal; elsewhere, the frame after the pictures have loaded. Never waits longer than
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
        for (const entry of list.getEntries()) {
          const img = 'element' in entry ? pending.find((p) => p === entry.element) : undefined
          if (img) forget(img)
        }
      })
      observer.observe({ type: 'element', buffered: true })
      return
    }
    const loaded = pending.map(
      (img) =>
        new Promise<void>((ok) => {
          if (img.complete) return ok()
          img.addEventListener('load', () => ok(), { once: true })
          img.addEventListener('error', () => ok(), { once: true })
        }),
    )
    // The frame that shows them: a frame callback runs before its paint, a task after it.
    void Promise.all(loaded).then(() => requestAnimationFrame(() => setTimeout(finish, 0)))
  })
}
