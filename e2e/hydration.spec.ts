/**
 * Every public page is React's own render from the server, hydrated by the browser: the
 * two draw the same markup (a difference is a recoverable error React reports, which the app
 * logs as an error), in every language and in both themes, with nothing else in the console.
 */
import type { Page } from '@playwright/test'
import { publicPages } from '#contract/first-screen'
import { expect, test } from './fixtures'

const languages = ['km', 'en', 'zh', 'th', 'vi'] as const
const themes = ['light', 'dark'] as const

/** Console errors and warnings of a page, and its uncaught errors. */
function listen(page: Page): string[] {
  const heard: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') heard.push(`${msg.type()}: ${msg.text()}`)
  })
  page.on('pageerror', (err) => heard.push(`uncaught: ${err.message}`))
  return heard
}

/** Opens `url` and waits until the app has hydrated it whole (or drawn it by itself). */
async function openHydrated(page: Page, url: string): Promise<{ hydrated: boolean }> {
  await page.goto(url)
  // What the server sent: React's markup in #root, marked.
  const fromServer = await page.locator('#root[data-ssr]').count()
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
  return { hydrated: fromServer === 1 }
}

// Each language once, the two themes taken in turn: a difference comes from a language's
// text or from a theme's markup, and each language and each theme is covered.
for (const [i, lang] of languages.entries()) {
  const theme = themes[i % themes.length] ?? 'light'
  test(`every public page hydrates without a difference or a console message (${lang}, ${theme})`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    await context.addCookies([{ name: 'lang', value: lang, url: baseURL ?? '' }])
    await page.addInitScript(
      ([l, th]) => {
        localStorage.setItem('lang', l)
        localStorage.setItem('theme', th)
        // The notices open by themselves on a first visit (e2e/notice.spec.ts); not here.
        sessionStorage.setItem('index-notice-seen', '1')
      },
      [lang, theme] as const,
    )
    const heard = listen(page)
    for (const url of publicPages) {
      const { hydrated } = await openHydrated(page, url)
      expect(hydrated, `${url} came from the server`).toBe(true)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      // The page is the app's: a heading or a main landmark, and nothing said in the console.
      await expect(page.locator('main').first()).toBeVisible()
      expect(heard, `${url} (${lang}, ${theme})`).toEqual([])
    }
  })
}

test('an install offer the browser makes before the app has hydrated shows once it has, with no difference', async ({
  page,
}) => {
  await page.addInitScript(() => {
    sessionStorage.setItem('index-notice-seen', '1')
    // The browser's offer, after the app's code has run (it listens from its first task) and
    // before the page is hydrated (that waits for the language and the route's code).
    document.addEventListener('DOMContentLoaded', () => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      })
      window.dispatchEvent(offer)
    })
  })
  const heard = listen(page)
  await page.goto('/index')
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
  await expect(page.locator('.side-install')).toHaveCount(1)
  expect(heard).toEqual([])
})

test('a picked theme comes from the server on the next page, before any script runs', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, colorScheme: 'light' })
  await context.addInitScript(() => localStorage.setItem('theme', 'dark'))
  const page = await context.newPage()
  await page.goto('/index')
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
  expect((await context.cookies()).find((c) => c.name === 'theme')?.value).toBe('dark')
  // The same member's next page, with scripts off: dark from the server's own HTML.
  const still = await browser.newContext({ baseURL, javaScriptEnabled: false, colorScheme: 'light' })
  await still.addCookies(await context.cookies())
  const next = await still.newPage()
  await next.goto('/lottery')
  await expect(next.locator('html')).toHaveAttribute('data-theme', 'dark')
  await context.close()
  await still.close()
})

test('a log-in-only brand: the server draws the page, a visitor is sent to log in, a member stays', async ({
  page,
  context,
  baseURL,
  ops,
}) => {
  await context.addCookies([{ name: 'lang', value: 'en', url: baseURL ?? '' }])
  await ops('flag', 'set', 'LOGINREQUIRED3', 'on')
  try {
    await page.addInitScript(() => sessionStorage.setItem('index-notice-seen', '1'))
    const heard = listen(page)
    await page.goto('/index')
    // The log-in page, its popup open (the route adds it to the address).
    await expect(page).toHaveURL(/\/login(\?popup=login)?$/)
    const dialog = page.getByRole('dialog', { name: 'Log in' })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Username', { exact: true }).fill('member01')
    await dialog.getByLabel('Password', { exact: true }).fill('lotus123')
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
    await expect(dialog).toBeHidden()
    // The member's reload of a page: the server cannot know the session, the browser does.
    await page.goto('/promotions')
    await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
    await expect(page).toHaveURL(/\/promotions$/)
    await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0)
    expect(heard).toEqual([])
  } finally {
    await ops('flag', 'set', 'LOGINREQUIRED3', 'off')
  }
})

test('an address no route has is the app’s not-found page, sent as a 404 and hydrated', async ({ page }) => {
  const heard = listen(page)
  const res = await page.goto('/no-such-page')
  expect(res?.status()).toBe(404)
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
  await expect(page.getByRole('heading', { name: /./ }).first()).toBeVisible()
  // The page's own 404 is the one message: the document's status.
  expect(heard.filter((m) => !m.includes('404'))).toEqual([])
})

test('a member’s page hydrates as a visitor’s, then shows the member: balance and menu', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'lang', value: 'en', url: baseURL ?? '' }])
  await page.addInitScript(() => sessionStorage.setItem('index-notice-seen', '1'))
  const heard = listen(page)
  await page.goto('/index')
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log in' })
  await dialog.getByLabel('Username', { exact: true }).fill('member01')
  await dialog.getByLabel('Password', { exact: true }).fill('lotus123')
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog).toBeHidden()
  // A reload: the server draws a visitor's page, the browser hydrates it, then the session fills in.
  await page.reload()
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toHaveCount(0)
  await expect(page.locator('.app-header')).toContainText('$')
  expect(heard).toEqual([])
})
