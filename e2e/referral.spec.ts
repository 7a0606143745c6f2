/**
 * Invite friends on a phone (decision 032): player01 (demo) opens Invite friends and finds
 * their code and link with copy buttons, the demo's figures, friends and rewards paid; a
 * visitor opens the link, is told who invited them, registers, and appears (masked) at the
 * top of player01's friends. With SHOTS_DIR set, it saves the page at 360 and 1280 px.
 */
import path from 'node:path'
import { centrePage, englishWithoutNotice, expect, shots, test } from './fixtures'

test.use({ viewport: { width: 360, height: 740 } })

test.beforeEach(({ page }) => englishWithoutNotice(page))

test('player01 shares their link; a friend registers with it and appears in their list', async ({
  page,
  browser,
  ops,
  consoleErrors,
}) => {
  // A long walk on a busy machine: a login, the page read twice, a registration in a second page.
  test.setTimeout(240_000)
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

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Me\b/ }).click()
  const centre = centrePage(page)
  await centre.go('Invite friends')
  const code = centre.dialog.getByTestId('referral-code')
  await expect(code).toHaveText('PLAYER01')
  await expect(centre.dialog.getByRole('button', { name: 'Copy the referral code' })).toBeVisible()
  await expect(centre.dialog.getByRole('button', { name: 'Copy the referral link' })).toBeVisible()
  const link = await centre.dialog.getByTestId('referral-link').getAttribute('href')
  expect(link).toMatch(/\/register\?referralCode=PLAYER01$/)
  // The demo's friends and what they earned player01.
  const friends = centre.dialog.getByTestId('referral-friends')
  await expect(friends.getByText('fr***01')).toBeVisible()
  await expect(friends.getByText('Under review')).toBeVisible()
  await expect(centre.dialog.getByTestId('referral-claims').getByText('Reward for fr***01')).toBeVisible()
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
  expect(wide).toBe(false)
  await shots(page, 'referral')
  const dir = process.env.SHOTS_DIR
  if (dir) {
    // The dialog scrolls inside: its lower sections, each as a phone shows it.
    for (const [region, file] of [
      ['My earnings', 'earnings'],
      ['My friends', 'friends'],
      ['Rewards paid', 'claims'],
      ['Rules', 'rules'],
    ] as const) {
      await centre.dialog
        .getByRole('region', { name: region, exact: true })
        .screenshot({ path: path.join(dir, `referral-${file}-360.png`) })
    }
  }

  // A visitor opens the link: told who invited them, they register.
  const name = `rf${Date.now().toString(36).slice(-6)}`
  await ops('login', 'reset-ip', '127.0.0.1')
  await ops('flag', 'set', 'CAPTCHA3', 'off')
  const friend = await browser.newPage({ viewport: { width: 360, height: 740 } })
  try {
    await friend.addInitScript(() => {
      localStorage.setItem('lang', 'en')
      sessionStorage.setItem('index-notice-seen', '1')
    })
    await friend.goto(link ?? '')
    const register = friend.getByRole('dialog', { name: 'Register' })
    await expect(register.getByText('Invited by PLAYER01')).toBeVisible()
    if (process.env.SHOTS_DIR) {
      await friend.screenshot({ path: path.join(process.env.SHOTS_DIR, 'referral-register-360.png') })
    }
    await register.getByLabel('Username', { exact: true }).fill(name)
    await register.getByLabel('Password', { exact: true }).fill('lotus123')
    await register.getByLabel('Confirm password').fill('lotus123')
    await register.getByRole('checkbox').check()
    await register.getByRole('button', { name: 'Register' }).click()
    await expect(register).toHaveCount(0)
  } finally {
    await ops('flag', 'set', 'CAPTCHA3', 'on')
    await friend.close()
  }

  // Back on player01's page, read again: the friend is first in the list, masked.
  await page.reload()
  const again = centrePage(page).dialog
  const first = again.getByTestId('referral-friends').getByRole('listitem').first()
  await expect(first.getByText(`${name.slice(0, 2)}***${name.slice(-2)}`)).toBeVisible()
  await expect(again.getByText(name, { exact: true })).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})
