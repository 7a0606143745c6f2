import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

const pages: [path: string, heading: string][] = [
  ['/index', 'Welcome to Lotus Play'],
  ['/pointMall', 'Points mall'],
  ['/lottery', 'Lottery'],
  ['/vnlottery', 'Vietnamese lottery'],
  ['/elott', 'E-lottery'],
  ['/rng', 'Slots'],
  ['/pvp', 'Card games'],
  ['/fish', 'Fish'],
  ['/live', 'Live casino'],
  ['/sports', 'Sports'],
  ['/promotions', 'Promotions'],
  ['/seamless', 'Seamless games'],
  ['/help', 'Help centre'],
  ['/helpmc', 'Help centre'],
  ['/down', 'App download'],
  ['/join', 'Join us'],
  ['/agent', 'Agent login'],
]

async function landmarks(page: Page) {
  return {
    header: await page.getByRole('banner').count(),
    sideBar: await page.getByRole('complementary', { name: 'Quick links' }).count(),
    footer: await page.getByRole('contentinfo').count(),
  }
}

for (const [path, heading] of pages) {
  test(`${path} renders its screen`, async ({ page, consoleErrors }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    expect(consoleErrors).toEqual([])
  })
}

test('each page has the layout the spec gives it', async ({ page }) => {
  // The server's render shows the page before the app hydrates it: wait for the layout the
  // user ends up with.
  await page.goto('/index')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(() => landmarks(page)).toEqual({ header: 1, sideBar: 1, footer: 1 })

  await page.goto('/pointMall')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(() => landmarks(page)).toEqual({ header: 1, sideBar: 0, footer: 1 })

  await page.goto('/lottery')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(() => landmarks(page)).toEqual({ header: 1, sideBar: 0, footer: 0 })

  await page.goto('/helpmc')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(() => landmarks(page)).toEqual({ header: 0, sideBar: 0, footer: 0 })
})

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the lottery page folds the header nav away and back', async ({ page }) => {
    await page.goto('/lottery')
    const toggle = page.getByRole('button', { name: 'Hide menu' })
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await toggle.click()
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Show menu' }).click()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  })

  test("the header nav marks the open lobby's game type as the current page", async ({ page }) => {
    await page.goto('/live')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)
    await expect(nav.locator('[aria-current="page"]')).toHaveText(/Live/)
    await nav.getByRole('link', { name: 'Home' }).click()
    await expect(page).toHaveURL(/\/index/)
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Home')
  })
})

test('on a phone the header is one row and the tab bar leads to each section', async ({ page }) => {
  await page.goto('/index')
  // The app has hydrated the server's render.
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect((await page.getByRole('banner').boundingBox())?.height).toBeLessThanOrEqual(56)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  const tabs = page.getByRole('navigation', { name: 'Sections' })
  await expect(tabs.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
  // The page's end is not hidden behind the tab bar.
  await expect(page.locator('a.vendor-chip').first()).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  const footer = await page.getByRole('contentinfo').boundingBox()
  const bar = await tabs.boundingBox()
  expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0)
  await tabs.getByRole('link', { name: 'Games' }).click()
  await expect(page).toHaveURL(/\/rng$/)
  await expect(tabs.getByRole('link', { name: 'Games' })).toHaveAttribute('aria-current', 'page')
  await page.goto('/game')
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(tabs).toHaveCount(0)
})

test('/, /login, /register and /register.html open what they should', async ({ page, consoleErrors }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/index$/)

  await page.goto('/login')
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible()

  // An unknown invitation code from the link is shown, marked, to be fixed…
  await page.goto('/register?referralCode=AGENT42')
  const dialog = page.getByRole('dialog', { name: 'Register' })
  await expect(dialog).toBeVisible()
  const code = dialog.getByRole('textbox', { name: 'Invitation code' })
  await expect(code).toHaveValue('AGENT42')
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByText('The invitation code is not valid.')).toBeVisible()
  await expect(dialog.getByRole('tab', { name: 'Mobile number' })).toBeVisible()
  // …and a valid one is used without showing the field.
  await page.goto('/register?referralCode=LOTUS01')
  await expect(dialog.getByRole('textbox', { name: 'Username' })).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Invitation code' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/\/index$/)

  await page.goto('/register.html')
  await expect(page.getByRole('dialog', { name: 'Register' })).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('vendor tabs push ?page=<vendor> and a hostile value is never rendered', async ({ page }) => {
  await page.goto('/rng')
  await page
    .getByRole('navigation', { name: 'Game providers' })
    .getByRole('link', { name: 'Spin Garden' })
    .click()
  await expect(page).toHaveURL(/\/rng\?page=SPN$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Spin Garden' })).toBeVisible()

  await page.goto('/rng?page=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E')
  await expect(page.getByRole('heading', { level: 2, name: 'Demo Slots' })).toBeVisible()
  expect(await page.content()).not.toContain('onerror=alert(1)')
})

test('an unknown route shows a translated not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page).toHaveURL(/\/index$/)
})

/**
 * The words on screen that the browser broke across two lines ("Promotion / s"): each word
 * (as the browser's own segmenter splits the language) whose text lies on more than one line.
 * The scrolling notice line, text hidden from everyone, and the server's screen are left out.
 */
function wordsBrokenAcrossLines(page: Page, lang: string): Promise<string[]> {
  return page.evaluate((l) => {
    const words = new Intl.Segmenter(l, { granularity: 'word' })
    const broken = new Set<string>()
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement
      if (!el || el.closest('[aria-hidden="true"], [hidden], .marquee, script, style')) continue
      for (const w of words.segment(node.textContent ?? '')) {
        if (!w.isWordLike || w.segment.length < 2) continue
        const range = document.createRange()
        range.setStart(node, w.index)
        range.setEnd(node, w.index + w.segment.length)
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        )
        if (lines.size > 1) broken.add(`${w.segment} (${el.tagName.toLowerCase()}.${el.className})`)
      }
    }
    return [...broken]
  }, lang)
}

test('every screen fits a 360 px phone: no sideways scrolling, and no word broken across lines', async ({
  page,
}) => {
  for (const [path] of pages) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, path).toBeLessThanOrEqual(0)
    expect(await wordsBrokenAcrossLines(page, 'en'), path).toEqual([])
  }
})

test('every bet type of the lottery slip fits a 360 px phone, the 46 exact sums included', async ({
  page,
}) => {
  await page.goto('/lottery?gameCode=E5D1')
  const types = page.getByRole('group', { name: 'Bet type' }).getByRole('button')
  await expect(types.first()).toBeVisible()
  for (const name of ['Position digit', 'Sum Big / Small', 'Sum Odd / Even', 'Exact sum']) {
    await types.filter({ hasText: name }).click()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, name).toBeLessThanOrEqual(0)
  }
  await expect(page.getByRole('group', { name: 'Sums 0 to 45' }).getByRole('button')).toHaveCount(46)
})

test('navigation goes to the top, or to the hash target', async ({ page }) => {
  await page.goto('/help')
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.getByRole('contentinfo').getByRole('link', { name: 'App download' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'App download' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

  await page.goto('/down#ios')
  await expect
    .poll(() => page.evaluate(() => document.getElementById('ios')?.getBoundingClientRect().top ?? 999))
    .toBeLessThan(100)
})
