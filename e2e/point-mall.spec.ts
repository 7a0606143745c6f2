/**
 * The point mall on a phone (decision 030 section 3): player01 sets a payment password, opens
 * the mall's rewards, redeems the demo's power bank with a receiving address and phone, sees
 * it in process in the history; the operator approves it, and after a reload the history says
 * Approved and the inbox has the notice. The member centre's entry opens the history. With
 * SHOTS_DIR set, it also saves the rewards, the sheet and the history at 360 and 1280 px.
 */
import { centrePage, englishWithoutNotice, expect, shots, test } from './fixtures'

test.use({ viewport: { width: 360, height: 740 } })

test.beforeEach(({ page }) => englishWithoutNotice(page))

test('player01 redeems the power bank, the operator approves it, and the history and inbox say so', async ({
  page,
  ops,
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

  // A payment password, set in the member centre as a member does.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Me\b/ }).click()
  const centre = centrePage(page)
  await centre.go('My account')
  await centre.dialog.getByLabel('Login password', { exact: true }).fill('lotus123')
  await centre.dialog.getByLabel('New payment password', { exact: true }).fill('246810')
  await centre.dialog.getByLabel('Confirm new payment password').fill('246810')
  await centre.dialog.getByRole('button', { name: 'Set payment password' }).click()
  await expect(centre.dialog.getByRole('heading', { name: 'Change payment password' })).toBeVisible()

  // The member centre's entry opens the mall on the history, which has the demo's three.
  await centre.go('Redeem history')
  await expect(page).toHaveURL(/\/pointMall\?tab=history$/)
  const history = page.getByRole('list', { name: 'Redeem history' })
  await expect(history.getByRole('listitem')).toHaveCount(3)

  await page.getByRole('navigation', { name: 'Points' }).getByRole('link', { name: 'Rewards' }).click()
  const rewards = page.getByRole('list', { name: 'Rewards' })
  const card = rewards.getByRole('listitem').filter({ hasText: 'Power bank 10,000 mAh' })
  await expect(card.getByText('5,000 points')).toBeVisible()
  await expect(card.locator('img')).toHaveJSProperty('complete', true)
  await shots(page, 'mall-rewards')

  await card.getByRole('button', { name: 'Redeem Power bank 10,000 mAh' }).click()
  const sheet = page.getByRole('dialog', { name: 'Redeem' })
  await expect(page).toHaveURL(/reward=\d+/)
  // On a phone the sheet rises from the bottom edge, full width, in reach of the thumb.
  // (Where it comes to rest: it is still rising for a moment after it is shown.)
  await expect(sheet).toHaveAttribute('data-state', 'shown')
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox()
      return box && { left: box.x, width: Math.round(box.width), bottom: Math.round(box.y + box.height) }
    })
    .toEqual({ left: 0, width: 360, bottom: 740 })
  await sheet.getByLabel('Receiving address').fill('No. 8, Street 63, Phnom Penh')
  await sheet.getByLabel('Mobile number').fill('012345678')
  await sheet.getByLabel('Payment password', { exact: true }).fill('246810')
  await shots(page, 'mall-redeem-sheet')
  await sheet.getByRole('button', { name: 'Confirm' }).click()
  const done = sheet.getByRole('status')
  await expect(done).toContainText('Transaction number PR')
  await expect(done.getByText('In process')).toBeVisible()
  const number = /PR\d{8}/.exec((await done.textContent()) ?? '')?.[0] ?? ''
  await shots(page, 'mall-redeemed')

  // Done closes the sheet (Back off its entry), back on the rewards.
  await sheet.getByRole('button', { name: 'Done' }).click()
  await expect(sheet).toHaveCount(0)
  await expect(page).toHaveURL(/\/pointMall\?tab=rewards$/)

  await page.getByRole('navigation', { name: 'Points' }).getByRole('link', { name: 'History' }).click()
  const row = history.getByRole('listitem').filter({ hasText: number })
  await expect(row.getByText('In process')).toBeVisible()
  await expect(row).toContainText('No. 8, Street 63, Phnom Penh')
  await shots(page, 'mall-history')

  expect(await ops('redemption', 'approve', number)).toMatch(/approved/i)
  await page.reload()
  await expect(row.getByText('Approved')).toBeVisible()

  // The overview's way to use points opens the convert sheet; Escape closes it.
  await page.getByRole('navigation', { name: 'Points' }).getByRole('link', { name: 'Overview' }).click()
  await page
    .getByRole('region', { name: 'Ways to use points' })
    .getByRole('button', { name: 'Convert points' })
    .click()
  const convert = page.getByRole('dialog', { name: 'Convert points' })
  await convert.getByLabel('Points', { exact: true }).fill('1000')
  await expect(convert.getByText('At least', { exact: false })).toBeVisible()
  await shots(page, 'mall-convert-sheet')
  await page.keyboard.press('Escape')
  await expect(convert).toHaveCount(0)
  await expect(page).toHaveURL(/\/pointMall$/)

  await page.goto('/index?popup=memberCentre&centre=messageV2')
  const messages = page.getByRole('dialog', { name: 'Member centre' }).getByRole('list', { name: 'Messages' })
  await expect(messages.getByText('Redemption approved')).toBeVisible()
  expect(consoleErrors).toEqual([])
})
