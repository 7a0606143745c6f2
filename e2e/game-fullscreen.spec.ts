/**
 * The game fills the phone: against the real server and the demo vendor, a member launches a
 * slot at 360 x 740 and the frame covers the whole screen, with no header; the handle opens
 * the game's menu with the balance, and Exit game returns to the lobby. Turned to landscape
 * (740 x 360) the frame still covers the screen. At 1280 px the header and the game's bar
 * stay. The header's search finds a game by part of its name, across providers, and launches
 * it. SHOTS_DIR (a folder) saves what each view shows.
 */
import path from 'node:path'
import type { Page } from '@playwright/test'
import { englishWithoutNotice, expect, openSlots, register, test, type Ops } from './fixtures'

test.beforeEach(async ({ page }) => englishWithoutNotice(page))

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  // A dialog is drawn once it has faded in.
  await expect(page.locator('[role="dialog"]:not([data-state="shown"])')).toHaveCount(0)
  await page.screenshot({ path: path.join(dir, `${name}.png`) })
}

/** A new member with `credit` dollars, logged in on `page`, launching the first demo slot. */
async function launchSlot(page: Page, ops: Ops, credit: string): Promise<string> {
  const name = `full${Date.now().toString(36).slice(-6)}`
  await register(page, ops, name)
  expect(await ops('adjust', name, credit, 'end-to-end play credit')).toContain(credit)
  const grid = await openSlots(page)
  const tile = grid.getByRole('button').filter({ hasNotText: /Lobby/ }).first()
  const game = ((await tile.getAttribute('aria-label')) ?? '').split(', ')[0] ?? ''
  await tile.click()
  await expect(page).toHaveURL(/\/game$/)
  await expect(page.frameLocator('iframe').getByRole('button', { name: 'Spin' })).toBeEnabled()
  return game
}

async function expectFrameCovers(page: Page) {
  const viewport = page.viewportSize()
  if (!viewport) throw new Error('no viewport')
  await expect
    .poll(async () => page.locator('iframe').boundingBox())
    .toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height })
}

test('on a phone the game fills the screen; the handle opens its menu with the balance; Exit game returns to the lobby', async ({
  page,
  ops,
}) => {
  test.setTimeout(120_000)
  const game = await launchSlot(page, ops, '20')
  await expectFrameCovers(page)
  await expect(page.getByRole('banner')).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Exit$|‹ Exit/ })).toHaveCount(0)
  const handle = page.getByRole('button', { name: 'Game menu' })
  await expect(handle).toBeVisible()
  const box = await handle.boundingBox()
  expect(box && box.width <= 48 && box.height <= 48 && box.x < 20 && box.y < 20).toBe(true)
  await shot(page, 'game-360-portrait')

  await handle.click()
  const menu = page.getByRole('dialog', { name: game })
  await expect(menu.getByLabel('Balance: $20.00')).toBeVisible()
  await shot(page, 'game-360-menu')
  // Back closes the menu and leaves the game running.
  await page.goBack()
  await expect(menu).toHaveCount(0)
  await expect(page).toHaveURL(/\/game$/)

  await page.setViewportSize({ width: 740, height: 360 })
  await expectFrameCovers(page)
  await expect(handle).toBeVisible()
  await shot(page, 'game-740x360-landscape')
  await handle.click()
  await expect(menu.getByRole('button', { name: 'Exit game' })).toBeVisible()
  await shot(page, 'game-740x360-menu')
  await menu.getByRole('button', { name: 'Exit game' }).click()
  await expect(page).toHaveURL(/\/rng\?page=DSL$/)
  await expect(page.getByRole('list', { name: 'Demo Slots games' })).toBeVisible()
})

test('at 1280 px the game keeps the header and its bar', async ({ page, ops }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  const game = await launchSlot(page, ops, '10')
  const banner = page.getByRole('banner')
  await expect(banner).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: game })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Game menu' })).toBeHidden()
  const header = await banner.boundingBox()
  const frame = await page.locator('iframe').boundingBox()
  expect(header && frame && frame.y >= header.y + header.height).toBe(true)
  await shot(page, 'game-1280')
  await page.getByRole('button', { name: /Exit/ }).click()
  await expect(page).toHaveURL(/\/rng\?page=DSL$/)
})

test('the header search finds a game by part of its name and launches it', async ({ page, ops }) => {
  test.setTimeout(120_000)
  const list = (await (
    await page.request.get('/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=DSL&pageNo=1&pageSize=5')
  ).json()) as { value: { list: { gameName: string; isGame: string }[] } }
  const game = list.value.list.find((g) => g.isGame === 'GAME')?.gameName
  if (!game) throw new Error('the demo slots vendor lists no game')
  // Part of the name, from inside it, in other letter case.
  const part = game.slice(2, 8).toUpperCase()

  const name = `find${Date.now().toString(36).slice(-6)}`
  await register(page, ops, name)
  expect(await ops('adjust', name, '10', 'end-to-end play credit')).toContain('10')
  await page.goto('/index')
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
  await shot(page, 'header-360')

  await page.getByRole('banner').getByRole('button', { name: 'Search games' }).click()
  const dialog = page.getByRole('dialog', { name: 'Search games' })
  const field = dialog.getByRole('searchbox', { name: 'Game name' })
  await field.fill('zzzq')
  await expect(dialog.getByText('No games match “zzzq”.')).toBeVisible()
  await field.fill(part)
  const results = dialog.getByRole('list', { name: `Games matching “${part}”` })
  const tile = results.getByRole('button', { name: new RegExp(`^${escape(game)}(,|$)`) }).first()
  await expect(tile).toBeVisible()
  await shot(page, 'search-360')
  await tile.click()
  await expect(page).toHaveURL(/\/game$/)
  await expect(page.locator('iframe')).toHaveAttribute('title', game)
  await expect(dialog).toHaveCount(0)

  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/index')
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
  await shot(page, 'header-1280')
  await page.getByRole('banner').getByRole('button', { name: 'Search games' }).click()
  await field.fill(part)
  await expect(tile).toBeVisible()
  await shot(page, 'search-1280')
})

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
