/**
 * Money end to end, for a member registered here (so balances start at zero): a bank
 * deposit the operator approves, a payment password and a bank card, a withdrawal the
 * operator rejects (the funds come back), a wallet transfer, the account record of all of
 * it, an online deposit through the demo gateway and its result, and the ledger's reconciliation.
 */
import { addPayoutDetails, centrePage, expect, pendingId, refreshedBalance, register, test } from './fixtures'

test.beforeEach(async ({ page, ops }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
  // The demo brand plays from the main wallet; the transfer below needs vendor wallets.
  expect(await ops('wallet-mode', 'MULTI')).toContain('wallet mode MULTI')
})
test.afterEach(async ({ ops }) => {
  await ops('wallet-mode', 'SINGLE')
})

test('deposit, withdraw, get a rejected withdrawal back, pay online, and the ledger reconciles', async ({
  page,
  ops,
}) => {
  test.setTimeout(120_000)
  // Every console error fails the test, the demo gateway's own page included.
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (err) => errors.push(err.message))
  const name = `m${Date.now().toString(36).slice(-7)}`
  await register(page, ops, name)
  const banner = page.getByRole('banner')
  await expect(banner.getByLabel('Balance: $0.00')).toBeVisible()

  // A bank transfer deposit, credited when the operator approves it.
  await banner.getByRole('button', { name: 'Deposit', exact: true }).click()
  const centre = centrePage(page)
  const { dialog, go } = centre
  await expect(dialog.getByText('001 234 567 890')).toBeVisible()
  await dialog.getByLabel('Amount', { exact: true }).fill('100')
  await expect(dialog.getByRole('button', { name: 'Copy Reference' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Submit deposit' }).click()
  await expect(dialog.getByRole('region', { name: 'Recent deposits' }).getByText('Pending')).toBeVisible()
  expect(await ops('deposits', 'approve', await pendingId(ops, 'deposits', name))).toContain(
    'credited: 100.00',
  )
  await refreshedBalance(page, banner, '$100.00')

  // A payment password, then a bank card.
  await banner.getByRole('button', { name: new RegExp(name, 'i') }).click()
  await page
    .getByRole('dialog', { name: 'Account menu' })
    .getByRole('button', { name: /Member centre/ })
    .click()
  await addPayoutDetails(centre)

  // A withdrawal; the operator rejects it and the amount comes back.
  await go('Withdrawal')
  await dialog.getByLabel('Amount', { exact: true }).fill('30')
  await dialog.getByLabel('Payment password', { exact: true }).fill('246810')
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click()
  await expect(banner.getByLabel('Balance: $70.00')).toBeVisible()
  expect(await ops('withdrawals', 'reject', await pendingId(ops, 'withdrawals', name))).toContain('returned')
  await refreshedBalance(page, banner, '$100.00')

  // A transfer to a vendor wallet keeps the sum.
  await banner.getByRole('button', { name: new RegExp(name, 'i') }).click()
  await page
    .getByRole('dialog', { name: 'Account menu' })
    .getByRole('button', { name: /Member centre/ })
    .click()
  await go('My wallet')
  await dialog.getByLabel('Amount', { exact: true }).fill('10')
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click()
  await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('')
  await expect(banner.getByLabel('Balance: $100.00')).toBeVisible()

  // The account record lists every movement.
  await go('Account record')
  const record = dialog.getByRole('list', { name: 'Account record' })
  await expect(record.getByText(/^Deposit ·/)).toBeVisible()
  await expect(record.getByText(/^Withdrawal ·/)).toBeVisible()
  await expect(record.getByText(/^Withdrawal returned ·/)).toBeVisible()
  await expect(record.getByText(/^Wallet transfer ·/).first()).toBeVisible()

  // An online deposit through the demo gateway page, back to the portal's deposit page.
  await go('Deposit')
  await dialog.getByRole('radio', { name: /Online payment/ }).check()
  await dialog.getByLabel('Amount', { exact: true }).fill('20')
  await dialog.getByRole('button', { name: 'Pay online' }).click()
  await expect(page).toHaveURL(/\/gateway\/demo\/pay/)
  await page.getByRole('button', { name: 'Pay $20.00' }).click()
  await expect(page).toHaveURL(/\/index\?popup=memberCentre&centre=depositv2&deposit=DP[0-9A-F]{18}$/)
  const back = centrePage(page).dialog
  await expect(back.getByRole('heading', { level: 3, name: 'Deposit', exact: true })).toBeVisible()
  await expect(back.getByRole('region', { name: 'Payment received' })).toContainText('$20.00')
  await expect(
    back.getByRole('region', { name: 'Recent deposits' }).getByText('Credited').first(),
  ).toBeVisible()
  await expect(page.getByRole('banner').getByLabel('Balance: $120.00')).toBeVisible()

  expect(await ops('reconcile')).toContain('ledger reconciles')
  expect(errors).toEqual([])
})
