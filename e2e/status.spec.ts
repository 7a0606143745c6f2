import { expect, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

test('the maintenance page replaces every route while the operator has it on', async ({ page, ops }) => {
  await ops('maintenance', 'on', 'Back at 10:00')
  try {
    for (const path of ['/index', '/rng', '/help']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: 'System maintenance' })).toBeVisible()
      await expect(page.getByText('Back at 10:00')).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
    }
  } finally {
    await ops('maintenance', 'off')
  }
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 10_000 })
})

test.describe('from a restricted country', () => {
  test.use({ extraHTTPHeaders: { 'cf-ipcountry': 'KH' } })

  test('the region page appears when the operator restricts that country', async ({ page, ops }) => {
    await ops('region', 'block', 'KH')
    try {
      await page.goto('/index')
      await expect(page.getByRole('heading', { name: 'Access restricted' })).toBeVisible()
    } finally {
      await ops('region', 'unblock', 'KH')
    }
    await expect(async () => {
      await page.reload()
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Lotus Play' })).toBeVisible({
        timeout: 1000,
      })
    }).toPass({ timeout: 10_000 })
  })
})

test('a blocked address gets the blocked page', async ({ page, ops }) => {
  await ops('ip', 'block', '127.0.0.1')
  try {
    await page.goto('/index')
    await expect(page.getByRole('heading', { name: 'Access blocked' })).toBeVisible()
  } finally {
    await ops('ip', 'unblock', '127.0.0.1')
  }
})
