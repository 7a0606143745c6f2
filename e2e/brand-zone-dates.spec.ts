/**
 * Issue 31: on a phone set to another zone (Los Angeles), a member's account record and an
 * agent's account details report write their times on the brand's clock (Phnom Penh), the
 * zone named beside each time.
 */
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/** Saves what the phone shows (the open dialog, not the page behind it) when SHOTS_DIR names a folder. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`) })
}

test.use({ timezoneId: 'America/Los_Angeles' })

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

const brandTime = /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M \(GMT\+7\)/

test("a member's account record is on the brand's clock, its zone named", async ({ page }) => {
  await page.goto('/index')
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  const login = page.getByRole('dialog', { name: 'Log in' })
  await login.getByLabel('Username', { exact: true }).fill('player01')
  await login.getByLabel('Password', { exact: true }).fill('lotus123')
  await login.getByRole('button', { name: 'Log in', exact: true }).click()
  // The greeting after a log-in, closed as a player does.
  await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Welcome back' })).toHaveCount(0)
  const banner = page.getByRole('banner')
  await banner.getByRole('button', { name: /player01/i }).click()
  await page
    .getByRole('dialog', { name: 'Account menu' })
    .getByRole('button', { name: /Member centre/ })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Member centre' })
  await dialog
    .getByRole('navigation', { name: 'Member centre menu' })
    .getByRole('button', { name: 'Account record' })
    .click()
  const record = dialog.getByRole('list', { name: 'Account record' })
  await expect(record.getByText(brandTime).first()).toBeVisible()
  await shot(page, 'account-record-360')
})

test("an agent's account details report is on the brand's clock, its zone named", async ({ page }) => {
  await page.goto('/agent')
  const entrance = page.getByRole('main')
  await entrance.getByLabel('Agent username').fill('agent01')
  await entrance.getByLabel('Password', { exact: true }).fill('lotus123')
  await entrance.getByRole('button', { name: 'Log in as an agent' }).click()
  const centre = page.getByRole('dialog', { name: 'Agent centre' })
  await expect(centre.getByRole('heading', { level: 3, name: 'Team overview', exact: true })).toBeVisible()
  await shot(page, 'agent-overview-360')
  const back = centre.getByRole('button', { name: 'Back to menu' })
  if (await back.isVisible()) await back.click()
  await centre
    .getByRole('navigation', { name: 'Agent centre menu' })
    .getByRole('button', { name: 'Account details' })
    .click()
  await centre.getByRole('button', { name: 'This month' }).click()
  await expect(centre.getByText(/\(GMT\+7\)/).first()).toBeVisible()
  await expect(centre.getByText(brandTime).first()).toBeVisible()
  await centre.getByText(brandTime).first().scrollIntoViewIfNeeded()
  await shot(page, 'agent-account-details-360')
  // On a desktop the report is a table: the same time, its zone named.
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(centre.getByRole('table').getByText(brandTime).first()).toBeVisible()
  await shot(page, 'agent-account-details-1280')
})
