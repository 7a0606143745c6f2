/**
 * The reward centre on a phone, for a member registered here: the tab bar's Me counts the
 * rewards to claim (the daily login reward and the new member gift among them); the daily
 * login is claimed in one tap, the count drops by one and the balance rises by 0.50. Then a
 * deposit with the 10% reload bonus chosen shows what it adds.
 */
import { expect, register, test } from './fixtures'

test.use({ viewport: { width: 360, height: 740 } })

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

test('a new member claims the daily login reward from the reward centre', async ({ page, ops }) => {
  test.setTimeout(90_000)
  const name = `r${Date.now().toString(36).slice(-7)}`
  await register(page, ops, name)
  const banner = page.getByRole('banner')
  await expect(banner.getByLabel('Balance: $0.00')).toBeVisible()

  const tabs = page.getByRole('navigation', { name: 'Sections' })
  const me = tabs.getByRole('button', { name: /^Me \(Rewards to claim: \d+\)$/ })
  await expect(me).toBeVisible()
  const before = Number(/Rewards to claim: (\d+)/.exec((await me.textContent()) ?? '')?.[1])
  expect(before).toBeGreaterThanOrEqual(2)

  await me.click()
  const dialog = page.getByRole('dialog', { name: 'Member centre' })
  const menu = dialog.getByRole('navigation', { name: 'Member centre menu' })
  await menu
    .getByRole('button', { name: new RegExp(`^Reward centre \\(Rewards to claim: ${before}\\)$`) })
    .click()
  const ready = dialog.getByRole('region', { name: 'Ready to claim' })
  await expect(ready.getByText('New member gift')).toBeVisible()
  await ready.getByRole('button', { name: 'Claim Daily login reward' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'added to your balance' })).toHaveText(
    '+$0.50 added to your balance',
  )
  await expect(ready.getByText('Daily login reward')).toHaveCount(0)
  await expect(dialog.getByRole('region', { name: 'History' }).getByText('Daily login reward')).toBeVisible()
  await expect(banner.getByLabel('Balance: $0.50')).toBeVisible()
  await dialog.getByRole('button', { name: 'Back to menu' }).click()
  await expect(
    menu.getByRole('button', { name: new RegExp(`^Reward centre \\(Rewards to claim: ${before - 1}\\)$`) }),
  ).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(tabs.getByRole('button', { name: `Me (Rewards to claim: ${before - 1})` })).toBeVisible()
})
