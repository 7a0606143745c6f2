/**
 * The rows that scroll sideways have arrows at their ends for a mouse on a wide screen, each
 * shown only where there is more to see; on a phone's width the rows are swiped, no arrows.
 */
import type { Locator } from '@playwright/test'
import { countLayoutShifts, expect, layoutShift, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

const scrollLeft = (list: Locator) => list.evaluate((el) => el.scrollLeft)

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the hot games row scrolls by its arrows, by mouse and by keyboard', async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    // The server's render in the app's language, so the app hydrates it as it is.
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL ?? '' }])
    await page.addInitScript(countLayoutShifts)
    await page.goto('/index')
    await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
    const row = page.getByRole('region', { name: 'Hot games' })
    const list = row.getByRole('list', { name: 'Hot games' })
    const back = row.getByRole('button', { name: 'Scroll left' })
    const on = row.getByRole('button', { name: 'Scroll right' })
    // At the start: more to see on the right only.
    await expect(on).toBeVisible()
    await expect(back).toBeHidden()
    expect(await scrollLeft(list)).toBe(0)
    // The arrows overlay the row: the page has not moved.
    await expect(
      page.getByRole('region', { name: 'Lottery draws' }).getByRole('button', { name: 'Scroll right' }),
    ).toBeVisible()
    expect(await layoutShift(page)).toBe(0)

    await on.click()
    await expect.poll(() => scrollLeft(list)).toBeGreaterThan(400)
    await expect(back).toBeVisible()

    // Back to the start by the keyboard: the left arrow hides, the focus goes to the right one.
    await back.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => scrollLeft(list)).toBe(0)
    await expect(back).toBeHidden()
    await expect(on).toBeFocused()
    expect(consoleErrors).toEqual([])
  })

  test("a lobby's vendor tabs scroll by their arrows", async ({ page }) => {
    await page.goto('/rng')
    await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
    const tabs = page.getByRole('navigation', { name: 'Game providers' })
    const strip = page.locator('.scroll-row').filter({ has: tabs })
    await expect(strip.getByRole('button', { name: 'Scroll left' })).toBeHidden()
    const on = strip.getByRole('button', { name: 'Scroll right' })
    // The strip fades out under the arrow, at the end that has more to see.
    const fade = () => tabs.evaluate((el) => getComputedStyle(el).maskImage)
    await expect(on).toBeVisible()
    // Computed, "to left" reads 270deg and "to right" 90deg.
    await expect.poll(fade).toMatch(/^linear-gradient\(270deg,/)
    await on.click()
    // The strip is a little wider than the page: one press shows its end.
    await expect.poll(() => scrollLeft(tabs)).toBeGreaterThan(0)
    await expect(strip.getByRole('button', { name: 'Scroll left' })).toBeVisible()
    await expect(on).toBeHidden()
    expect(await tabs.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1)).toBe(true)
    await expect.poll(fade).toMatch(/^linear-gradient\(90deg,/)
  })
})

test("on a phone's width the rows have no arrows", async ({ page }) => {
  await page.goto('/index')
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
  const list = page.getByRole('list', { name: 'Hot games' })
  await expect(list.getByRole('listitem').first()).toBeVisible()
  // The row has more to see, and is swiped to it.
  expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  await expect(page.getByRole('region', { name: 'Lottery draws' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Scroll (left|right)$/ })).toHaveCount(0)
  await expect(page.locator('.row-arrow')).toHaveCount(0)
})

test('a window widened from a phone’s width gets its arrows without a reload, and loses them narrowed again', async ({
  page,
}) => {
  await page.setViewportSize({ width: 600, height: 800 })
  await page.goto('/index')
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
  const row = page.getByRole('region', { name: 'Hot games' })
  await expect(row.getByRole('listitem').first()).toBeVisible()
  await expect(row.getByRole('button', { name: 'Scroll right' })).toHaveCount(0)
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(row.getByRole('button', { name: 'Scroll right' })).toBeVisible()
  await page.setViewportSize({ width: 600, height: 800 })
  await expect(row.getByRole('button', { name: 'Scroll right' })).toHaveCount(0)
})
