import { expect, test } from './fixtures'

test('the notices open by themselves on the first visit to the home page, never over another popup', async ({
  page,
}) => {
  // An invitation link opens the register popup: the notices wait while it is open.
  const noticeCode = page.waitForResponse((r) => /\/assets\/notice-popup-host-[\w-]+\.js$/.test(r.url()))
  await page.goto('/register?referralCode=LOTUS01')
  const register = page.getByRole('dialog', { name: 'ចុះឈ្មោះ' })
  await expect(register).toBeVisible()
  // The notices' code has loaded and had its chance to open them.
  await noticeCode
  await page.evaluate(() => new Promise((done) => setTimeout(done, 500)))
  await expect(page.getByRole('dialog')).toHaveCount(1)
  await expect(register).toBeVisible()

  // Closed, the register popup leaves the home page, where the notices now open once.
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/\/index$/)
  const notices = page.getByRole('dialog', { name: 'សេចក្តីជូនដំណឹង' })
  // They open once the page has settled: after its load, when the main thread is idle (at
  // most 2 s later, src/utils/idle.ts), and once their code has loaded.
  await expect(notices).toBeVisible({ timeout: 15_000 })
  await page.keyboard.press('Escape')
  await expect(notices).toHaveCount(0)
})
