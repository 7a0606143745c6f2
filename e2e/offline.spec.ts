/**
 * Offline lobbies at 360 px: after /index and /rng were browsed online, the network goes
 * away (the page offline, and every request the service worker makes itself aborted) and
 * a reload still shows the vendors, the games and the announcements, with their age; a
 * page never opened says it is not available offline.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { cacheKey } from '#src/sw/data-cache.ts'
import { expect, test } from './fixtures'

// The first worker precaches the whole build before it takes a page: on a loaded two-core
// host that has taken two minutes, so these walks get five.
test.setTimeout(300_000)

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

/** Waits until the page's service worker is activated and controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated')
}

/** The network is gone: the page is offline and the worker's own requests fail too. */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.route('**/*', (route) => route.abort('internetdisconnected'))
  await context.setOffline(true)
}

const age = /You are offline\. Showing saved data, updated (this minute|\d+ minutes? ago)\./

const gameListPath = '/wps/relay/GCSGAME_gameList'

/** The addresses of the data requests under `paths` the page makes from now on. */
function dataRequests(page: Page, paths: readonly string[]): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    if (paths.includes(new URL(request.url()).pathname)) seen.push(request.url())
  })
  return seen
}

/**
 * Waits until the service worker has stored its answers to `urls`, which it does after
 * answering the page: their entries in its IndexedDB (keyed by src/sw/data-cache.ts's
 * `cacheKey`). What a reload offline shows is only what is stored.
 */
async function stored(page: Page, urls: readonly string[]): Promise<void> {
  // The worker's own key, up to the headers it adds (Language, Merchant).
  const prefixes = urls.map((url) => cacheKey(new Request(url)).split('|')[0] + '|')
  await expect
    .poll(
      () =>
        page.evaluate(
          (wanted) =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('portal-data-cache')
              open.onerror = () => resolve(false)
              open.onsuccess = () => {
                const db = open.result
                if (!db.objectStoreNames.contains('meta')) {
                  db.close()
                  return resolve(false)
                }
                const keys = db.transaction('meta').objectStore('meta').getAllKeys()
                keys.onerror = () => resolve(false)
                keys.onsuccess = () => {
                  db.close()
                  const have = keys.result.map(String)
                  resolve(wanted.every((w) => have.some((k) => k.startsWith(w))))
                }
              }
            }),
          prefixes,
        ),
      { timeout: 15_000 },
    )
    .toBe(true)
}

test('lobbies browsed online reload offline with their age; an unvisited page is unavailable', async ({
  page,
  context,
}) => {
  const providers = page.getByRole('navigation', { name: 'Game providers' })
  const games = page.getByRole('list', { name: / games$/ })
  const announcements = page.getByRole('button', { name: /^Announcements: .*Lotus Play/ })

  await page.goto('/index')
  await controlled(page)
  await expect(announcements).toBeVisible()
  await expect(page.getByRole('region', { name: 'Slots' }).getByRole('link').first()).toBeVisible()
  const lobbyData = dataRequests(page, [gameListPath])
  await page.goto('/rng')
  await expect(providers.getByRole('link').first()).toBeVisible()
  await expect(games.getByRole('listitem').first()).toBeVisible()
  // Browsed means saved: the server's render shows the lobby's games before the app
  // asks for them again, and the worker stores its answer after giving it to the page.
  await expect.poll(() => lobbyData.length).toBeGreaterThan(0)
  await stored(page, lobbyData)

  // The first tile's picture was drawn online, so the worker keeps it.
  const picture = games.getByRole('listitem').first().locator('img').first()
  const drawn = () => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
  await expect.poll(drawn).toBe(true)

  await goOffline(context)
  try {
    await page.reload()
    await expect(page.getByRole('status').filter({ hasText: age })).toBeVisible()
    await expect(providers.getByRole('link').first()).toBeVisible()
    await expect(games.getByRole('listitem').first()).toBeVisible()
    // Offline, the lobby shows its pictures, not empty boxes.
    await expect.poll(drawn).toBe(true)

    await page.goto('/index')
    await expect(page.getByRole('status').filter({ hasText: age })).toBeVisible()
    await expect(announcements).toBeVisible()
    await expect(page.getByRole('region', { name: 'Slots' }).getByRole('link').first()).toBeVisible()

    await page.goto('/help')
    await expect(page.getByRole('heading', { name: 'Not available offline' })).toBeVisible()
    await page.getByRole('button', { name: 'Go back' }).click()
    await expect(page).toHaveURL(/\/index$/)
    await expect(announcements).toBeVisible()
  } finally {
    await context.unrouteAll({ behavior: 'ignoreErrors' })
    await context.setOffline(false)
  }
})

test('the home page opened once, without a reload, opens offline with its saved data and age', async ({
  page,
  context,
}) => {
  const announcements = page.getByRole('button', { name: /^Announcements: .*Lotus Play/ })
  const hotGamesPath = '/wps/relay/GCSGAME_hotGamesV2'
  // The first visit's reads go out before any worker is there; the worker, once it takes
  // the page, has them asked again through it.
  const lobbyData = dataRequests(page, [hotGamesPath])
  await page.goto('/index')
  await expect(announcements).toBeVisible()
  // No reload: the worker, once installed, takes this very page (see the time-out above).
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state), { timeout: 120_000 })
    .toBe('activated')
  await expect.poll(() => lobbyData.length).toBeGreaterThan(0)
  await stored(page, lobbyData)

  await goOffline(context)
  try {
    await page.reload()
    await expect(page.getByRole('status').filter({ hasText: age })).toBeVisible()
    await expect(announcements).toBeVisible()
    await expect(page.getByRole('region', { name: 'Hot games' }).getByRole('link').first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Not available offline' })).toHaveCount(0)
  } finally {
    await context.unrouteAll({ behavior: 'ignoreErrors' })
    await context.setOffline(false)
  }
})
