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
  expect((await details.boundingBox())?.height).toBeGreaterThanOrEqual(40)
  await details.click()
  await expect(page).toHaveURL(/\/promoDetail\?id=\d+$/)
  await expect(page.getByRole('heading', { name: '100% welcome bonus' })).toBeVisible()
})
