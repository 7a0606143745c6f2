import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { firstScreenPainted } from '#src/lib/first-screen-paint.ts'

function screen(html: string): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = html
  document.body.append(root)
  return root
}

/** An image still on its way (jsdom loads none: `complete` is what the test says). */
function loading(img: HTMLImageElement): HTMLImageElement {
  Object.defineProperty(img, 'complete', { configurable: true, value: false })
  return img
}

const lead = '<img elementtiming="lead" fetchpriority="high" src="/media/banners/welcome.webp?v=1" alt="">'

function settled(p: Promise<void>) {
  let done = false
  void p.then(() => {
    done = true
  })
  return () => done
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] })
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('the app waits for the first screen’s lead picture', () => {
  test('a first screen without a lead picture does not wait', async () => {
    const done = settled(firstScreenPainted(screen('<h1>Welcome</h1><img src="/a.webp" alt="">')))
    await vi.advanceTimersByTimeAsync(0)
    expect(done()).toBe(true)
  })

  test('without Element Timing: waits for the picture, then for the frame that shows it', async () => {
    const root = screen(lead)
    const img = loading(root.querySelector('img')!)
    const done = settled(firstScreenPainted(root))
    await vi.advanceTimersByTimeAsync(100)
    expect(done()).toBe(false)
    img.dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(0)
    // The frame has not come yet.
    expect(done()).toBe(false)
    await vi.advanceTimersByTimeAsync(20)
    expect(done()).toBe(true)
  })

  test('a picture that never comes holds the app back 800 ms at most', async () => {
    const root = screen(lead)
    loading(root.querySelector('img')!)
    const done = settled(firstScreenPainted(root))
    await vi.advanceTimersByTimeAsync(799)
    expect(done()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done()).toBe(true)
  })

  test('without Element Timing: one picture failing, the frame after the other has loaded', async () => {
    const root = screen(lead + lead.replace('welcome', 'lottery'))
    const [first, second] = [...root.querySelectorAll('img')].map(loading)
    const done = settled(firstScreenPainted(root))
    first?.dispatchEvent(new Event('error'))
    await vi.advanceTimersByTimeAsync(50)
    expect(done()).toBe(false)
    second?.dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(20)
    expect(done()).toBe(true)
  })

  test('a picture that fails does not hold the app back', async () => {
    const root = screen(lead)
    const img = loading(root.querySelector('img')!)
    const done = settled(firstScreenPainted(root))
    await vi.advanceTimersByTimeAsync(50)
    img.dispatchEvent(new Event('error'))
    await vi.advanceTimersByTimeAsync(0)
    expect(done()).toBe(true)
  })

  test('with Element Timing: goes on when the browser reports every lead picture shown', async () => {
    const root = screen(lead + lead.replace('welcome', 'lottery'))
    const [first, second] = [...root.querySelectorAll('img')].map(loading)
    let report: ((entries: { element: Element | null }[]) => void) | undefined
    let disconnected = false
    class FakeObserver {
      static supportedEntryTypes = ['element', 'largest-contentful-paint']
      constructor(cb: (list: { getEntries: () => unknown[] }) => void) {
        report = (entries) => cb({ getEntries: () => entries })
      }
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: 'element', buffered: true })
      }
      disconnect() {
        disconnected = true
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver)
    const done = settled(firstScreenPainted(root))
    await vi.advanceTimersByTimeAsync(50)
    // Another element's report is not the lead picture's.
    report?.([{ element: document.body }])
    await vi.advanceTimersByTimeAsync(0)
    expect(done()).toBe(false)
    report?.([{ element: first ?? null }])
    await vi.advanceTimersByTimeAsync(0)
    expect(done()).toBe(false)
    report?.([{ element: second ?? null }])
    await vi.advanceTimersByTimeAsync(0)
    expect(done()).toBe(true)
    expect(disconnected).toBe(true)
  })

  test('a hidden page does not wait for a frame it will not paint', async () => {
    const root = screen(lead)
    loading(root.querySelector('img')!)
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    const done = settled(firstScreenPainted(root))
    await vi.advanceTimersByTimeAsync(0)
    expect(done()).toBe(true)
    visibility.mockRestore()
  })
})
