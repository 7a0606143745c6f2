/**
 * The profile on a phone (spec sections 3 and 5): player01 opens the profile the demo filled
 * in part (nickname, Telegram, a birthday shown locked with the way to customer service),
 * is told what a field's rule wants, fills the rest, saves, reloads and sees them; a newly
 * registered member sets a birthday with the date picker, and after a reload it is locked.
 * With SHOTS_DIR set, it also saves the page at 360 and 1280 px.
 */
import type { Page } from '@playwright/test'
import { centrePage, englishWithoutNotice, expect, register, shots, test } from './fixtures'

test.use({ viewport: { width: 360, height: 740 } })

test.beforeEach(({ page }) => englishWithoutNotice(page))

async function openProfile(page: Page) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Me\b/ }).click()
  const centre = centrePage(page)
  await centre.go('Profile')
  await expect(centre.dialog.getByRole('button', { name: 'Save' })).toBeVisible()
  return centre.dialog
}

/** After a reload the centre opens again on the profile (its page is in the address). */
async function reopened(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Member centre' })
  await expect(dialog.getByRole('heading', { level: 3, name: 'Profile', exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible()
  return dialog
}

async function noSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
  expect(wide).toBe(false)
}

test('player01 fills the profile, saves, and after a reload sees it; the birthday is locked', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/index')
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  const login = page.getByRole('dialog', { name: 'Log in' })
  await login.getByLabel('Username', { exact: true }).fill('player01')
  await login.getByLabel('Password', { exact: true }).fill('lotus123')
  await login.getByRole('button', { name: 'Log in', exact: true }).click()
  await page
    .getByRole('dialog', { name: 'Welcome back' })
    .getByRole('button', { name: 'Start playing' })
    .click()

  let profile = await openProfile(page)
  // What the demo filled: the nickname and Telegram to edit, the birthday locked.
  await expect(profile.getByLabel('Nickname')).toHaveValue('player01')
  await expect(profile.getByLabel('Telegram')).toHaveValue('@player01_demo')
  const birthday = profile.locator('.profile-locked').filter({ hasText: 'Birthday' })
  await expect(birthday).toContainText('(locked)')
  await expect(birthday.getByRole('link', { name: 'contact customer service' })).toBeVisible()
  await noSidewaysScroll(page)
  await shots(page, 'profile')

  // A value breaking its rule is named at its field, and nothing typed is lost.
  await profile.getByLabel('Zalo').fill('12ab')
  await profile.getByLabel('Occupation').fill('Engineer')
  await profile.getByRole('button', { name: 'Save' }).click()
  await expect(profile.getByText('Digits only (8-15 characters)')).toBeVisible()
  await expect(profile.getByLabel('Occupation')).toHaveValue('Engineer')

  await profile.getByLabel('Zalo').fill('0912345678')
  await profile.getByLabel('Current address').fill('45 Street 51, Phnom Penh')
  await profile.getByRole('button', { name: 'Save' }).click()
  await expect(profile.getByText('Your profile has been saved.')).toBeVisible()

  await page.reload()
  profile = await reopened(page)
  await expect(profile.getByLabel('Zalo')).toHaveValue('0912345678')
  await expect(profile.getByLabel('Occupation')).toHaveValue('Engineer')
  await expect(profile.getByLabel('Current address')).toHaveValue('45 Street 51, Phnom Penh')
  expect(consoleErrors).toEqual([])
})

test('a new member sets a birthday with the date picker; after a reload it is locked', async ({
  page,
  ops,
  consoleErrors,
}) => {
  const name = `pf${Date.now().toString(36)}`
  await register(page, ops, name)
  let profile = await openProfile(page)
  const date = profile.getByLabel('Birthday')
  await expect(date).toHaveAttribute('type', 'date')
  await date.fill('1995-06-15')
  await profile.getByLabel('Real name').fill('Sok Dara')
  await profile.getByRole('button', { name: 'Save' }).click()
  await expect(profile.getByText('Your profile has been saved.')).toBeVisible()
  await shots(page, 'profile-saved')

  await page.reload()
  profile = await reopened(page)
  const birthday = profile.locator('.profile-locked').filter({ hasText: 'Birthday' })
  await expect(birthday).toContainText('1995-06-15')
  await expect(birthday).toContainText('(locked)')
  await expect(profile.locator('.profile-locked').filter({ hasText: 'Real name' })).toContainText('Sok Dara')
  await expect(profile.getByLabel('Birthday')).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})
