/**
 * Shared fixtures: the server's address, a page that fails on console errors, and the
 * operator CLI pointed at the server's DATA_DIR; and the steps several specs take: register,
 * the member centre's pages, the operator's pending ids, a payment password and a bank card,
 * the demo slots lobby.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Locator, type Page } from '@playwright/test'

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

/** The member centre dialog, and `go` to one of its pages by its menu label. */
export function centrePage(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Member centre' })
  return {
    dialog,
    // On a phone a page takes the menu's place: back to the list, then the page.
    go: async (label: string) => {
      const back = dialog.getByRole('button', { name: 'Back to menu' })
      if (await back.isVisible()) await back.click()
      await dialog
        .getByRole('navigation', { name: 'Member centre menu' })
        .getByRole('button', { name: label })
        .click()
    },
  }
}

export type CentrePage = ReturnType<typeof centrePage>

/** The id of the member's pending deposit or withdrawal, from the operator's list. */
export async function pendingId(ops: Ops, kind: 'deposits' | 'withdrawals', name: string): Promise<string> {
  const list = await ops(kind, 'list')
  const line = list.split('\n').find((l) => l.includes(` ${name} `))
  const id = /^#(\d+)/.exec(line ?? '')?.[1]
  if (!id) throw new Error(`no pending ${kind} for ${name}:\n${list}`)
  return id
}

/** Money the operator moved: the member closes the centre and refreshes the balance. */
export async function refreshedBalance(page: Page, banner: Locator, text: string): Promise<void> {
  await page.getByRole('dialog', { name: 'Member centre' }).getByRole('button', { name: 'Close' }).click()
  await banner.getByRole('button', { name: 'Refresh balance' }).click()
  await expect(banner.getByLabel(`Balance: ${text}`)).toBeVisible()
}

/** What a withdrawal needs, set in the member centre: a payment password, then a bank card. */
export async function addPayoutDetails(
  { dialog, go }: CentrePage,
  paymentPassword = '246810',
): Promise<void> {
  await go('My account')
  await dialog.getByLabel('Login password', { exact: true }).fill('lotus123')
  await dialog.getByLabel('New payment password', { exact: true }).fill(paymentPassword)
  await dialog.getByLabel('Confirm new payment password').fill(paymentPassword)
  await dialog.getByRole('button', { name: 'Set payment password' }).click()
  await expect(dialog.getByRole('heading', { name: 'Change payment password' })).toBeVisible()
  await dialog.getByLabel("Account holder's name").fill('E2E Member')
  await dialog.getByLabel('Account number').fill('123456789')
  await dialog.getByLabel('Payment password', { exact: true }).fill(paymentPassword)
  await dialog.getByRole('button', { name: 'Add bank card' }).click()
  await expect(dialog.getByRole('button', { name: /Delete .*6789/ })).toBeVisible()
}

/** The demo slots vendor's lobby grid, hydrated. */
export async function openSlots(page: Page): Promise<Locator> {
  await page.goto('/rng?page=DSL')
  const grid = page.getByRole('list', { name: 'Demo Slots games' })
  await expect(grid.getByRole('listitem').first()).toBeVisible()
  // The server's render draws the same tiles; the app hydrates them.
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
  return grid
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

/**
 * axe's serious and critical violations on the page (or within `include`), as "rule: targets".
 * The app is one frame, so axe runs in it directly (legacy mode): the default mode also opens a
 * blank page to merge per-frame results, which doubles the time on a loaded host.
 */
export async function axeSerious(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true)
  const results = await (include ? builder.include(include) : builder).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** The walks' start: the app in English, the start notice already seen. */
export async function englishWithoutNotice(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
}

/** Saves what the page shows at 360 px and at 1280 px when SHOTS_DIR names a folder. */
export async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  await page.screenshot({ path: path.join(dir, `${name}-360.png`), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: path.join(dir, `${name}-1280.png`), fullPage: true })
  await page.setViewportSize({ width: 360, height: 740 })
}
