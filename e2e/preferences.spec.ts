import { expect, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('index-notice-seen', '1'))
})

test('the language choice persists across a reload and travels as the Language header', async ({ page }) => {
  await page.goto('/index')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('សូមស្វាគមន៍មកកាន់ Lotus Play')

  await page.getByRole('banner').getByRole('button', { name: 'ម៉ឺនុយ' }).click()
  await page.getByRole('dialog').getByRole('combobox', { name: 'ភាសា' }).selectOption('zh')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('欢迎来到 Lotus Play')

  const statusRequest = page.waitForRequest((r) => r.url().includes('/wps/system/status'))
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('欢迎来到 Lotus Play')
  // The saved status is re-checked after every reload, in the chosen language.
  expect((await statusRequest).headers()['language']).toBe('CN')
  expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')])).toEqual([
    'zh',
    'CN',
  ])
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh')
})

test('the theme follows the system until picked, and the pick persists', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.addInitScript(() => localStorage.setItem('lang', 'en'))
  await page.goto('/index')
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await bg()).toBe('rgb(15, 20, 25)')

  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('combobox', { name: 'Theme' })
    .selectOption('light')
  expect(await bg()).toBe('rgb(246, 247, 249)')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light')
  expect(await bg()).toBe('rgb(246, 247, 249)')
})

test("switching the language redraws the server's own names in it, without a reload", async ({ page }) => {
  await page.goto('/lottery?gameCode=E5D1')
  await expect(page.getByRole('heading', { name: 'ល្បឿន 5D 1 នាទី' })).toBeVisible()

  await page.getByRole('banner').getByRole('button', { name: 'ម៉ឺនុយ' }).click()
  await page.getByRole('dialog').getByRole('combobox', { name: 'ភាសា' }).selectOption('zh')
  await page.keyboard.press('Escape')
  // The draw's name comes from the server in the Language header's language: asked for again.
  await expect(page.getByRole('heading', { name: '极速5D 1分钟' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'ល្បឿន 5D 1 នាទី' })).toHaveCount(0)
})
