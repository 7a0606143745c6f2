/**
 * Playing on a phone against the real server, the demo vendor and its seamless wallet: a
 * member with money on the main wallet opens /rng, picks the demo slots vendor, searches a
 * game, plays it straight from the main wallet (the demo brand is single-wallet, so no
 * transfer is offered), spins in the sandboxed frame that fills the phone, sees the balance
 * in the game's menu follow the round, leaves by Back to the lobby, and finds the round in
 * the betting record.
 */
import { expect, test, register } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

interface Answer<T> {
  success: boolean
  value: T
}

test('a member plays a slot round in the game frame; the balance, Back and the betting record follow', async ({
  page,
  ops,
}) => {
  test.setTimeout(120_000)
  const list = (await (
    await page.request.get('/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=DSL&pageNo=1&pageSize=5')
  ).json()) as Answer<{ list: { gameName: string; gameId: string; isGame: string }[] }>
  const game = list.value.list.find((g) => g.isGame === 'GAME')
  if (!game) throw new Error('the demo slots vendor lists no game')

  const name = `play${Date.now().toString(36).slice(-6)}`
  await register(page, ops, name)
  expect(await ops('adjust', name, '50', 'end-to-end play credit')).toContain('50')

  await page.goto('/rng')
  await page
    .getByRole('navigation', { name: 'Game providers' })
    .getByRole('link', { name: 'Demo Slots' })
    .click()
  await expect(page).toHaveURL(/\/rng\?page=DSL$/)
  await page.getByRole('searchbox', { name: 'Search games' }).fill(game.gameName.slice(0, 6))
  const grid = page.getByRole('list', { name: 'Demo Slots games' })
  await grid
    .getByRole('button', { name: new RegExp(`^${escape(game.gameName)}(,|$)`) })
    .first()
    .click()

  // Single-wallet brand: the game opens on the main wallet, with no transfer offer.
  await expect(page).toHaveURL(/\/game$/)
  await expect(page.getByRole('button', { name: /^Move .* and play$/ })).toHaveCount(0)
  const frame = page.locator('iframe')
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms')
  // On a phone the game fills the screen: its menu (the handle) shows the balance.
  const handle = page.getByRole('button', { name: 'Game menu' })
  const menu = page.getByRole('dialog', { name: game.gameName })
  await handle.click()
  await menu.getByRole('button', { name: 'Refresh balance' }).click()
  await expect(menu.getByLabel(/^Balance: \$50\.00$/)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)

  const game1 = page.frameLocator('iframe')
  const spin = game1.getByRole('button', { name: 'Spin' })
  await expect(spin).toBeEnabled()
  // Spin until the balance moves (a round that pays back exactly its stake leaves it still).
  for (let i = 0; i < 5; i++) {
    await spin.click()
    await expect(spin).toBeEnabled()
    await handle.click()
    const label = await menu.getByLabel(/^Balance: (?!refreshing)/).getAttribute('aria-label')
    await page.keyboard.press('Escape')
    await expect(menu).toHaveCount(0)
    if (label !== 'Balance: $50.00') break
  }
  await handle.click()
  await expect(menu.getByLabel(/^Balance: /)).not.toHaveAttribute('aria-label', 'Balance: $50.00')
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)

  await page.goBack()
  await expect(page).toHaveURL(/\/rng\?page=DSL/)

  await page.goto('/index?popup=memberCentre&centre=personalHistoryCopy')
  const record = page.getByRole('list', { name: 'Betting record' })
  await expect(record.getByRole('listitem').first()).toContainText(game.gameName)
})

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
