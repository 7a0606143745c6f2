/**
 * The agent entrance and the agent centre on a phone: agent01 logs in at /agent, sees the
 * team overview, opens team management and sends a red envelope to two members of the
 * team (one of them registered here with the agent's invitation code); that member then
 * sees the money in the header balance and the notice in the inbox.
 */
import type { Page } from '@playwright/test'
import { axeSerious, expect, test, type Ops } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

/** Registers a member with agent01's invitation link (the captcha off meanwhile). */
async function registerInTeam(page: Page, ops: Ops, name: string): Promise<void> {
  await ops('login', 'reset-ip', '127.0.0.1')
  await ops('flag', 'set', 'CAPTCHA3', 'off')
  try {
    await page.goto('/register?referralCode=LOTUS01')
    const dialog = page.getByRole('dialog', { name: 'Register' })
    await dialog.getByLabel('Username', { exact: true }).fill(name)
    await dialog.getByLabel('Password', { exact: true }).fill('lotus123')
    await dialog.getByLabel('Confirm password').fill('lotus123')
    await dialog.getByRole('checkbox').check()
    await dialog.getByRole('button', { name: 'Register' }).click()
    await expect(dialog).toHaveCount(0)
  } finally {
    await ops('flag', 'set', 'CAPTCHA3', 'on')
  }
}

/** On a phone a centre's page takes the menu's place: back to the list, then the page. */
async function goTo(centre: ReturnType<Page['getByRole']>, menu: string, label: string) {
  const back = centre.getByRole('button', { name: 'Back to menu' })
  if (await back.isVisible()) await back.click()
  await centre.getByRole('navigation', { name: menu }).getByRole('button', { name: label }).click()
}

