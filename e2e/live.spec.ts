/**
 * The open app hears money move, with push off, at 360 px: the operator approves a deposit
 * and the header balance, the bell's count, the deposit list and a toast change by
 * themselves (no reload, no refresh button); the same for a withdrawal paid and one
 * rejected with its reason; and a second tab of the same member (a duplicated tab carries
 * the session) hears the same.
 */
import type { Page } from '@playwright/test'
import {
  addPayoutDetails,
  centrePage,
  englishWithoutNotice,
  expect,
  pendingId,
  register,
  test,
} from './fixtures'

test.use({ viewport: { width: 360, height: 740 } })

/** A second tab with this tab's session, as the browser's "Duplicate tab" makes one. */
async function duplicate(page: Page): Promise<Page> {
  const session = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)))
  const tab = await page.context().newPage()
  await tab.addInitScript((entries: string) => {
    for (const [k, v] of JSON.parse(entries) as [string, string][]) sessionStorage.setItem(k, v)
  }, session)
  await tab.goto('/index')
  // Its reads wait for the page to hydrate (src/lib/hydration.ts), slow on a loaded machine.
  await expect(tab.locator('html[data-app="ready"]')).toHaveCount(1, { timeout: 60_000 })
  return tab
}

test('money moved by the operator shows at once in every open tab', async ({ page, ops, consoleErrors }) => {
  test.setTimeout(240_000)
  await englishWithoutNotice(page)
  const name = `lv${Date.now().toString(36).slice(-7)}`
  await register(page, ops, name)
  const banner = page.getByRole('banner')
  await expect(banner.getByLabel('Balance: $0.00')).toBeVisible()
  const other = await duplicate(page)
  const otherBanner = other.getByRole('banner')
  await expect(otherBanner.getByLabel('Balance: $0.00')).toBeVisible()

  // A bank deposit, open on the deposit page while the operator approves it.
  await banner.getByRole('button', { name: 'Deposit', exact: true }).click()
  const centre = centrePage(page)
  const { dialog, go } = centre
  await dialog.getByLabel('Amount', { exact: true }).fill('100')
  await expect(dialog.getByRole('button', { name: 'Copy Reference' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Submit deposit' }).click()
  const deposits = dialog.getByRole('region', { name: 'Recent deposits' })
  await expect(deposits.getByText('Pending')).toBeVisible()
  expect(await ops('deposits', 'approve', await pendingId(ops, 'deposits', name))).toContain('credited')

  await expect(banner.getByLabel('Balance: $100.00')).toBeVisible()
  await expect(deposits.getByText('Credited')).toBeVisible()
  await expect(page.getByText(/^Deposit received: /)).toBeVisible()
  await expect(banner.getByRole('button', { name: 'Messages, 1 unread' })).toBeVisible()
  await expect(otherBanner.getByLabel('Balance: $100.00')).toBeVisible()
  await expect(otherBanner.getByRole('button', { name: 'Messages, 1 unread' })).toBeVisible()

  // Two withdrawals: one paid, one rejected with the operator's reason.
  await go('My account')
  await addPayoutDetails(centre)
  await go('Withdrawal')
  for (const amount of ['30', '20']) {
    await dialog.getByLabel('Amount', { exact: true }).fill(amount)
    await dialog.getByLabel('Payment password', { exact: true }).fill('246810')
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('')
  }
  await expect(banner.getByLabel('Balance: $50.00')).toBeVisible()
  const list = await ops('withdrawals', 'list')
  const pending = list
    .split('\n')
    .filter((l) => l.includes(` ${name} `))
    .map((l) => /^#(\d+)\D.*?\b(\d+)\.00\b/.exec(l))
  const [paid, rejected] = pending
  if (!paid?.[1] || !rejected?.[1] || !rejected[2])
    throw new Error(`two pending withdrawals expected:\n${list}`)
  await ops('withdrawals', 'approve', paid[1])
  const withdrawals = dialog.getByRole('region', { name: 'Recent withdrawals' })
  await expect(withdrawals.getByText('Paid', { exact: true })).toBeVisible()
  await ops('withdrawals', 'reject', rejected[1], 'name does not match the card')
  await expect(page.getByText(/^Withdrawal rejected: .*name does not match the card/)).toBeVisible()
  await expect(withdrawals.getByText('Rejected, returned')).toBeVisible()
  // The rejected amount is back: 100 − 30 − 20 + what was rejected.
  const back = `Balance: $${50 + Number(rejected[2])}.00`
  await expect(banner.getByLabel(back)).toBeVisible()
  await expect(otherBanner.getByLabel(back)).toBeVisible()
  await expect(otherBanner.getByRole('button', { name: 'Messages, 3 unread' })).toBeVisible()

  expect(consoleErrors).toEqual([])
  await other.close()
})
