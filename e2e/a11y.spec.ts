import AxeBuilder from '@axe-core/playwright'
import { axeSerious, expect, test } from './fixtures'

test('home has no serious or critical accessibility violation', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('index-notice-seen', '1'))
  await page.goto('/index')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await axeSerious(page)).toEqual([])
})

test('the notice popup has no serious or critical accessibility violation, and keyboard works', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'))
  // Opened by its link: by itself it waits for the page to settle (e2e/notice.spec.ts).
  await page.goto('/index?popup=notice')
  const dialog = page.getByRole('dialog', { name: 'Announcement' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(
    'Welcome bonus: 100% on your first deposit',
  )
  expect(await axeSerious(page, '[role="dialog"]')).toEqual([])

  await dialog.getByRole('button', { name: 'Page 2' }).click()
  await expect(dialog.getByRole('list').getByRole('button')).toHaveText([
    '8Install the Lotus Play app',
    '9Play responsibly',
  ])
  // Focus leaving for anywhere outside the dialog (or for nothing) over 30 Tabs, recorded in
  // the page: never.
  await dialog.evaluate((d) => {
    const w = window as Window & { focusedOutside?: string[] }
    w.focusedOutside = []
    d.addEventListener('focusout', (e) => {
      const to = (e as FocusEvent).relatedTarget
      if (!(to instanceof Node) || !d.contains(to))
        w.focusedOutside?.push(to instanceof Element ? to.outerHTML.slice(0, 80) : 'nothing')
    })
  })
  for (let i = 0; i < 30; i++) await page.keyboard.press('Tab')
  expect(
    await page.evaluate(() => (window as Window & { focusedOutside?: string[] }).focusedOutside),
  ).toEqual([])
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
})

test('game tiles are named by what they show: the game first, then its badges', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
  await page.goto('/rng')
  const grid = page.locator('.game-grid').first()
  await expect(grid.getByRole('listitem').first()).toBeVisible()
  await expect(grid.getByRole('button', { name: /, (Hot|New)$/ }).first()).toBeVisible()
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .include('.game-grid')
    .withRules(['label-content-name-mismatch'])
    .analyze()
  expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([])
  expect(results.passes.map((p) => p.id)).toContain('label-content-name-mismatch')
})
