/**
 * Missions on a phone (decision 030): player01 (the demo's member on day 4 of the 7-day
 * sign-in) opens Missions from Me, opens the sign-in's own page, checks in, and the missions'
 * count drops on the member centre's entry and on the tab bar's Me. Back returns from the
 * sign-in's page to the hub. With SHOTS_DIR set, it also saves the pages at 360 and 1280 px.
 */
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

test.use({ viewport: { width: 360, height: 740 } })

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

/** Saves what the page shows when SHOTS_DIR names a folder (a look at the layout). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`) })
}

const countOf = (text: string | null, label: string) =>
  Number(new RegExp(`${label}: (\\d+)`).exec(text ?? '')?.[1])

test('player01 checks in from the sign-in page and the missions count drops on the centre and on Me', async ({
  page,
  consoleErrors,
}) => {
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

  const tabs = page.getByRole('navigation', { name: 'Sections' })
  const me = tabs.getByRole('button', { name: /^Me \(Rewards to claim: \d+\)$/ })
  await expect(me).toBeVisible()
  const meBefore = countOf(await me.textContent(), 'Rewards to claim')

  await me.click()
  const dialog = page.getByRole('dialog', { name: 'Member centre' })
  const menu = dialog.getByRole('navigation', { name: 'Member centre menu' })
  const missions = menu.getByRole('button', { name: /^Missions \(Missions to claim: \d+\)$/ })
  await expect(missions).toBeVisible()
  const before = countOf(await missions.textContent(), 'Missions to claim')
  expect(before).toBeGreaterThanOrEqual(1)
  // The member card: the level's badge beside its name.
  await expect(dialog.locator('.member-card-medal')).toBeVisible()
  await shot(page, 'member-card-360')

  await missions.click()
  const strip = dialog.getByRole('region', { name: '7-day sign-in' })
  await expect(strip.getByRole('button', { name: 'Check in' })).toBeVisible()
  await shot(page, 'missions-hub-360')

  await strip.getByRole('button', { name: 'Rules and progress: 7-day sign-in' }).click()
  await expect(dialog.getByRole('heading', { level: 3, name: '7-day sign-in', exact: true })).toBeFocused()
  await expect(dialog.getByRole('region', { name: 'Rules' })).toContainText('Check in once a day')
  await expect(dialog.getByText('Checked in 3 of 7 days')).toBeVisible()
  await shot(page, 'sign-in-task-360')

  await dialog.getByRole('button', { name: 'Check in' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'Checked in:' })).toHaveText(
    'Checked in: day 4, 15 points added.',
  )
  await expect(dialog.getByText('Checked in 4 of 7 days')).toBeVisible()
  await expect(dialog.getByText('Checked in today. Come back tomorrow for day 5.')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Check in' })).toHaveCount(0)

  // Back returns to the hub, which shows today checked in.
  await page.goBack()
  await expect(dialog.getByRole('heading', { level: 3, name: 'Missions', exact: true })).toBeVisible()
  await expect(strip.getByText('Checked in today. Come back tomorrow for day 5.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Back to menu' }).click()
  // A count of 0 draws no badge: the entry is then named by its label alone.
  const after = before - 1
  await expect(
    menu.getByRole('button', {
      name: after > 0 ? `Missions (Missions to claim: ${after})` : 'Missions',
      exact: true,
    }),
  ).toBeVisible()
  const meAfter = meBefore - 1
  await expect(
    tabs.getByRole('button', { name: meAfter > 0 ? `Me (Rewards to claim: ${meAfter})` : 'Me', exact: true }),
  ).toBeVisible()

  if (process.env.SHOTS_DIR) {
    await page.setViewportSize({ width: 1280, height: 800 })
    await menu.getByRole('button', { name: /^Missions/ }).click()
    await expect(strip).toBeVisible()
    await shot(page, 'missions-hub-1280')
    await strip.getByRole('button', { name: 'Rules and progress: 7-day sign-in' }).click()
    await expect(dialog.getByRole('region', { name: 'Rules' })).toContainText('Check in once a day')
    await shot(page, 'sign-in-task-1280')
    await dialog.getByRole('button', { name: 'Back to Missions' }).click()
    await shot(page, 'member-card-1280')
  }
  expect(consoleErrors).toEqual([])
})
