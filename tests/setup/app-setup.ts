/**
 * Component tests: an unexpected console.error fails the test (epic-stack's rule), and
 * the DOM is cleaned between tests.
 */
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

// `findBy…` waits for what the user will see, not for how fast it comes: Testing Library's
// default of 1 s turned a loaded machine into failures (a popup opened by a router
// navigation after its query answered took 1.2 s once). Speed is measured in the bench.
configure({ asyncUtilTimeout: 5000 })

// NOTE: jsdom has no layout; the router's scroll restoration calls scrollTo.
window.scrollTo = () => undefined

/**
 * Preact runs a render's effects after the next frame: a requestAnimationFrame raced by a
 * 35 ms timer. When a test's last render lands just before the file ends, that timer fires
 * after jsdom is torn down, where `cancelAnimationFrame` no longer exists (an uncaught
 * ReferenceError that fails the run). Frame callbacks and timers run in the order they
 * were asked for, so once a frame and then a timer have passed, every flush Preact had
 * scheduled has run, while the window still exists.
 */
function afterPaintDrained(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
}

let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(async () => {
  cleanup()
  await afterPaintDrained()
  vi.restoreAllMocks()
  localStorage.clear()
  sessionStorage.clear()
  if (errors.length > 0) {
    throw new Error(`console.error was called: ${errors.map((a) => a.map(String).join(' ')).join('\n')}`)
  }
})
