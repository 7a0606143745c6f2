/**
 * One set of theme tokens: links carry the brand colour and form errors the error colour
 * whether the theme follows the system or the member picked one, light or dark.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'

type Rgb = [number, number, number]

const errorColour: Record<'light' | 'dark', Rgb> = { light: [180, 35, 24], dark: [252, 165, 165] }

function hexToRgb(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`)
  return [parseInt(m[1] ?? '', 16), parseInt(m[2] ?? '', 16), parseInt(m[3] ?? '', 16)]
}

/** On a dark surface links show the brand lifted towards white, so they stay readable. */
function brandOnDark(brand: Rgb): Rgb {
  return brand.map((c) => Math.round(c * 0.6 + 255 * 0.4)) as Rgb
}

/** An element's text colour as 8-bit sRGB, whatever notation the browser computes it in. */
async function textColour(el: Locator): Promise<Rgb> {
  return el.evaluate((node) => {
    const ctx = document.createElement('canvas').getContext('2d')
    if (!ctx) throw new Error('no 2d canvas')
    ctx.fillStyle = getComputedStyle(node).color
    ctx.fillRect(0, 0, 1, 1)
    const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data
    return [r, g, b] as [number, number, number]
  })
}

function expectNear(actual: Rgb, expected: Rgb, what: string) {
  for (let i = 0; i < 3; i++) {
    expect(
      Math.abs((actual[i] ?? 0) - (expected[i] ?? 0)),
      `${what}: ${actual.join()} vs ${expected.join()}`,
    ).toBeLessThanOrEqual(1)
  }
}

async function brandColour(page: Page): Promise<Rgb> {
  const res = await page.request.get('/wps/system/settings/consolidated')
  const body = (await res.json()) as { value: { themeColor: string } }
  return hexToRgb(body.value.themeColor)
}

const modes = [
  { name: 'system light', system: 'light', pick: null, shown: 'light' },
  { name: 'system dark', system: 'dark', pick: null, shown: 'dark' },
  // The pick wins over the opposite system preference.
  { name: 'picked light on a dark system', system: 'dark', pick: 'light', shown: 'light' },
  { name: 'picked dark on a light system', system: 'light', pick: 'dark', shown: 'dark' },
] as const

for (const mode of modes) {
  test(`${mode.name}: links show the brand colour and form errors the error colour`, async ({
    page,
    consoleErrors,
  }) => {
    await page.emulateMedia({ colorScheme: mode.system })
    await page.addInitScript((pick) => {
      localStorage.setItem('lang', 'en')
      sessionStorage.setItem('index-notice-seen', '1')
      if (pick) localStorage.setItem('theme', pick)
    }, mode.pick)
    const brand = await brandColour(page)
    const link = mode.shown === 'light' ? brand : brandOnDark(brand)

    await page.goto('/index')
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog', { name: 'Log in' })
    // Sending the empty form shows the fields' errors without asking the server.
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
    const fieldError = dialog.getByText('This field cannot be empty.').first()
    await expect(fieldError).toBeVisible()

    expectNear(await textColour(fieldError), errorColour[mode.shown], 'field error')
    expectNear(
      await textColour(dialog.getByRole('button', { name: 'Forgot password?' })),
      link,
      'link button',
    )
    // The page under the popup is inert, so it is found by its markup rather than its role.
    const footerLink = page.locator('.footer-links a', { hasText: 'Help' })
    expectNear(await textColour(footerLink), link, 'footer link')
    expect(consoleErrors).toEqual([])
  })
}
