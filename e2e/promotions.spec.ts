/** The pages that bring players and agents in: the promotions and the join page. */
import { expect, register, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

test('a visitor sees the promotions with their art and is asked to register to claim', async ({ page }) => {
  await page.goto('/promotions')
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: '100% welcome bonus' }) })
  const art = card.locator('img')
  await expect(art).toBeVisible()
  await expect
    .poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  await expect(card.getByText('100% of your deposit, up to $100.00 · 10× turnover')).toBeVisible()
  const ask = card.getByRole('button', { name: 'Register to claim' })
  await expect(ask).toHaveAccessibleDescription('100% welcome bonus')
  expect((await ask.boundingBox())?.height).toBeGreaterThanOrEqual(40)
  await ask.click()
  await expect(page.getByRole('dialog', { name: 'Register' })).toBeVisible()
  await page.keyboard.press('Escape')

  // The type chips filter, and Back returns to all.
  await page
    .getByRole('navigation', { name: 'Promotion types' })
    .getByRole('link', { name: 'Rebate' })
    .click()
  await expect(page).toHaveURL(/type=rebate/)
  await expect(page.getByRole('heading', { name: 'Daily rebate' })).toBeVisible()
  await expect(page.getByRole('heading', { name: '100% welcome bonus' })).toHaveCount(0)
  await page.goBack()
  await expect(page.getByRole('heading', { name: '100% welcome bonus' })).toBeVisible()

  await page.getByRole('link', { name: '100% welcome bonus' }).click()
  await expect(page).toHaveURL(/\/promoDetail\?id=\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: '100% welcome bonus' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Rules' })).toContainText('10× the deposit and the bonus')
})

test('a new member claims the daily login reward, sees it claimed and the balance rise, then enters a code', async ({
  page,
  ops,
}) => {
  await register(page, ops, `p${Date.now().toString(36).slice(-7)}`)
  const banner = page.getByRole('banner')
  await expect(banner.getByLabel('Balance: $0.00')).toBeVisible()
  await page.goto('/promotions')
  const daily = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Daily login reward' }) })
  // Exactly Claim: until the app takes over, the server's page is a visitor's, whose
  // "Register to claim" a looser name would match and open the register popup.
  await daily.getByRole('button', { name: 'Claim', exact: true }).click()
  await expect(page.getByText('$0.50 credited to your balance.')).toBeVisible()
  // Its turnover (1× the reward) is open until valid bets settle for it.
  await expect(daily.getByRole('button', { name: 'In progress' })).toBeDisabled()
  await expect(daily.getByText(/^Next claim in \d\d:\d\d:\d\d$/)).toBeVisible()
  await expect(banner.getByLabel('Balance: $0.50')).toBeVisible()

  const code = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Promo code' }) })
  await code.getByRole('button', { name: 'Enter code' }).click()
  const dialog = page.getByRole('dialog', { name: 'Enter your promo code' })
  await dialog.getByLabel('Promo code').fill('NOPE1')
  await dialog.getByRole('button', { name: 'Claim' }).click()
  await expect(
    dialog.getByText('This promo code is not valid, has expired or has been used up.'),
  ).toBeVisible()
  await dialog.getByLabel('Promo code').fill('LOTUS3')
  await dialog.getByRole('button', { name: 'Claim' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('$3.00 credited to your balance.')).toBeVisible()
  await expect(banner.getByLabel('Balance: $3.50')).toBeVisible()
  await expect(page).toHaveURL(/\/promotions$/)
})

test('the join page tells how to join and offers the customer-service channels to ask', async ({ page }) => {
  await page.goto('/join')
  await expect(page.getByRole('heading', { level: 1, name: 'Join us' })).toBeVisible()
  await expect(page.getByText('To join, contact customer service below.')).toBeVisible()
  const service = page.getByRole('region', { name: 'Customer service, 24 hours' })
  await expect(service.getByRole('link', { name: 'Live chat 24/7' })).toHaveAttribute(
    'href',
    'https://livechat.example.com/lotus',
  )
  await expect(service.getByRole('link', { name: 'Telegram' })).toHaveAttribute('target', '_blank')
})
