/**
 * The deposit page at 360 px as a player uses it: the bank's logo, round amounts within the
 * method's limits and a typed one outside them refused at the field, the bank's QR, Copy
 * buttons that say Copied (the clipboard holds the value), the server's reference in the
 * transfer's note and in the operator's list, a receipt picture previewed and removed, then online payments
 * through the demo gateway: paid and cancelled, each with a result page that survives a
 * reload. Screenshots at 360 and 1280 px when SHOTS_DIR names a folder.
 */
import { axeSerious, centrePage, englishWithoutNotice, expect, register, shots, test } from './fixtures'

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAJ0lEQVQ4jWMQqYiiCmIYNUhkNIxERtNRxWgWqRgtRqJGS8iogaxFAKMOBZ8nt4WfAAAAAElFTkSuQmCC',
  'base64',
)

test.beforeEach(async ({ page, context }) => {
  await englishWithoutNotice(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('a bank transfer with the amount picked, its details copied and a receipt, then online payments and their results', async ({
  page,
  ops,
}) => {
  // A long walk: two gateway round trips and a reload, on a host shared with other runs.
  test.setTimeout(300_000)
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(err.message))
  const name = `d${Date.now().toString(36).slice(-7)}`
  await register(page, ops, name)
  const banner = page.getByRole('banner')
  await banner.getByRole('button', { name: 'Deposit', exact: true }).click()
  const { dialog } = centrePage(page)

  // The bank transfer shows its bank's logo, drawn by the server (the demo bank has no picture).
  const logo = dialog
    .getByRole('group', { name: 'Deposit method' })
    .getByRole('img', { name: 'Lotus Demo Bank' })
  await expect(logo).toHaveAttribute('src', /^\/media\/banks\/DEMO\/LOTUS\.webp\?v=[0-9a-f]{12}$/)
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96)

  // Round amounts within the bank's limits ($10 to $50,000); one fills the amount.
  const chips = dialog.getByRole('group', { name: 'Quick amounts' })
  await expect(chips.getByRole('button')).toHaveText(['$10', '$50', '$100', '$500', '$1,000', '$5,000'])
  const amount = dialog.getByLabel('Amount', { exact: true })
  await chips.getByRole('button', { name: '$50', exact: true }).click()
  await expect(amount).toHaveValue('50.00')
  await expect(chips.getByRole('button', { name: '$50', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(dialog.getByRole('button', { name: 'Copy Reference' })).toBeVisible()
  await shots(page, 'deposit-form')
  // A typed amount under the minimum is refused at the field when the player moves on.
  await amount.fill('5')
  await amount.press('Tab')
  await expect(amount).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByText('The smallest amount is $10.00.')).toBeVisible()
  await amount.fill('120')

  // Where to send it: the bank's QR, and each detail with a Copy button.
  const details = dialog.getByRole('region', { name: 'Send your transfer to' })
  await expect(details.getByRole('img', { name: 'QR code to pay Lotus Demo Bank' })).toHaveAttribute(
    'src',
    /^data:image\/svg\+xml/,
  )
  await details.getByRole('button', { name: 'Copy Account number' }).click()
  await expect(details.getByRole('button', { name: 'Copied Account number' })).toBeVisible()
  await expect(details.getByRole('status').filter({ hasText: 'Account number copied' })).toHaveCount(1)
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('001 234 567 890')
  await details.getByRole('button', { name: 'Copy Reference' }).click()
  await expect(details.getByRole('button', { name: 'Copied Reference' })).toBeVisible()
  const reference = await page.evaluate(() => navigator.clipboard.readText())
  expect(reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/)
  await expect(
    details.getByText(`Write ${reference} in your transfer’s note`, { exact: false }),
  ).toBeVisible()

  // A receipt picture: previewed, removed (the amount stays), chosen again.
  const receipt = dialog.getByLabel('Receipt (optional)')
  await receipt.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png })
  await expect(dialog.getByRole('img', { name: 'Chosen picture: receipt.png' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Remove receipt.png' }).click()
  await expect(dialog.getByRole('img', { name: /Chosen picture/ })).toHaveCount(0)
  await expect(receipt).toBeFocused()
  await expect(amount).toHaveValue('120')
  await receipt.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png })
  await expect(dialog.getByRole('img', { name: 'Chosen picture: receipt.png' })).toBeVisible()
  expect(await axeSerious(page, '[role="dialog"]')).toEqual([])
  await shots(page, 'deposit-bank')

  await dialog.getByRole('button', { name: 'Submit deposit' }).click()
  const recent = dialog.getByRole('region', { name: 'Recent deposits' })
  await expect(recent.getByRole('listitem').filter({ hasText: reference })).toContainText('Pending')
  // The operator sees the same reference (and the receipt) to match the transfer.
  const line = (await ops('deposits', 'list')).split('\n').find((l) => l.includes(` ${name} `))
  expect(line).toContain(`ref ${reference}`)
  expect(line).toContain('(receipt)')
  // The next transfer gets a reference of its own.
  await expect(details.getByText(reference, { exact: true })).toHaveCount(0)

  // An online payment, paid at the demo gateway: the result page, and again after a reload.
  await dialog.getByRole('radio', { name: /Online payment/ }).check()
  await dialog
    .getByRole('group', { name: 'Quick amounts' })
    .getByRole('button', { name: '$10', exact: true })
    .click()
  await dialog.getByRole('button', { name: 'Pay online' }).click()
  await page.getByRole('button', { name: 'Pay $10.00' }).click()
  const paid = centrePage(page).dialog.getByRole('region', { name: 'Payment received' })
  await expect(paid).toContainText('$10.00')
  await expect(paid).toContainText('The money is in your main wallet.')
  await expect(page.getByRole('banner').getByLabel('Balance: $10.00')).toBeVisible()
  await page.reload()
  await expect(centrePage(page).dialog.getByRole('region', { name: 'Payment received' })).toContainText('$10')
  expect(await axeSerious(page, '[role="dialog"]')).toEqual([])
  await shots(page, 'deposit-paid')
  await paid.getByRole('button', { name: 'Make another deposit' }).click()
  await expect(page).not.toHaveURL(/deposit=/)

  // Cancelled at the gateway: the page says so, and Try again brings the form back.
  const again = centrePage(page).dialog
  await again.getByRole('radio', { name: /Online payment/ }).check()
  await again.getByLabel('Amount', { exact: true }).fill('15')
  await again.getByRole('button', { name: 'Pay online' }).click()
  await page.getByRole('button', { name: 'Cancel payment' }).click()
  const failed = centrePage(page).dialog.getByRole('region', { name: 'Payment not completed' })
  await expect(failed).toContainText('$15.00')
  await expect(failed).toContainText('nothing was taken')
  await shots(page, 'deposit-failed')
  await failed.getByRole('button', { name: 'Try again' }).click()
  await expect(centrePage(page).dialog.getByRole('group', { name: 'Quick amounts' })).toBeVisible()

  expect(errors).toEqual([])
})
