import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { precompress } from '#server/build-pwa'
import { expect, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

/** Waits until the page's service worker is activated and controls the page. */
async function controlled(page: Page): Promise<string> {
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready
    const sw = reg.active
    if (sw && sw.state !== 'activated') {
      await new Promise<void>((resolve) =>
        sw.addEventListener('statechange', () => {
          if (sw.state === 'activated') resolve()
        }),
      )
    }
  })
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated')
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')
}

test('the service worker takes over and the shell reloads offline with the saved data and its age', async ({
  page,
  context,
}) => {
  await page.goto('/index')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Lotus Play' })).toBeVisible()
  await controlled(page)
  // The home page's vendor rows (lobby data kept on the device).
  await expect(page.getByRole('region', { name: 'Slots' }).getByRole('link').first()).toBeVisible()

  await context.setOffline(true)
  try {
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Lotus Play' })).toBeVisible()
    await expect(page.getByText(/You are offline\. Showing saved data, updated /)).toBeVisible()
    await expect(page.getByRole('region', { name: 'Slots' }).getByRole('link').first()).toBeVisible()
    // Another route of the shell opens offline too; its data was never saved, and it says so.
    await page.goto('/help')
    await expect(page.getByRole('heading', { level: 1, name: 'Not available offline' })).toBeVisible()
  } finally {
    await context.setOffline(false)
  }
})

test('a new version waits for the user: the page offers it and reloads only on the click', async ({
  page,
}) => {
  // It builds the PWA a second time: 20 s on a quick machine, a minute or more on a busy one.
  test.setTimeout(240_000)
  await page.goto('/index')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const first = await controlled(page)
  await page.evaluate(() => {
    ;(window as unknown as { stillHere: boolean }).stillHere = true
  })

  // A second build (its version stamp differs) is deployed over the first.
  const staticDir = process.env.E2E_STATIC_DIR
  if (!staticDir) throw new Error('E2E_STATIC_DIR is not set')
  const next = mkdtempSync(path.join(tmpdir(), 'portal-build-'))
  try {
    const root = path.resolve(import.meta.dirname, '..')
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        next,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'pipe' },
    )
    // As `npm start` does after a build: .br/.gz beside each file, or the stale ones stay.
    precompress(next)
    cpSync(next, staticDir, { recursive: true, force: true })
  } finally {
    rmSync(next, { recursive: true, force: true })
  }

  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update()
  })
  const offer = page.getByRole('button', { name: 'Reload to update' })
  await expect(offer).toBeVisible({ timeout: 30_000 })
  // Waiting is not applying: the new worker stays installed and waiting, the page has not
  // reloaded and the old worker still controls it.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state))
    .toBe('installed')
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first)

  await offer.click()
  await page
    .waitForFunction(() => !(window as unknown as { stillHere?: boolean }).stillHere, undefined, {
      timeout: 30_000,
    })
    .catch(async (error: unknown) => {
      // Say where the hand-over stopped: which workers the registration holds, in what state.
      const workers = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration()
        return {
          controller: navigator.serviceWorker.controller?.scriptURL,
          active: reg?.active?.state,
          waiting: reg?.waiting?.state,
          installing: reg?.installing?.state,
        }
      })
      throw new Error(`The page did not reload after the click; workers: ${JSON.stringify(workers)}`, {
        cause: error,
      })
    })
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Lotus Play' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reload to update' })).toHaveCount(0)
})
