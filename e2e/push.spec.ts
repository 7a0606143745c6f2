/**
 * A fund notice reaching an open page at 360 px through push alone (the live channel is cut
 * here; e2e/live.spec.ts walks it): the operator approves a deposit, a push arrives at the
 * service worker (delivered through the DevTools protocol, as the browser's push service
 * would), and without a reload the header balance and the unread count change and a toast
 * says what happened.
 */
import type { Page } from '@playwright/test'
import { expect, test, register } from './fixtures'

test.use({ viewport: { width: 360, height: 740 } })

test.beforeEach(async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL })
  // No live stream: the push is what brings the news, as for an app the phone had frozen.
  await context.route('**/wps/live/stream', (route) => route.abort())
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

/**
 * Waits until the page's service worker is activated and controls the page (a push sent
 * to a registration whose worker is still installing is dropped), as pwa.spec.ts does.
 */
async function workerActive(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated')
}

/** Delivers a push message to the page's service worker, as its push service would. */
async function deliverPush(page: Page, data: object) {
  const origin = new URL(page.url()).origin
  const cdp = await page.context().newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      const r = e.registrations.find((x) => x.scopeURL.startsWith(origin) && !x.isDeleted)
      if (r) resolve(r.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(data),
  })
}

test('an approved deposit reaches the open page through push, without a reload', async ({ page, ops }) => {
  test.setTimeout(120_000)
  const name = `p${Date.now().toString(36).slice(-7)}`
  await register(page, ops, name)
  await workerActive(page)
  const banner = page.getByRole('banner')
  await expect(banner.getByLabel('Balance: $0.00')).toBeVisible()

  await banner.getByRole('button', { name: 'Deposit', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Member centre' })
  await dialog.getByLabel('Amount', { exact: true }).fill('100')
  // The server's reference for the transfer's note is shown before the deposit can be sent.
  await expect(dialog.getByRole('button', { name: 'Copy Reference' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Submit deposit' }).click()
  await expect(dialog.getByRole('region', { name: 'Recent deposits' }).getByText('Pending')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()

  const line = (await ops('deposits', 'list')).split('\n').find((l) => l.includes(` ${name} `))
  const id = /^#(\d+)/.exec(line ?? '')?.[1]
  if (!id) throw new Error(`no pending deposit for ${name}`)
  expect(await ops('deposits', 'approve', id)).toContain('credited: 100.00')
  // Nothing on the page has asked yet: it still shows the old balance.
  await expect(banner.getByLabel('Balance: $0.00')).toBeVisible()

  await deliverPush(page, {
    type: 'deposit_credited',
    title: 'Deposit received',
    body: '$100.00 has been added to your balance.',
    url: '/index?popup=memberCentre&centre=messageV2',
    unreadCount: 1,
    tag: `fund-${id}`,
  })

  await expect(banner.getByLabel('Balance: $100.00')).toBeVisible()
  await expect(banner.getByRole('button', { name: 'Messages, 1 unread' })).toBeVisible()
  await expect(page.getByRole('status').getByText(/Deposit received/)).toBeVisible()

  // The messages page lists it, in the member's language, and reading it clears the count.
  await banner.getByRole('button', { name: 'Messages, 1 unread' }).click()
  const list = dialog.getByRole('list', { name: 'Messages' })
  await expect(list.getByText('Deposit received')).toBeVisible()
  await dialog.getByRole('button', { name: 'Mark all read' }).click()
  await expect(banner.getByRole('button', { name: 'Messages', exact: true })).toBeVisible()
})

test('a malformed push still shows a notification and the page carries on', async ({ page, ops }) => {
  const name = `q${Date.now().toString(36).slice(-7)}`
  await register(page, ops, name)
  await workerActive(page)
  await deliverPush(page, { not: 'a notice' })
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title),
      ),
    )
    .toContain('New notice')
  await expect(page.getByRole('banner').getByLabel('Balance: $0.00')).toBeVisible()
})
