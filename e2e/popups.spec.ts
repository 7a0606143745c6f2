/**
 * Popups in the URL on a phone (360 px): a link to the member centre's deposit page opens
 * it (after the login it asks a visitor for), a reload keeps it, Back closes it and stays
 * on the site; the member centre's menu is a list that fits the screen.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

async function logInFromPopup(page: Page) {
  const login = page.getByRole('dialog', { name: 'Log in' })
  await login.getByLabel('Username', { exact: true }).fill('player01')
  await login.getByLabel('Password', { exact: true }).fill('lotus123')
  await login.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(login).toHaveCount(0)
}

/** Nothing on the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    dialogs: [...document.querySelectorAll('[role="dialog"]')].map((d) => d.scrollWidth - d.clientWidth),
  }))
  expect(widths.page).toBeLessThanOrEqual(widths.viewport)
  expect(widths.dialogs.every((overflow) => overflow <= 0)).toBe(true)
}

test('a link to the deposit page opens it after login; a reload keeps it; Back closes it', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await page.goto('/index?popup=memberCentre&centre=depositv2')
  // A visitor is asked to log in first, then gets the page the link named.
  await logInFromPopup(page)
  const centre = page.getByRole('dialog', { name: 'Member centre' })
  await expect(centre.getByRole('heading', { level: 3, name: 'Deposit', exact: true })).toBeVisible()
  await expect(centre.getByRole('button', { name: 'Back to menu' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Welcome back' })).toHaveCount(0)

  await page.reload()
  await expect(centre.getByRole('heading', { level: 3, name: 'Deposit', exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\/index\?popup=memberCentre&centre=depositv2$/)

  await page.goBack()
  await expect(centre).toHaveCount(0)
  expect(page.url()).toBe(`${baseURL}/index`)
  await expect(page.getByRole('banner').getByRole('button', { name: /player01/ })).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('on a phone the member centre opens on a list of its pages that fits the screen', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/login')
  await logInFromPopup(page)
  await page
    .getByRole('dialog', { name: 'Welcome back' })
    .getByRole('button', { name: 'Start playing' })
    .click()
  await page
    .getByRole('banner')
    .getByRole('button', { name: /player01/ })
    .click()
  await page
    .getByRole('dialog', { name: 'Account menu' })
    .getByRole('button', { name: /Member centre/ })
    .click()
  const centre = page.getByRole('dialog', { name: 'Member centre' })
  const menu = centre.getByRole('navigation', { name: 'Member centre menu' })
  const items = menu.getByRole('button')
  // The 13 pages of spec section 2, the VIP level, the point mall's redeem history and
  // points details (decision 030), and the profile and feedback (issue 37).
  await expect(items).toHaveCount(18)
  // One entry under another, each as wide as the list, all inside the screen.
  const boxes = await items.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect()
      return { left: r.left, right: r.right, top: r.top }
    }),
  )
  for (const [i, box] of boxes.entries()) {
    expect(box.left).toBeGreaterThanOrEqual(0)
    expect(box.right).toBeLessThanOrEqual(360)
    if (i > 0) expect(box.top).toBeGreaterThan(boxes[i - 1]?.top ?? 0)
  }
  await expectNoSidewaysScroll(page)

  // A page takes the list's place, with a way back to it; Back returns to the list too.
  await menu.getByRole('button', { name: 'My wallet' }).click()
  await expect(centre.getByRole('heading', { level: 3, name: 'My wallet', exact: true })).toBeVisible()
  await expect(menu).toBeHidden()
  await expectNoSidewaysScroll(page)
  await page.goBack()
  await expect(menu).toBeVisible()

  // Above the list, as portals open "Me": who is signed in, the balance, and the ways to move money.
  await expect(centre.getByRole('button', { name: 'My account' }).first()).toContainText('player01')
  const money = centre.getByRole('region', { name: 'Balance' })
  await expect(money).toContainText(/\$[\d,]+\.\d{2}/)
  await expect(money.getByRole('button', { name: 'Refresh balance' })).toBeVisible()
  await money.getByRole('button', { name: 'Deposit' }).click()
  await expect(centre.getByRole('heading', { level: 3, name: 'Deposit', exact: true })).toBeVisible()
  await expect(money).toBeHidden()
  await page.goBack()
  await expect(menu).toBeVisible()

  await menu.getByRole('button', { name: 'Account record' }).click()
  await centre.getByRole('button', { name: 'Back to menu' }).click()
  await expect(menu.getByRole('button', { name: 'Account record' })).toBeFocused()

  // Escape closes the centre: back on the page it was opened over, with no entry of it left.
  await page.keyboard.press('Escape')
  await expect(centre).toHaveCount(0)
  await expect(page).toHaveURL(/\/index$/)
  expect(consoleErrors).toEqual([])
})
