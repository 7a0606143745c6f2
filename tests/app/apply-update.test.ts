import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { applyWaitingUpdate, askAgainMs } from '#src/features/pwa/apply-update.ts'

/** A worker that records what the page asked of it. */
function worker() {
  return {
    messages: [] as unknown[],
    postMessage(m: unknown) {
      this.messages.push(m)
    },
  }
}

/**
 * A registration and container as the browser keeps them: `takeOver` moves the waiting worker
 * to active and, when `announce` is set, fires the controller change the browser sends.
 */
function browser() {
  const old = worker()
  const next = worker()
  const container = Object.assign(new EventTarget(), { controller: old as unknown })
  const registration = { waiting: next as unknown, active: old as unknown }
  const takeOver = (announce: boolean) => {
    registration.active = next
    registration.waiting = null
    container.controller = next
    if (announce) container.dispatchEvent(new Event('controllerchange'))
  }
  const apply = (reload: () => void) =>
    applyWaitingUpdate(
      registration as unknown as ServiceWorkerRegistration,
      container as unknown as ServiceWorkerContainer,
      reload,
    )
  return { old, next, takeOver, apply }
}

describe('applying a waiting version', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks the waiting worker to take over and reloads once, when it controls the page', () => {
    const b = browser()
    const reload = vi.fn()
    b.apply(reload)
    expect(b.next.messages).toEqual([{ type: 'SKIP_WAITING' }])
    expect(b.old.messages).toEqual([])
    expect(reload).not.toHaveBeenCalled()
    b.takeOver(true)
    expect(reload).toHaveBeenCalledTimes(1)
    // Nothing is asked or reloaded after that.
    vi.advanceTimersByTime(askAgainMs * 5)
    expect(b.next.messages).toHaveLength(1)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('asks again while the new worker is parked waiting (an activation the browser dropped)', () => {
    const b = browser()
    const reload = vi.fn()
    b.apply(reload)
    vi.advanceTimersByTime(askAgainMs)
    vi.advanceTimersByTime(askAgainMs)
    expect(b.next.messages).toEqual([
      { type: 'SKIP_WAITING' },
      { type: 'SKIP_WAITING' },
      { type: 'SKIP_WAITING' },
    ])
    expect(reload).not.toHaveBeenCalled()
    b.takeOver(true)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads when the new worker took over but the page missed the change', () => {
    const b = browser()
    const reload = vi.fn()
    b.apply(reload)
    b.takeOver(false)
    expect(reload).not.toHaveBeenCalled()
    vi.advanceTimersByTime(askAgainMs)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
