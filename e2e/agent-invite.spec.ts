/**
 * The agent's invitation on a phone: agent01 finds the code, the link and its QR code on
 * the team overview; the link opens the registration with the code field hidden (a code
 * that is not valid shows the field and says so); and a messenger's crawler, asking with a
 * plain Accept: *\/*, reads the brand's preview from the link's page.
 */
import { expect, settled, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'en')
    sessionStorage.setItem('index-notice-seen', '1')
  })
})

test('an agent’s invitation link opens the registration with the code in place', async ({
  page,
  browser,
}) => {
  await page.goto('/agent')
  await settled(page)
  const entrance = page.getByRole('main')
  await entrance.getByLabel('Agent username').fill('agent01')
  await entrance.getByLabel('Password', { exact: true }).fill('lotus123')
  await entrance.getByRole('button', { name: 'Log in as an agent' }).click()

  const card = page
    .getByRole('dialog', { name: 'Agent centre' })
    .getByRole('region', { name: 'Invite friends' })
  await expect(card.getByText('LOTUS01', { exact: true })).toBeVisible()
  const link = await card.getByRole('link').getAttribute('href')
  expect(link).toMatch(/\/register\?referralCode=LOTUS01$/)
  await card.getByRole('button', { name: 'Show QR code' }).click()
  await expect(card.getByRole('img', { name: 'QR code of your invitation link' })).toBeVisible()

  // A friend opens the link: the code is taken, its field is not asked for.
  const friend = await browser.newPage()
  await friend.addInitScript(() => localStorage.setItem('lang', 'en'))
  await friend.goto(link ?? '')
  const register = friend.getByRole('dialog', { name: 'Register' })
  await expect(register.getByLabel('Username', { exact: true })).toBeVisible()
  await settled(friend)
  await expect(register.getByLabel('Invitation code')).toHaveCount(0)
  // A code no agent has: the field is shown with the code and says why.
  await friend.goto('/register?referralCode=NOSUCH99')
  await expect(register.getByLabel('Invitation code')).toHaveValue('NOSUCH99')
  await expect(register.getByText('The invitation code is not valid.')).toBeVisible()
  await friend.close()
})

test('a messenger’s crawler reads the brand’s preview from an invitation link', async ({ request }) => {
  const res = await request.get('/register?referralCode=LOTUS01', {
    headers: { accept: '*/*', 'user-agent': 'TelegramBot (like TwitterBot)' },
  })
  expect(res.status()).toBe(200)
  const html = await res.text()
  // The page's own title with the brand's name, in the brand's language (Khmer) for a crawler.
  expect(html).toContain('<meta property="og:title" content="ចុះឈ្មោះ · Lotus Play" />')
  expect(html).toMatch(
    /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/brand\/share\.jpg\?v=1" \/>/,
  )
  expect(html).toMatch(
    /<meta property="og:url" content="http:\/\/127\.0\.0\.1:\d+\/register\?referralCode=LOTUS01" \/>/,
  )
  const image = await request.get('/brand/share.jpg?v=1')
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/jpeg')
})
