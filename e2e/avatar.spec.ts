import { expect, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

test('a member chooses a static avatar in the member centre and the header shows it', async ({ page }) => {
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

  const account = page.getByRole('banner').getByRole('button', { name: /player01/ })
  const headerAvatar = account.locator('img.avatar')
  await expect(headerAvatar).toHaveAttribute('src', '/avatars/01.svg')
  // The shipped picture really loads (a broken one would fall back and hide a 404).
  await expect
    .poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)

  await account.click()
  const centre = page.getByRole('dialog', { name: 'Member centre' })
  const choices = centre.getByRole('group', { name: 'Choose an avatar' })
  await expect(choices.getByRole('radio', { name: 'Avatar 1' })).toBeChecked()
  await choices.getByRole('radio', { name: 'Avatar 4' }).check({ force: true })
  await expect(centre.getByRole('status')).toHaveText('Your avatar has been updated.')
  await expect(choices.getByRole('radio', { name: 'Avatar 4' })).toBeChecked()
  await expect(headerAvatar).toHaveAttribute('src', '/avatars/04.svg')

  // The choice is kept on the account: a reload reads it back from the server.
  await page.reload()
  await expect(
    page
      .getByRole('banner')
      .getByRole('button', { name: /player01/ })
      .locator('img.avatar'),
  ).toHaveAttribute('src', '/avatars/04.svg')
})
