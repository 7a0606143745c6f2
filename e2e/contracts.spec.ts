/**
 * A daily-salary contract from offer to payment, on phones (360 px): agent01 offers its
 * sub-agent agent02 a daily salary; agent02, in its own browser with notifications allowed,
 * receives the offer's push (delivered through the DevTools protocol, as its push service
 * would, with the notice the server wrote for it), opens the notification's page and accepts.
 * A member of agent02's team plays a slot round today; the operator then runs the settlement
 * job's own service as if the clock read two minutes past the brand's midnight two days on
 * (so the round's day is paid even if the brand's midnight came while it was played), and
 * both agents find the payment in My income and in the daily wages history.
 *
 * NOTE: a browser notification cannot be clicked from a test: the spec opens the address the
 * shown notification carries, which is what its click does (src/sw/push.ts).
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test'
import { inboxEndpoints } from '#contract/inbox'
import { PushPayloadSchema } from '#contract/push-payload'
import { expect, test } from './fixtures'

test.use({ viewport: { width: 360, height: 740 } })

/** The demo brand's time zone (server/db/seed-data.ts). */
const brandZone = 'Asia/Phnom_Penh'

/** Today in `zone`, as YYYY-MM-DD. */
function todayIn(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date())
}

/** The day `days` after the YYYY-MM-DD `day`. */
function dayAfter(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 0) + days)).toISOString().slice(0, 10)
}

async function phone(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL })
  await context.grantPermissions(['notifications'], { origin: baseURL })
  await context.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
  return { context, page: await context.newPage() }
}

/** Logs an agent in at the agent entrance; the agent centre opens. */
async function agentLogIn(page: Page, username: string): Promise<Locator> {
  await page.goto('/agent')
  const entrance = page.getByRole('main')
  await entrance.getByLabel('Agent username').fill(username)
  await entrance.getByLabel('Password', { exact: true }).fill('lotus123')
  await entrance.getByRole('button', { name: 'Log in as an agent' }).click()
  const centre = page.getByRole('dialog', { name: 'Agent centre' })
  await expect(centre.getByRole('heading', { level: 3, name: 'Team overview', exact: true })).toBeVisible()
  return centre
}

/** On a phone a centre's page takes the menu's place: back to the list, then the page. */
async function goTo(centre: Locator, label: string) {
  const back = centre.getByRole('button', { name: 'Back to menu' })
  if (await back.isVisible()) await back.click()
  await centre
    .getByRole('navigation', { name: 'Agent centre menu' })
    .getByRole('button', { name: label })
    .click()
}

/** Waits until the page's service worker is activated and controls the page (push.spec.ts). */
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

/** The newest notice of the caller's inbox, as the server wrote it, and the unread count. */
async function newestNotice(page: Page) {
  const token = await page.evaluate(() => sessionStorage.getItem('token'))
  const headers = { Authorization: token ?? '', Language: 'en' }
  const list = (await (
    await page.request.get(`${inboxEndpoints.list.path}?pageSize=1`, { headers })
  ).json()) as {
    value: { list: { id: number; type: string; title: string; body: string; url: string }[] }
  }
  const unread = (await (await page.request.get(inboxEndpoints.unreadCount.path, { headers })).json()) as {
    value: { unread: number }
  }
  const notice = list.value.list[0]
  if (!notice) throw new Error('no notice in the inbox')
  return { notice, unread: unread.value.unread }
}

/** A member of agent02's team plays slot rounds until one is staked. */
async function teamRound(page: Page) {
  await page.goto('/index')
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  const login = page.getByRole('dialog', { name: 'Log in' })
  await login.getByLabel('Username', { exact: true }).fill('team03')
  await login.getByLabel('Password', { exact: true }).fill('lotus123')
  await login.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(login).toHaveCount(0)
  await page.goto('/rng')
  await page
    .getByRole('navigation', { name: 'Game providers' })
    .getByRole('link', { name: 'Demo Slots' })
    .click()
  await page.getByRole('list', { name: 'Demo Slots games' }).getByRole('button').first().click()
  await expect(page).toHaveURL(/\/game$/)
  const game = page.frameLocator('iframe')
  // The largest chip: a round big enough that a fraction of a percent of it is a cent or more.
  await game.getByRole('group').getByRole('button').last().click()
  const spin = game.getByRole('button', { name: 'Spin' })
  for (let i = 0; i < 3; i++) {
    await expect(spin).toBeEnabled()
    await spin.click()
  }
  await expect(spin).toBeEnabled()
}

/** A settlement table's money cell ("1,234.56") in minor units. */
const minor = (cell: string) => BigInt(cell.replace(/[^0-9]/g, ''))
const money = (v: bigint) => `${(v / 100n).toLocaleString('en-US')}.${(v % 100n).toString().padStart(2, '0')}`

/**
 * What the operator's settlement table says each agent was paid: the newest payment, and the
 * sum over the days listed. Each period is a heading line (`dailySalary <day> day from …`)
 * followed by its rows: agent, measure, active, rate, pay, downline, amount, shortfall.
 */
function paidIn(table: string, agent: string, days: readonly string[]): { newest: string; sum: string } {
  let day = ''
  let newest = ''
  let sum = 0n
  for (const line of table.split('\n')) {
    const heading = /^dailySalary (\d{4}-\d{2}-\d{2}) day /.exec(line)
    if (heading) day = heading[1] ?? ''
    const cells = line.trim().split(/\s+/)
    if (cells[0] !== agent || cells.length < 8) continue
    newest = cells[6] ?? ''
    if (days.includes(day)) sum += minor(newest)
  }
  if (newest === '') throw new Error(`no payment to ${agent} in:\n${table}`)
  return { newest, sum: money(sum) }
}

