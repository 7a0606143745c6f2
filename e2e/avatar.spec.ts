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
  // A member starts with the first static avatar (a run that chose before picks another one).
  await expect(headerAvatar).toHaveAttribute('src', /^\/avatars\/0\d\.svg$/)
  const before = Number(/(\d\d)\.svg$/.exec((await headerAvatar.getAttribute('src')) ?? '')?.[1])
  const target = before === 4 ? 5 : 4
  // The shipped picture really loads (a broken one would fall back and hide a 404).
  await expect
    .poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)

  // The avatar opens the account menu; its first entry is the member centre.
  await account.click()
  await page
    .getByRole('dialog', { name: 'Account menu' })
    .getByRole('button', { name: /Member centre/ })
    .click()
  const centre = page.getByRole('dialog', { name: 'Member centre' })
  // On a phone the centre opens on its list of pages.
  await centre
    .getByRole('navigation', { name: 'Member centre menu' })
    .getByRole('button', { name: 'My account' })
    .click()
  const choices = centre.getByRole('group', { name: 'Choose an avatar' })
  await expect(choices.getByRole('radio', { name: `Avatar ${before}` })).toBeChecked()
  // The page below the choices has loaded too, so nothing moves under the click.
  await expect(centre.getByRole('heading', { name: /payment password/i })).toBeVisible()
  // The radio itself is transparent over its picture: click its label, as a finger would.
  await choices
    .getByRole('radio', { name: `Avatar ${target}` })
    .locator('xpath=..')
    .click()
  await expect(centre.getByRole('status')).toHaveText('Your avatar has been updated.')
  await expect(choices.getByRole('radio', { name: `Avatar ${target}` })).toBeChecked()
  await expect(headerAvatar).toHaveAttribute('src', `/avatars/0${target}.svg`)

  // The choice is kept on the account: a reload reads it back from the server.
  await page.reload()
  await expect(
    page
      .getByRole('banner')
      .getByRole('button', { name: /player01/ })
      .locator('img.avatar'),
  ).toHaveAttribute('src', `/avatars/0${target}.svg`)
})
