/** The pages that bring players and agents in: the promotions and the join page. */
import { expect, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

test('a promotion shows its art and a Details button a finger can tap, which opens it', async ({ page }) => {
  await page.goto('/promotions')
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: '100% welcome bonus' }) })
  const art = card.locator('img')
  await expect(art).toBeVisible()
  await expect
    .poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  const details = card.getByRole('link', { name: 'Details' })
  await expect(details).toHaveAccessibleDescription('100% welcome bonus')
  expect((await details.boundingBox())?.height).toBeGreaterThanOrEqual(40)
  await details.click()
  await expect(page).toHaveURL(/\/promoDetail\?id=\d+$/)
  await expect(page.getByRole('heading', { name: '100% welcome bonus' })).toBeVisible()
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