test('a daily salary offered, accepted from its push, paid by the job and seen by both agents', async ({
  browser,
  baseURL,
  ops,
}) => {
  test.setTimeout(180_000)
  const up = await phone(browser, baseURL)
  const down = await phone(browser, baseURL)
  const member = await phone(browser, baseURL)
  try {
    // agent02 is at its phone, the app's worker ready for pushes. Its live stream is cut, so
    // what reaches the page is the push (e2e/live.spec.ts walks the stream).
    await down.context.route('**/wps/live/stream', (route) => route.abort())
    const downCentre = await agentLogIn(down.page, 'agent02')
    await downCentre.getByRole('button', { name: 'Close' }).click()
    await workerActive(down.page)

    // agent01 offers agent02 0.3 % of its team's valid bets (its own is 0.5 % from 0).
    const upCentre = await agentLogIn(up.page, 'agent01')
    await goTo(upCentre, 'Daily wages')
    const downline = upCentre.getByRole('region', { name: 'My downline agents' })
    await downline
      .getByRole('listitem')
      .filter({ hasText: 'agent02' })
      .getByRole('button', { name: 'Offer' })
      .click()
    const offer = up.page.getByRole('dialog', { name: 'Offer a contract to agent02' })
    await offer.getByLabel('Rate (%)').fill('0.3')
    await offer.getByRole('button', { name: 'Send the offer' }).click()
    await expect(up.page.getByRole('status').getByText('Offer sent to agent02.')).toBeVisible()

    // The server's notice reaches agent02's phone as its push. Its worker may have been
    // stopped while idle since: a request of the page's goes through it and starts it.
    const { notice, unread } = await newestNotice(down.page)
    await down.page.evaluate(() => fetch('/manifest.webmanifest', { cache: 'no-store' }).then((r) => r.ok))
    expect(notice.title).toBe('New contract offer')
    await deliverPush(
      down.page,
      PushPayloadSchema.parse({
        type: notice.type,
        title: notice.title,
        body: notice.body,
        url: notice.url,
        unreadCount: unread,
        tag: `fund-${notice.id}`,
      }),
    )
    // The app is in front: the worker hands the notice to the page, which says it in a toast
    // (a system notification is for a phone whose app is not in front: tests/sw/push.test.ts).
    await expect(
      down.page
        .getByRole('status')
        .getByText(/New contract offer/)
        .first(),
    ).toBeVisible()
    const url = notice.url
    expect(url).toContain('agentPage=agentDailyWages2')

    // Opening the notification's page shows the offer, and agent02 accepts it.
    await down.page.goto(url)
    const wages = down.page.getByRole('dialog', { name: 'Agent centre' })
    const offered = wages.getByRole('region', { name: 'Offer to me' })
    await expect(offered.getByRole('heading', { name: 'Offer from agent01' })).toBeVisible()
    await expect(offered.getByRole('cell', { name: '0.3 %' })).toBeVisible()
    await offered.getByRole('button', { name: 'Accept' }).click()
    await expect(down.page.getByRole('status').getByText('Done.')).toBeVisible()
    await expect(
      wages.getByRole('region', { name: 'My contract' }).getByRole('cell', { name: '0.3 %' }),
    ).toBeVisible()

    // A round in agent02's team today, then the settlement as if two days had passed: the
    // round's day is paid whether or not the brand's midnight came while it was played.
    const day = todayIn(brandZone)
    await ops('adjust', 'team03', '500', 'end-to-end contract round')
    await teamRound(member.page)
    const days = [day, dayAfter(day, 1)]
    const table = await ops('contract', 'settle', 'dailySalary', 'due', '--now', `${dayAfter(day, 2)}T00:02`)
    const toDown = paidIn(table, 'agent02', days)
    const toUp = paidIn(table, 'agent01', days)

    // Both see it in the daily wages history and in My income.
    for (const [page, paid] of [
      [down.page, toDown],
      [up.page, toUp],
    ] as const) {
      await page.goto('/index?popup=agentCentre&agentPage=agentDailyWages2')
      const centre = page.getByRole('dialog', { name: 'Agent centre' })
      const history = centre.getByRole('region', { name: 'Payment history' })
      await expect(
        history.getByRole('listitem').first().getByText('Paid', { exact: true }).locator('..'),
      ).toContainText(`$${paid.newest}`)
      // My income over the days the settlement paid.
      await goTo(centre, 'My income')
      await centre.getByRole('button', { name: 'Choose dates' }).click()
      await centre.getByRole('textbox', { name: 'From', exact: true }).fill(days[0] ?? '')
      await centre.getByRole('textbox', { name: 'To', exact: true }).fill(days[1] ?? '')
      const income = centre.getByRole('region', { name: 'Salaries and dividends' })
      await expect(income.getByText('Daily salary').locator('..')).toContainText(`$${paid.sum}`)
    }
    // agent01 pays agent02's contract: its downline's payments list agent02's.
    await up.page.goto('/index?popup=agentCentre&agentPage=agentDailyWages2')
    const history = up.page
      .getByRole('dialog', { name: 'Agent centre' })
      .getByRole('region', { name: 'Payment history' })
    await history.getByRole('button', { name: 'My downline’s payments' }).click()
    await expect(history.getByRole('listitem').first()).toContainText('agent02')
    await expect(history.getByRole('listitem').first()).toContainText(`$${toDown.newest}`)
  } finally {
    await Promise.all([up.context.close(), down.context.close(), member.context.close()])
  }
})
