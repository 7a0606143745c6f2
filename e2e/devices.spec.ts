/**
 * "Stay signed in" on a phone (decision 034): a member logs in with it ticked; a new tab of
 * the same browser (the relaunched app) opens signed in without the password; My account
 * lists the device as this one; "Sign out everywhere" signs every tab out (the other tab by
 * itself), and a new tab then opens signed out.
 */
import type { Page } from '@playwright/test'
import { centrePage, expect, register, test } from './fixtures'

test.use({ viewport: { width: 360, height: 740 } })

const english = () => {
  localStorage.setItem('lang', 'en')
  sessionStorage.setItem('index-notice-seen', '1')
}

// On the context, not the page: the tabs this spec opens get it too (a tab without it gets
// the home page's notice over its navigation as the announcements arrive).
test.beforeEach(async ({ context }) => {
  await context.addInitScript(english)
})

function banner(page: Page) {
  return page.getByRole('banner')
}

test('a remembered phone opens new tabs signed in until the member signs out everywhere', async ({
  page,
  browser,
  ops,
}) => {
  const name = `dev${Date.now().toString(36).slice(-6)}`
  // The account is made in another browser, so this one starts with nothing of it.
  const elsewhere = await browser.newContext()
  await elsewhere.addInitScript(english)
  await register(await elsewhere.newPage(), ops, name)
  await elsewhere.close()

  await page.goto('/index')
  await banner(page).getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log in' })
  await dialog.getByLabel('Username', { exact: true }).fill(name)
  await dialog.getByLabel('Password', { exact: true }).fill('lotus123')
  await dialog.getByLabel('Stay signed in on this device').check()
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await page.getByRole('button', { name: 'Start playing' }).click()
  await expect(banner(page).getByRole('button', { name: new RegExp(name) })).toBeVisible()

  // A new tab has no session of its own: the device signs it in, no password asked.
  const tab = await page.context().newPage()
  await tab.goto('/index')
  await expect(banner(tab).getByRole('button', { name: new RegExp(name) })).toBeVisible()
  expect(await tab.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy()
  expect(await tab.evaluate(() => sessionStorage.getItem('token'))).not.toBe(
    await page.evaluate(() => sessionStorage.getItem('token')),
  )

  await tab.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Me\b/ }).click()
  const centre = centrePage(tab)
  await centre.go('My account')
  const devices = centre.dialog.getByRole('region', { name: 'Signed-in devices' })
  const row = devices.getByRole('listitem').filter({ hasText: 'This device' })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(/Chrom/)
  await expect(row).toContainText('127.0.0.1')
  const shots = process.env.SHOTS_DIR
  if (shots) {
    await row.scrollIntoViewIfNeeded()
    await tab.screenshot({ path: `${shots}/devices-360.png` })
  }

  await devices.getByRole('button', { name: 'Sign out everywhere' }).click()
  const confirm = tab.getByRole('dialog', { name: 'Sign out everywhere' })
  await confirm.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(banner(tab).getByRole('button', { name: 'Log in' })).toBeVisible()

  // The first tab's session ended too: the live channel tells it, and it signs out by itself
  // (a reload here would race the app's own move to the signed-out page). A new tab now
  // opens signed out.
  await expect(banner(page).getByRole('button', { name: 'Log in' })).toBeVisible()
  const after = await page.context().newPage()
  await after.goto('/index')
  await expect(banner(after).getByRole('button', { name: 'Log in' })).toBeVisible()
  expect(await after.evaluate(() => sessionStorage.getItem('token'))).toBeNull()
})
