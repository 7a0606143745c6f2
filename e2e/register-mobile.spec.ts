/**
 * The mobile registration tab at 360 px: the country reads whole ("+855 Cambodia"), the
 * number's placeholder too; the invitation code field is there (the demo brand's rules
 * have it), and a referral link's code is said: "Invited by LOTUS01", with no field.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

/** The width the text needs in the element's font, against the room its box gives it. */
function textFits(field: Locator, text: 'selected' | 'placeholder'): Promise<{ need: number; room: number }> {
  return field.evaluate((el, which) => {
    const input = el as HTMLInputElement | HTMLSelectElement
    const words =
      which === 'selected'
        ? ((input as HTMLSelectElement).selectedOptions[0]?.text ?? '')
        : (input as HTMLInputElement).placeholder
    const style = getComputedStyle(input)
    const ctx = document.createElement('canvas').getContext('2d')!
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    // A select's arrow takes about 24 px of its box.
    const arrow = which === 'selected' ? 24 : 0
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow
    return { need: Math.ceil(ctx.measureText(words).width), room }
  }, text)
}

async function mobileTab(page: Page, url: string): Promise<Locator> {
  await page.goto(url)
  const dialog = page.getByRole('dialog', { name: 'Register' })
  await dialog.getByRole('tab', { name: 'Mobile number' }).click()
  return dialog
}

test('the mobile tab at 360 px: the country and placeholder read whole; the invitation code is asked', async ({
  page,
}) => {
  const dialog = await mobileTab(page, '/register')
  const country = dialog.getByLabel('Country code')
  await expect(country).toHaveValue('855')
  await expect(country.locator('option:checked')).toHaveText(/^\+855 /)
  const c = await textFits(country, 'selected')
  expect(c.need).toBeLessThanOrEqual(c.room)
  const p = await textFits(dialog.getByRole('textbox', { name: 'Mobile number' }), 'placeholder')
  expect(p.need).toBeLessThanOrEqual(p.room)
  await expect(dialog.getByRole('textbox', { name: 'Invitation code' })).toBeVisible()
  await expect(dialog.getByText(/^Invited by/)).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('register-mobile-360.png') })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: test.info().outputPath('register-mobile-1280.png') })
})

test('a referral link on the mobile tab says who invited, with no code field', async ({ page }) => {
  const dialog = await mobileTab(page, '/register?referralCode=LOTUS01')
  await expect(dialog.getByText('Invited by LOTUS01')).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Invitation code' })).toHaveCount(0)
})
