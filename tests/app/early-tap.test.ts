import { afterEach, describe, expect, test, vi } from 'vitest'
import { recordEarlyTaps } from '#src/lib/early-tap-record.ts'
import { replayEarlyTap } from '#src/lib/early-tap.ts'

/** A screen with one button per name, each counting its clicks. */
function screenOf(names: string[]): { root: HTMLElement; clicks: Record<string, number> } {
  const root = document.createElement('div')
  const clicks: Record<string, number> = {}
  for (const name of names) {
    const b = document.createElement('button')
    b.dataset.tap = name
    b.textContent = name
    clicks[name] = 0
    b.addEventListener('click', () => (clicks[name] = (clicks[name] ?? 0) + 1))
    root.append(b)
  }
  document.body.append(root)
  return { root, clicks }
}

const button = (root: ParentNode, name: string) =>
  [...root.querySelectorAll<HTMLElement>('[data-tap]')].find((e) => e.dataset.tap === name)!

/** The server's screen with these tiles, tapped in this order, then gone at the swap. */
function tapBeforeTakeover(names: string[], tapped: string[]): void {
  const server = screenOf(names)
  recordEarlyTaps(server.root)
  for (const name of tapped) button(server.root, name).click()
  server.root.remove()
}

/** A tile the app draws into `root` later (a row grows a few tiles a task); its click count. */
function drawLater(root: HTMLElement, name: string): Record<string, number> {
  const late = screenOf([name])
  root.append(...late.root.childNodes)
  return late.clicks
}

afterEach(() => {
  document.body.innerHTML = ''
  delete document.documentElement.dataset.earlyTap
  vi.useRealTimers()
})

describe('a tap before the app has taken over', () => {
  test('the last tap on the server’s screen is carried out once on the app’s element of that name', () => {
    const server = screenOf(['game:A1', 'game:B2', 'fav:A1'])
    recordEarlyTaps(server.root)
    button(server.root, 'game:A1').click()
    button(server.root, 'game:B2').click()
    // The tile shows it heard the tap; only the last one does.
    expect(button(server.root, 'game:B2').classList.contains('tap-pending')).toBe(true)
    expect(button(server.root, 'game:A1').classList.contains('tap-pending')).toBe(false)

    server.root.remove()
    const app = screenOf(['game:A1', 'game:B2', 'fav:A1'])
    replayEarlyTap(app.root)
    expect(app.clicks).toEqual({ 'game:A1': 0, 'game:B2': 1, 'fav:A1': 0 })
    expect(document.activeElement).toBe(button(app.root, 'game:B2'))
    replayEarlyTap(app.root)
    expect(app.clicks['game:B2']).toBe(1)
  })

  test('waits for the element to be drawn, up to its limit', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    tapBeforeTakeover(['game:C3', 'game:D4'], ['game:C3', 'game:D4'])
    const app = screenOf([])
    replayEarlyTap(app.root, 500)
    vi.advanceTimersByTime(200)
    const clicks = drawLater(app.root, 'game:D4')
    vi.advanceTimersByTime(100)
    expect(clicks['game:D4']).toBe(1)
  })

  test('lets a tap go when nothing of its name is drawn in time, or it is old', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    tapBeforeTakeover(['game:E5'], ['game:E5'])
    const app = screenOf([])
    replayEarlyTap(app.root, 300)
    vi.advanceTimersByTime(400)
    const clicks = drawLater(app.root, 'game:E5')
    vi.advanceTimersByTime(1000)
    expect(clicks['game:E5']).toBe(0)

    // Noted more than ten seconds before the takeover.
    document.documentElement.dataset.earlyTap = `${Math.round(performance.now()) - 11_000} game:E5`
    replayEarlyTap(app.root)
    expect(clicks['game:E5']).toBe(0)
  })

  test('ignores taps outside the server’s screen and after it has gone', () => {
    const server = screenOf(['game:F6'])
    const elsewhere = screenOf(['game:F6'])
    recordEarlyTaps(server.root)
    button(elsewhere.root, 'game:F6').click()
    expect(document.documentElement.dataset.earlyTap).toBeUndefined()
    server.root.remove()
    button(server.root, 'game:F6').click()
    expect(document.documentElement.dataset.earlyTap).toBeUndefined()
  })
})
