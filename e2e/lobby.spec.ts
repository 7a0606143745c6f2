/**
 * A game lobby on a phone against the real server and its seeded catalogue: a vendor tab,
 * a name search, and a favourite that a member still finds under Favourites after a reload.
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

test('a member opens /rng, picks a vendor, finds a game by part of its name and keeps it as a favourite', async ({
  page,
  ops,
  consoleErrors,
}) => {
  // What the seeded catalogue holds: the second slots vendor and a game far down its list.
  const vendors = (await (await page.request.get('/wps/relay/GCSGAME_gameVendor')).json()) as Answer<{
    data: {
      lanes: { gameType: string; cards: { vassalage: string; displayName: string; maintenance: boolean }[] }[]
    }
  }>
  const vendor = vendors.value.data.lanes
    .filter((l) => l.gameType === 'RNG')
    .flatMap((l) => l.cards)
    .filter((c) => !c.maintenance)[1]
  if (!vendor) throw new Error('the seeded catalogue has fewer than two RNG vendors')
  const list = (await (
    await page.request.get(
      `/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=${vendor.vassalage}&pageNo=3&pageSize=20`,
    )
  ).json()) as Answer<{ list: { gameName: string }[] }>
  const target = list.value.list[5]?.gameName
  if (!target) throw new Error(`vendor ${vendor.vassalage} has fewer than 46 games`)
  const part = target.slice(1).toLowerCase()

  await register(page, ops, 'lobbyfav1')
  await page.goto('/rng')
  await expect(page).toHaveTitle(/ – Slots$/)
  const tabs = page.getByRole('navigation', { name: 'Game providers' })
  await tabs.getByRole('link', { name: vendor.displayName, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/rng\\?page=${vendor.vassalage}$`))
  const grid = page.getByRole('list', { name: `${vendor.displayName} games` })
  await expect(grid.getByRole('listitem').first()).toBeVisible()

  await page.getByRole('searchbox', { name: 'Search games' }).fill(part)
  const tile = grid.getByRole('button', { name: new RegExp(`^${escape(target)}(,|$)`) })
  await expect(tile).toBeVisible()

  const heart = grid.getByRole('button', { name: `Favourite: ${target}` })
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')

  await page.reload()
  await page
    .getByRole('navigation', { name: 'Game providers' })
    .getByRole('link', { name: 'Favourites' })
    .click()
  await expect(page).toHaveURL(/\/rng\?page=favorites$/)
  const favourites = page.getByRole('list', { name: 'Favourite games' })
  await expect(favourites.getByRole('button', { name: `Favourite: ${target}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  expect(consoleErrors).toEqual([])
})

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

test('a link to the last vendor of a lobby shows its tab in the strip, on a phone', async ({ page }) => {
  await page.goto('/rng')
  const strip = page.getByRole('navigation', { name: 'Game providers' })
  const last = strip.getByRole('link').last()
  // The strip is wider than a phone: its last tab starts out of view.
  await expect(last).not.toBeInViewport()
  const href = await last.getAttribute('href')
  expect(href).toMatch(/^\/rng\?page=\w+$/)

  await page.goto(href ?? '')
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1)
  await expect(last).toHaveAttribute('aria-current', 'page')
  await expect(last).toBeInViewport()
})
