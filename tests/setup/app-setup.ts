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

let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  localStorage.clear()
  sessionStorage.clear()
  if (errors.length > 0) {
    throw new Error(`console.error was called: ${errors.map((a) => a.map(String).join(' ')).join('\n')}`)
  }
})
