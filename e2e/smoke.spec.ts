import { expect, test } from './fixtures'

test('the home page renders the brand the server holds, in Khmer', async ({
  page,
  request,
  consoleErrors,
}) => {
  const res = await request.get('/wps/system/settings/consolidated')
  const brand = (await res.json()) as { value: { brandName: string; logoUrl: string } }
  const status = (await (await request.get('/wps/system/status')).json()) as {
    value: { info: { customerService: { title: string }[] } }
  }

  await page.goto('/')
  await expect(page).toHaveURL(/\/index$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`សូមស្វាគមន៍មកកាន់ ${brand.value.brandName}`)
  await expect(page.locator('header .brand img')).toHaveAttribute('src', brand.value.logoUrl)
  // Customer service, once on the page (the side bar's quick links).
  for (const c of status.value.info.customerService) {
    await expect(page.getByRole('link', { name: c.title, exact: true })).toHaveCount(1)
  }
  // Titled in the page's language, as the operator gave them.
  await expect(page.getByRole('link', { name: 'ជជែកផ្ទាល់ 24/7', exact: true })).toHaveCount(1)
  await expect(page.getByRole('link', { name: 'Live chat 24/7' })).toHaveCount(0)
  // The Khmer font is shipped, so Khmer text never falls back to boxes.
  const khmerFontLoaded = await page.evaluate(async () => {
    await document.fonts.ready
    return document.fonts.check('700 24px "Portal Khmer"', 'សូម')
  })
  expect(khmerFontLoaded).toBe(true)
  expect(consoleErrors).toEqual([])
})

test('navigations to app routes get the shell; API paths never do', async ({ request }) => {
  const shell = await request.get('/pointMall', { headers: { accept: 'text/html' } })
  expect(shell.status()).toBe(200)
  expect(shell.headers()['content-type']).toContain('text/html')
  expect(shell.headers()['cache-control']).toBe('no-cache')

  for (const p of ['/wps/nothing', '/lgw/nothing', '/lotto/nothing']) {
    const api = await request.get(p, { headers: { accept: 'text/html' } })
    expect(api.status()).toBe(404)
    expect(await api.json()).toMatchObject({ success: false, errorCode: 'not_found' })
  }
})

test('the manifest names the brand and the start page', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest')
  expect(res.status()).toBe(200)
  const m = (await res.json()) as Record<string, unknown>
  expect(m).toMatchObject({ name: 'Lotus Play', start_url: '/index', display: 'standalone', scope: '/' })
})
