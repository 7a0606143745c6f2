/**
 * More of play on a phone against the real server and the demo vendor: a vendor the
 * operator takes off while a member browses its games answers the launch with the
 * maintenance popup and same-type suggestions, one of which starts (on a brand the operator
 * switched to one wallet per vendor, so the launch offers the transfer first); and the
 * personal loss page shows what a few slot rounds lost or won on the main wallet; and a
 * featured fixture on /sports opens the demo sports game on that fixture.
 */
import type { Page } from '@playwright/test'
import { expect, openSlots, register, test, type Ops } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

/** A new member with `credit` dollars on the main wallet, logged in on `page`. */
async function memberWith(page: Page, ops: Ops, prefix: string, credit: string): Promise<string> {
  const name = `${prefix}${Date.now().toString(36).slice(-6)}`
  await register(page, ops, name)
  expect(await ops('adjust', name, credit, 'end-to-end play credit')).toContain(credit)
  return name
}

/** Money on the main wallet, none on the vendor's: the launch offers the transfer. */
async function acceptTransfer(page: Page) {
  const offer = page.getByRole('button', { name: /^Move .* and play$/ })
  await expect(offer).toBeVisible()
  await offer.click()
  await expect(page).toHaveURL(/\/game$/)
}

function dollars(label: string | null): number {
  const m = /^Balance: \$([\d,]+\.\d{2})$/.exec(label ?? '')
  if (!m?.[1]) throw new Error(`not a balance: ${label}`)
  return Number(m[1].replace(/,/g, ''))
}

test('a vendor taken off while browsing answers with the maintenance popup; a suggested game starts', async ({
  page,
  ops,
}) => {
  test.setTimeout(120_000)
  expect(await ops('wallet-mode', 'MULTI')).toContain('wallet mode MULTI')
  try {
    await memberWith(page, ops, 'mnt', '20')
    const grid = await openSlots(page)
    const first = grid.getByRole('button').filter({ hasNotText: /Lobby/ }).first()
    // Its name, read while it is on screen: once the refusal is in, the lobby itself may show
    // the vendor's maintenance in place of its games.
    const refused = (await first.getAttribute('aria-label')) ?? ''

    // The operator takes the vendor off the moment the member's launch is on its way, so
    // the lobby on screen has not heard of it (a status poll or a refreshed list would show
    // the maintenance in the lobby itself, which the lobby's own spec covers).
    await page.route(
      '**/wps/game/launchGame?*',
      async (route) => {
        expect(await ops('vendor-maintenance', 'DSL', 'on')).toContain('maintenance on')
        await route.continue()
      },
      { times: 1 },
    )
    await first.click()
    const dialog = page.getByRole('dialog', { name: 'Game under maintenance' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('Demo Slots is under maintenance')
    const suggested = dialog.getByRole('list', { name: 'Suggested games' })
    const tiles = suggested.getByRole('button')
    await expect(tiles.first()).toBeVisible()
    // Slots of other vendors: none of them is the game that was refused.
    await expect(suggested.getByRole('button', { name: refused, exact: true })).toHaveCount(0)

    await tiles.first().click()
    await acceptTransfer(page)
    await expect(page.locator('iframe')).toHaveAttribute('sandbox', 'allow-scripts allow-forms')
    await expect(page.frameLocator('iframe').getByRole('button', { name: 'Spin' })).toBeEnabled()
  } finally {
    await ops('vendor-maintenance', 'DSL', 'off')
    await ops('wallet-mode', 'SINGLE')
  }
})

test('the personal loss page shows what a few slot rounds lost or won', async ({ page, ops }) => {
  test.setTimeout(120_000)
  await memberWith(page, ops, 'pnl', '50')
  const grid = await openSlots(page)
  await grid.getByRole('button').filter({ hasNotText: /Lobby/ }).first().click()
  await expect(page).toHaveURL(/\/game$/)

  const spin = page.frameLocator('iframe').getByRole('button', { name: 'Spin' })
  await expect(spin).toBeEnabled()
  for (let i = 0; i < 4; i++) {
    await spin.click()
    await expect(spin).toBeEnabled()
  }
  // On a phone the game fills the screen: its menu (the handle) shows the balance.
  await page.getByRole('button', { name: 'Game menu' }).click()
  const menu = page.getByRole('dialog')
  const balance = menu.getByLabel(/^Balance: /)
  await menu.getByRole('button', { name: 'Refresh balance' }).click()
  // Refreshed (not "refreshing"), and moved by the rounds.
  await expect(balance).toHaveAttribute('aria-label', /^Balance: \$(?!50\.00$)[\d,]+\.\d{2}$/)
  const after = dollars(await balance.getAttribute('aria-label'))
  const winLoss = Math.round((after - 50) * 100) / 100
  const shown = `${winLoss < 0 ? '-' : ''}$${Math.abs(winLoss).toFixed(2)}`

  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  await page.goBack()
  await page.goto('/index?popup=memberCentre&centre=personalProfit')
  const centre = page.getByRole('dialog', { name: 'Member centre' })
  const facts = centre.locator('dl.money-facts')
  await expect(facts.locator('dt', { hasText: /^Win\/loss$/ }).locator('+ dd')).toHaveText(shown)
  await expect(facts.locator('dt', { hasText: /^Bet amount$/ }).locator('+ dd')).not.toHaveText('$0.00')
  await expect(centre.getByRole('listitem').filter({ hasText: 'Slots' })).toContainText(shown)
})

test('a featured fixture on /sports opens the sports game on that fixture, marked', async ({ page, ops }) => {
  test.setTimeout(120_000)
  await memberWith(page, ops, 'fx', '10')
  await page.goto('/sports?page=KSP')
  const featured = page.getByRole('region', { name: 'Featured fixtures' })
  const fixture = featured.getByRole('button').first()
  await expect(fixture).toBeEnabled()
  const teams = (await fixture.locator('.match-teams').textContent()) ?? ''
  expect(teams).toMatch(/ – /)
  await fixture.click()

  await expect(page).toHaveURL(/\/game$/)
  const game = page.frameLocator('iframe')
  const marked = game.locator('[aria-current="true"]')
  await expect(marked).toHaveCount(1)
  await expect(marked).toContainText(teams)
})
