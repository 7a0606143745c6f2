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

test('a new member claims the daily login reward, then deposits with the reload bonus credited with it', async ({
  page,
  ops,
}) => {
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
  await expect(tabs.getByRole('button', { name: `Me (Rewards to claim: ${before - 1})` })).toBeVisible()

  // A deposit with the 10% reload bonus: the bonus is credited with the approved deposit.
  await menu.getByRole('button', { name: 'Deposit', exact: true }).click()
  await dialog.getByLabel('Amount', { exact: true }).fill('100')
  const bonuses = dialog.getByRole('group', { name: 'Choose a bonus' })
  await expect(bonuses.getByRole('radio', { name: 'No bonus' })).toBeChecked()
  const reload = bonuses.getByRole('radio', { name: /10% daily reload bonus/ })
  const option = bonuses.locator('label').filter({ hasText: '10% daily reload bonus' })
  await expect(option).toContainText('+$10.00')
  await expect(option).toContainText('5× turnover on the bonus')
  await reload.check()
  // The server's reference for the transfer's note is shown before the deposit can be sent.
  await expect(dialog.getByRole('button', { name: 'Copy Reference' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Submit deposit' }).click()
  await expect(dialog.getByRole('region', { name: 'Recent deposits' }).getByText('Pending')).toBeVisible()
  const line = (await ops('deposits', 'list')).split('\n').find((l) => l.includes(` ${name} `))
  const id = /^#(\d+)/.exec(line ?? '')?.[1]
  expect(id).toBeTruthy()
  await ops('deposits', 'approve', id ?? '')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await banner.getByRole('button', { name: 'Refresh balance' }).click()
  await expect(banner.getByLabel('Balance: $110.50')).toBeVisible()
})