test('an agent sends a red envelope to two members of the team, who see it in balance and inbox', async ({
  page,
  browser,
  ops,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const name = `t${Date.now().toString(36).slice(-7)}`
  await registerInTeam(page, ops, name)
  await page.evaluate(() => sessionStorage.clear())

  // The agent entrance: a member is refused, the agent gets in.
  await page.goto('/agent')
  const entrance = page.getByRole('main')
  await entrance.getByLabel('Agent username').fill('member01')
  await entrance.getByLabel('Password', { exact: true }).fill('lotus123')
  await entrance.getByRole('button', { name: 'Log in as an agent' }).click()
  await expect(entrance.getByText('Non-agents cannot log in.')).toBeVisible()
  await entrance.getByLabel('Agent username').fill('agent01')
  await entrance.getByRole('button', { name: 'Log in as an agent' }).click()

  // The agent centre opens on the team overview: direct downline and whole team apart.
  const centre = page.getByRole('dialog', { name: 'Agent centre' })
  await expect(centre.getByRole('heading', { level: 3, name: 'Team overview', exact: true })).toBeVisible()
  await expect(centre.getByRole('region', { name: 'Direct downline' })).toBeVisible()
  await expect(centre.getByRole('region', { name: 'Whole team' })).toBeVisible()
  await centre.getByRole('button', { name: 'This month' }).click()
  await expect(centre.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true')

  // Team management lists the new member and player01.
  await goTo(centre, 'Agent centre menu', 'Team management')
  await expect(centre.getByText(name, { exact: true })).toBeVisible()
  await expect(centre.getByText('player01', { exact: true })).toBeVisible()

  // A payment password for agent01 (the security centre), unless a run before set it.
  await centre.getByRole('button', { name: 'Close' }).click()
  await page
    .getByRole('banner')
    .getByRole('button', { name: /agent01/ })
    .click()
  await page
    .getByRole('dialog', { name: 'Account menu' })
    .getByRole('button', { name: /Member centre/ })
    .click()
  const member = page.getByRole('dialog', { name: 'Member centre' })
  await goTo(member, 'Member centre menu', 'My account')
  const setButton = member.getByRole('button', { name: 'Set payment password' })
  await expect(setButton.or(member.getByRole('heading', { name: 'Change payment password' }))).toBeVisible()
  if (await setButton.isVisible()) {
    await member.getByLabel('Login password', { exact: true }).fill('lotus123')
    await member.getByLabel('New payment password', { exact: true }).fill('246810')
    await member.getByLabel('Confirm new payment password').fill('246810')
    await setButton.click()
    await expect(member.getByRole('heading', { name: 'Change payment password' })).toBeVisible()
  }
  await member.getByRole('button', { name: 'Close' }).click()

  // The red envelope: two members, 20.00 split equally.
  await page.getByRole('button', { name: 'Open the agent centre' }).click()
  await goTo(centre, 'Agent centre menu', 'Red envelope')
  const search = centre.getByRole('searchbox')
  await search.fill(name)
  await centre.getByRole('button', { name: 'Search' }).click()
  await centre.getByRole('checkbox', { name: new RegExp(name) }).check()
  await search.fill('player01')
  await centre.getByRole('button', { name: 'Search' }).click()
  await centre.getByRole('checkbox', { name: /player01/ }).check()
  await expect(centre.getByText('Chosen: 2')).toBeVisible()
  await centre.getByLabel('Total amount').fill('20')
  await expect(centre.getByText('Each member gets $10.00.')).toBeVisible()
  await centre.getByLabel('Payment password', { exact: true }).fill('246810')
  await centre.getByRole('button', { name: 'Send red envelope' }).click()
  await expect(centre.getByText('2 members received $20.00 in total.')).toBeVisible()

  // The new member logs in (a tab of their own) and sees the money and the notice.
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } })
  const memberPage = await context.newPage()
  await memberPage.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
  await memberPage.goto('/index')
  const banner = memberPage.getByRole('banner')
  await banner.getByRole('button', { name: 'Log in' }).click()
  const login = memberPage.getByRole('dialog', { name: 'Log in' })
  await login.getByLabel('Username', { exact: true }).fill(name)
  await login.getByLabel('Password', { exact: true }).fill('lotus123')
  await login.getByRole('button', { name: 'Log in', exact: true }).click()
  await memberPage
    .getByRole('dialog', { name: 'Welcome back' })
    .getByRole('button', { name: 'Start playing' })
    .click()
  await expect(banner.getByLabel('Balance: $10.00')).toBeVisible()
  await banner.getByRole('button', { name: 'Messages, 1 unread' }).click()
  const inbox = memberPage
    .getByRole('dialog', { name: 'Member centre' })
    .getByRole('list', { name: 'Messages' })
  await expect(inbox.getByText('Transfer from your upline')).toBeVisible()
  await context.close()
})

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the agent centre pages have no serious accessibility violation; the transfer dialog keeps focus and Escape closes it alone', async ({
    page,
  }) => {
    await page.goto('/agent')
    const entrance = page.getByRole('main')
    await entrance.getByLabel('Agent username').fill('agent01')
    await entrance.getByLabel('Password', { exact: true }).fill('lotus123')
    await entrance.getByRole('button', { name: 'Log in as an agent' }).click()
    const centre = page.getByRole('dialog', { name: 'Agent centre' })
    await expect(centre.getByRole('table')).toBeVisible()
    expect(await axeSerious(page, '[role="dialog"]')).toEqual([])

    await centre.getByRole('button', { name: 'Team management' }).click()
    await expect(centre.getByRole('row', { name: /player01/ })).toBeVisible()
    expect(await axeSerious(page, '[role="dialog"]')).toEqual([])

    await centre.getByRole('button', { name: 'Transfer to player01' }).click()
    const transfer = page.getByRole('dialog', { name: 'Transfer to player01' })
    await expect(transfer.getByLabel('Amount')).toBeFocused()
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      expect(await transfer.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(transfer).toHaveCount(0)
    await expect(centre).toBeVisible()

    await centre.getByRole('button', { name: 'Red envelope' }).click()
    await expect(centre.getByRole('checkbox', { name: /player01/ })).toBeVisible()
    expect(await axeSerious(page, '[role="dialog"]')).toEqual([])
  })
})
