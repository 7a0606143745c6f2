/**
 * Shared fixtures: the server's address, a page that fails on console errors, and the
 * operator CLI pointed at the server's DATA_DIR.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { test as base, expect, type Page } from '@playwright/test'

const run = promisify(execFile)

export interface Ops {
  (...argv: string[]): Promise<string>
}

export const test = base.extend<{ consoleErrors: string[]; ops: Ops }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server')
    await use(url)
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text())
    })
    page.on('pageerror', (err) => errors.push(err.message))
    await use(errors)
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
  ops: async ({}, use) => {
    await use(async (...argv: string[]) => {
      // As operators run it (`npm run ops`): the CLI compiled, built once for the run's sources.
      const { stdout } = await run(process.execPath, ['scripts/ops.mjs', ...argv], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
      })
      return stdout.trim()
    })
  },
})

export { expect }

/**
 * Registers a member through the register popup (the captcha switched off meanwhile). Every
 * spec registers from the one address, which may register ten an hour: the operator lifts
 * its stop first, as for an internet café.
 */
export async function register(page: Page, ops: Ops, name: string): Promise<void> {
  await ops('login', 'reset-ip', '127.0.0.1')
  await ops('flag', 'set', 'CAPTCHA3', 'off')
  try {
    await page.goto('/register')
    const dialog = page.getByRole('dialog', { name: 'Register' })
    await dialog.getByLabel('Username', { exact: true }).fill(name)
    await dialog.getByLabel('Password', { exact: true }).fill('lotus123')
    await dialog.getByLabel('Confirm password').fill('lotus123')
    await dialog.getByRole('checkbox').check()
    await dialog.getByRole('button', { name: 'Register' }).click()
    await expect(dialog).toHaveCount(0)
  } finally {
    await ops('flag', 'set', 'CAPTCHA3', 'on')
  }
}

/** Adds up layout shifts from the first byte on, as CLS counts them (not those after input). */
export function countLayoutShifts() {
  const w = window as unknown as { __cls: number }
  w.__cls = 0
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!e.hadRecentInput) w.__cls += e.value
    }
  }).observe({ type: 'layout-shift', buffered: true })
}

/**
 * The page settled: hydrated, no request in flight, then two frames drawn and a task after
 * them, by which the browser has reported every layout shift of those frames.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
  await page.waitForLoadState('networkidle')
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  )
}

/** The layout shifts counted so far (page.addInitScript(countLayoutShifts) first). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls)
}
