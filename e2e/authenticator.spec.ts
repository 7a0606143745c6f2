/**
 * The authenticator app on a phone (decision 031): a new member sets it up in My account by
 * typing the key the page shows into "their app" (the same TOTP library, here), keeps the
 * recovery codes shown once, and then a login from a new address (another browser, behind
 * the trusted proxy with its own X-Forwarded-For) asks for the app's code and accepts it.
 * Where the brand asks for the code on withdrawal (WDGOOGLECODE3), the withdraw form has its
 * field and shows the server's refusal at it. With SHOTS_DIR set, it saves the set-up, the
 * recovery codes, the section turned on, the login's step and the withdraw form at 360 and
 * 1280 px.
 */
import path from 'node:path'
import { base32 } from '@otplib/plugin-base32-scure'
import { crypto } from '@otplib/plugin-crypto-node'
import { generate } from '@otplib/totp'
import type { Locator, Page } from '@playwright/test'
import { addPayoutDetails, centrePage, expect, register, test } from './fixtures'

test.use({ viewport: { width: 360, height: 740 } })
// A long walk: registering, the set-up, a second browser's login and a withdrawal's form.
test.setTimeout(180_000)

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

/** What the screen shows around `at` (inside the member centre's scrolling page), at 360 and 1280 px. */
async function shots(page: Page, name: string, at: Locator): Promise<void> {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  await at.scrollIntoViewIfNeeded()
  await page.screenshot({ path: path.join(dir, `${name}-360.png`) })
  await page.setViewportSize({ width: 1280, height: 800 })
  await at.scrollIntoViewIfNeeded()
  await page.screenshot({ path: path.join(dir, `${name}-1280.png`) })
  await page.setViewportSize({ width: 360, height: 740 })
}

/** The code an authenticator app shows for the key, `steps` time steps from now. */
function codeOf(secret: string, steps = 0): Promise<string> {
  return generate({ secret, crypto, base32, epoch: Math.floor(Date.now() / 1000) + steps * 30 })
}

test('a member sets up the authenticator, and a login from a new address is confirmed with its code', async ({
  page,
  browser,
  baseURL,
  ops,
  consoleErrors,
}) => {
  const name = `otp${Date.now().toString(36).slice(-6)}`
  await ops('flag', 'set', 'WDGOOGLECODE3', 'on')
  await register(page, ops, name)
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Me\b/ }).click()
  const centre = centrePage(page)
  await centre.go('My account')

  const section = centre.dialog.getByRole('region', { name: 'Authenticator app' })
  await expect(section.getByText('Off', { exact: true })).toBeVisible()
  await section.getByRole('button', { name: 'Set up the authenticator app' }).click()
  await expect(section.getByRole('heading', { name: 'Set up the authenticator app' })).toBeFocused()
  await expect(
    section.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toBeVisible()
  const secret = ((await section.getByTestId('authenticator-secret').textContent()) ?? '').replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await shots(page, 'authenticator-setup', section.getByTestId('authenticator-secret'))

  // A code that is not the app's is refused with words a member understands.
  const field = section.getByLabel('6-digit code from the app')
  const code = await codeOf(secret)
  await field.fill(code === '000000' ? '111111' : '000000')
  await section.getByRole('button', { name: 'Turn on' }).click()
  await expect(
    section.getByText('The code is wrong. Check the time on your phone and try the newest code.'),
  ).toBeVisible()
  await field.fill(code)
  await section.getByRole('button', { name: 'Turn on' }).click()

  await expect(section.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused()
  const codes = section.getByTestId('recovery-codes').getByRole('listitem')
  await expect(codes).toHaveCount(10)
  expect(((await codes.first().textContent()) ?? '').trim()).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/)
  await expect(section.getByRole('button', { name: 'Copy the recovery codes' })).toBeVisible()
  const download = page.waitForEvent('download')
  await section.getByRole('button', { name: 'Download' }).click()
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt')
  await shots(page, 'authenticator-codes', section.getByTestId('recovery-codes'))
  const done = section.getByRole('button', { name: 'Done' })
  await expect(done).toBeDisabled()
  await section.getByLabel('I have saved my recovery codes').check()
  await done.click()
  await expect(section.getByText('On', { exact: true })).toBeVisible()
  await expect(section.getByText(/Recovery codes left: 10/)).toBeVisible()
  await expect(section.getByRole('button', { name: 'Turn off' })).toBeFocused()
  await shots(page, 'authenticator-on', section)

  // Another phone, at another address (the proxy in front says which): the app's code is asked.
  const away = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    extraHTTPHeaders: { 'X-Forwarded-For': '10.77.0.9' },
  })
  try {
    const other = await away.newPage()
    await other.addInitScript(() => {
      localStorage.setItem('lang', 'en')
      sessionStorage.setItem('index-notice-seen', '1')
    })
    await other.goto('/index')
    await other.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    const login = other.getByRole('dialog', { name: 'Log in' })
    await login.getByLabel('Username', { exact: true }).fill(name)
    await login.getByLabel('Password', { exact: true }).fill('lotus123')
    await login.getByRole('button', { name: 'Log in', exact: true }).click()
    await expect(login.getByText('This is a login from a new place. Please confirm it is you.')).toBeVisible()
    const appCode = login.getByLabel('Authenticator app code')
    await expect(appCode).toBeVisible()
    await expect(login.getByRole('button', { name: 'Lost your phone? Use a recovery code' })).toBeVisible()
    await shots(other, 'authenticator-login-step', appCode)
    // The set-up used this step's code: the app's next one is within the step either side.
    await appCode.fill(await codeOf(secret, 1))
    await login.getByRole('button', { name: 'Confirm' }).click()
    await expect(login).toHaveCount(0)
    await expect(other.getByRole('banner').getByRole('button', { name: new RegExp(name) })).toBeVisible()
  } finally {
    await away.close()
  }

  // The brand asks for the app's code on withdrawal: the form has its field, and a wrong
  // code is refused at it with everything typed kept.
  try {
    await ops('adjust', name, '100.00', 'test credit')
    await addPayoutDetails(centre)
    await centre.go('Withdrawal')
    const appCode = centre.dialog.getByLabel('Authenticator code')
    await expect(appCode).toBeVisible()
    await expect(appCode).toHaveAttribute('inputmode', 'numeric')
    await expect(appCode).toHaveAttribute('autocomplete', 'one-time-code')
    const accepted = await Promise.all([-1, 0, 1].map((s) => codeOf(secret, s)))
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !accepted.includes(c)) ?? ''
    await centre.dialog.getByLabel('Amount', { exact: true }).fill('30')
    await centre.dialog.getByLabel('Payment password', { exact: true }).fill('246810')
    await appCode.fill(wrong)
    await centre.dialog.getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect(appCode).toHaveAttribute('aria-invalid', 'true')
    await expect(
      centre.dialog.getByText('The code is wrong. Check the time on your phone and try the newest code.'),
    ).toBeVisible()
    await expect(centre.dialog.getByLabel('Amount', { exact: true })).toHaveValue('30')
    await expect(appCode).toHaveValue(wrong)
    await shots(page, 'authenticator-withdraw', appCode)
  } finally {
    await ops('flag', 'set', 'WDGOOGLECODE3', 'off')
  }

  // The wrong codes typed on purpose above are the only failed requests.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ])
})
