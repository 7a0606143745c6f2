/**
 * A deposit bonus from choice to cash-out, on a phone: a new member chooses the 10% reload
 * bonus on the deposit page; the operator approves the deposit; the withdraw page shows the
 * bonus's turnover still to wager and the withdrawal waits for it; one demo slot round of
 * the whole requirement clears it; the page says the turnover is complete and the
 * withdrawal goes through. Then a second bonus is forfeited to withdraw at once, after a
 * dialog that says what is lost.
 */
import { addPayoutDetails, centrePage, expect, pendingId, openSlots, register, test } from './fixtures'

test.use({ viewport: { width: 360, height: 740 } })

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

test('a deposit bonus is wagered, then withdrawn; a second one is forfeited to withdraw', async ({
  page,
  ops,
}) => {
  // About 30 s on a quiet machine; a loaded CI host takes longer, as for the other money specs.
  test.setTimeout(120_000)
  const name = `pf${Date.now().toString(36).slice(-7)}`
  await register(page, ops, name)
  const banner = page.getByRole('banner')
  await expect(banner.getByLabel('Balance: $0.00')).toBeVisible()

  // The deposit with the 10% reload bonus (5× turnover on it): $10.00, so $50.00 to wager.
  await banner.getByRole('button', { name: 'Deposit', exact: true }).click()
  const centre = centrePage(page)
  const { dialog, go } = centre
  await dialog.getByLabel('Amount', { exact: true }).fill('100')
  await dialog
    .getByRole('group', { name: 'Choose a bonus' })
    .getByRole('radio', { name: /10% daily reload bonus/ })
    .check()
  // The server's reference for the transfer's note is shown before the deposit can be sent.
  await expect(dialog.getByRole('button', { name: 'Copy Reference' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Submit deposit' }).click()
  await expect(dialog.getByRole('region', { name: 'Recent deposits' }).getByText('Pending')).toBeVisible()
  expect(await ops('deposits', 'approve', await pendingId(ops, 'deposits', name))).toContain('credited')
  await addPayoutDetails(centre)

  // The withdraw page: the turnover still to wager, and the withdrawal waits for it.
  await go('Withdrawal')
  const withdraw = dialog.getByRole('button', { name: 'Withdraw', exact: true })
  await expect(dialog.getByText('Wager $50.00 more before you can withdraw.')).toBeVisible()
  await expect(dialog.getByText('$0.00 of $50.00')).toBeVisible()
  await expect(withdraw).toBeDisabled()
  await expect(withdraw).toHaveAccessibleDescription('Wager $50.00 more before you can withdraw.')

  // One $50.00 slot round, played from the main wallet, settles the whole requirement.
  const grid = await openSlots(page)
  await grid.getByRole('button').filter({ hasNotText: /Lobby/ }).first().click()
  await expect(page).toHaveURL(/\/game$/)
  const game = page.frameLocator('iframe')
  await game.getByRole('group', { name: 'Chip' }).getByRole('button', { name: '50.00' }).click()
  const spin = game.getByRole('button', { name: 'Spin' })
  await spin.click()
  await expect(spin).toBeEnabled()
  await expect(game.locator('.outcome')).not.toBeEmpty()

  await page.goto('/index?popup=memberCentre&centre=withdraw')
  await expect(dialog.getByText('Bonus turnover complete: you can withdraw.')).toBeVisible()
  await expect(dialog.getByText('$50.00 of $50.00')).toBeVisible()
  await expect(dialog.getByText(/^Wager .* more/)).toHaveCount(0)
  await dialog.getByLabel('Amount', { exact: true }).fill('10')
  await dialog.getByLabel('Payment password', { exact: true }).fill('246810')
  await withdraw.click()
  const recent = dialog.getByRole('region', { name: 'Recent withdrawals' })
  await expect(recent.getByText('Pending')).toHaveCount(1)

  // A second bonus, from the operator, 10× on $5.00: forfeited to withdraw at once.
  expect(await ops('bonus', name, '5', '--turnover', '10', 'goodwill')).toContain('wager 50.00')
  await page.reload()
  await expect(dialog.getByText('Wager $50.00 more before you can withdraw.')).toBeVisible()
  await expect(
    dialog.getByText('Or forfeit your open bonuses and withdraw now: you lose $5.00.'),
  ).toBeVisible()
  await expect(withdraw).toBeDisabled()
  await dialog.getByLabel('Amount', { exact: true }).fill('10')
  await dialog.getByLabel('Payment password', { exact: true }).fill('246810')
  await dialog.getByRole('button', { name: 'Forfeit bonus and withdraw' }).click()
  const confirm = page.getByRole('dialog', { name: 'Forfeit bonus and withdraw?' })
  await expect(confirm).toContainText(
    'You lose $5.00: it is taken from your balance, and the bonuses still to wager are closed.',
  )
  await expect(confirm).toContainText('Then $10.00 is withdrawn to')
  await confirm.getByRole('button', { name: 'Forfeit and withdraw' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(recent.getByText('Pending')).toHaveCount(2)
  await expect(dialog.getByText(/^Wager .* more/)).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Forfeit bonus and withdraw' })).toHaveCount(0)
  expect(await ops('turnover', 'list', name)).toMatch(/forfeited\s+operator.*by member:/)
  expect(await ops('reconcile')).toContain('promotion money reconciles')
})
