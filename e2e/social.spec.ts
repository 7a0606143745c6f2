import { expect, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

test('Google sign-in through the provider ends logged in with the account in the header', async ({
  page,
  ops,
}) => {
  await ops('flag', 'set', 'GOOGLELOGIN3', 'on')
  try {
    await page.goto('/index')
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog', { name: 'Log in' })
    // The local provider (started by the global setup) answers at once, as a person who
    // already consented would.
    await dialog.getByRole('button', { name: 'Continue with Google' }).click()
    // Through the provider and back: two page loads before the app can take the code.
    await page.waitForURL(/#social_code=/, { waitUntil: 'commit' })
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toContainText('Lin Tester')
    await page.getByRole('button', { name: 'Start playing' }).click()
    await expect(page.getByRole('banner').getByRole('button', { name: /Lin Tester/ })).toBeVisible()
    // The one-time code left the address bar; the session stayed in this tab only.
    expect(new URL(page.url()).hash).toBe('')
    expect(await page.evaluate(() => sessionStorage.getItem('account'))).toBe('line2e')

    // The same person signs into the same account again after logging out.
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('dialog', { name: 'Account menu' }).getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await dialog.getByRole('button', { name: 'Continue with Google' }).click()
    await page.waitForURL(/#social_code=/, { waitUntil: 'commit' })
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toContainText('Lin Tester')
    expect(await page.evaluate(() => sessionStorage.getItem('account'))).toBe('line2e')
  } finally {
    await ops('flag', 'set', 'GOOGLELOGIN3', 'off')
  }
})

test('a sign-in that comes back with an error reopens the login popup and says why', async ({ page }) => {
  await page.goto('/index#social_error=social_denied')
  const dialog = page.getByRole('dialog', { name: 'Log in' })
  await expect(dialog.getByRole('alert')).toHaveText(
    'The sign-in was cancelled. Please try again or log in another way.',
  )
  expect(new URL(page.url()).hash).toBe('')
  // The provider's button is not offered while its flag is off.
  await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0)
})
