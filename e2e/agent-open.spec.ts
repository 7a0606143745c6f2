/**
 * Opening an account and My income on a phone: agent01 logs in at /agent, opens a member
 * with a Slots rebate rate under its own (a rate above it is refused in the form), and sees
 * the estimated rebate difference of its demo team for this month; the new member's first
 * login asks for a new password before anything else.
 */
import type { Page } from '@playwright/test'
import { axeSerious, expect, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

/** On a phone a centre's page takes the menu's place: back to the list, then the page. */
async function goTo(page: Page, label: string) {
  const centre = page.getByRole('dialog', { name: 'Agent centre' })
  const back = centre.getByRole('button', { name: 'Back to menu' })
  if (await back.isVisible()) await back.click()
  await centre
    .getByRole('navigation', { name: 'Agent centre menu' })
    .getByRole('button', { name: label })
    .click()
  return centre
}

test('an agent opens a member with a rebate rate, whose first login asks for a new password; My income shows the estimate', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const name = `o${Date.now().toString(36).slice(-7)}`

  await page.goto('/agent')
  const entrance = page.getByRole('main')
  await entrance.getByLabel('Agent username').fill('agent01')
  await entrance.getByLabel('Password', { exact: true }).fill('lotus123')
  await entrance.getByRole('button', { name: 'Log in as an agent' }).click()
  await expect(page.getByRole('dialog', { name: 'Agent centre' })).toBeVisible()

  // Register account: agent01's own Slots rate (demo: 1.20%) is the ceiling.
  const centre = await goTo(page, 'Register account')
  const slots = centre.getByLabel('Slots')
  await expect(centre.getByText('Your rate: 1.20%').first()).toBeVisible()
  await centre.getByLabel('Username', { exact: true }).fill(name)
  await centre.getByLabel('Password', { exact: true }).fill('start123')
  await centre.getByLabel('Confirm password').fill('start123')
  await slots.fill('1.5')
  await centre.getByRole('button', { name: 'Open account' }).click()
  await expect(centre.getByText('At most 1.20%.')).toBeVisible()
  await slots.fill('0.5')
  expect(await axeSerious(page, '[role="dialog"]')).toEqual([])
  await centre.getByRole('button', { name: 'Open account' }).click()
  await expect(page.getByText(`${name} is open. Its first login asks for a new password.`)).toBeVisible()

  // My income: the demo team's valid bets this month come to an estimate, not a payment.
  await goTo(page, 'My income')
  await centre.getByRole('button', { name: 'This month' }).click()
  const totals = centre.getByRole('region', { name: 'Totals' })
  await expect(totals).toBeVisible()
  await expect(centre.getByText(/Estimated, not paid/)).toBeVisible()
  await expect(centre.getByRole('listitem').filter({ hasText: 'Slots' })).toBeVisible()
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(360)

  // The new member's first login: the password must change before anything else.
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } })
  const memberPage = await context.newPage()
  await memberPage.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
  await memberPage.goto('/index')
  await memberPage.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  const login = memberPage.getByRole('dialog', { name: 'Log in' })
  await login.getByLabel('Username', { exact: true }).fill(name)
  await login.getByLabel('Password', { exact: true }).fill('start123')
  await login.getByRole('button', { name: 'Log in', exact: true }).click()
  const change = memberPage.getByRole('dialog', { name: 'Change password' })
  await expect(change).toBeVisible()
  await change.getByLabel('Old password').fill('start123')
  await change.getByLabel('New password', { exact: true }).fill('fresh2026')
  await change.getByLabel('Confirm new password').fill('fresh2026')
  await change.getByRole('button', { name: 'Change password' }).click()
  await expect(change).toHaveCount(0)
  await context.close()
})
