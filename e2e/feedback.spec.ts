/**
 * Feedback on a phone (issue 37): a new member opens Feedback in the member centre, sees the
 * live word count, is told a too-short text is too short (and keeps it), sends a problem with
 * an image, and sees it waiting in their list with the image. The operator replies through
 * the operator CLI; the bell counts the notice, the message opens the feedback page, and the
 * reply shows under the feedback. With SHOTS_DIR set, it saves the page at 360 and 1280 px.
 */
import { centrePage, englishWithoutNotice, expect, register, shots, test } from './fixtures'

test.use({ viewport: { width: 360, height: 740 } })

test.beforeEach(({ page }) => englishWithoutNotice(page))

/** A 24×24 PNG, as a phone's picture would be picked. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAJ0lEQVQ4jWPgq0mjCmIYNYhvNIz4RtNRzWgWqRktRtJGS8i0gaxFAH0RHB9oa4C1AAAAAElFTkSuQmCC',
  'base64',
)

test('a member sends feedback with an image, and the reply arrives as a message and on the page', async ({
  page,
  ops,
  consoleErrors,
}) => {
  // A long walk: registering, a refused and a sent feedback, the operator's reply, the inbox.
  test.setTimeout(120_000)
  const name = `fb${Date.now().toString(36).slice(-6)}`
  await register(page, ops, name)
  await page.goto('/index?popup=memberCentre&centre=feedback')
  const centre = centrePage(page)
  await expect(centre.dialog.getByRole('heading', { level: 3, name: 'Feedback', exact: true })).toBeVisible()

  await centre.dialog.getByRole('radio', { name: 'Problem' }).check()
  const text = centre.dialog.getByLabel('Your feedback')
  await text.fill('Slow')
  await expect(centre.dialog.getByText('Words: 1 (between 3 and 500)')).toBeVisible()
  await centre.dialog.getByRole('button', { name: 'Send feedback' }).click()
  await expect(
    centre.dialog.getByText('Feedback content length must be between 3 and 500 words.'),
  ).toBeVisible()
  await expect(text).toHaveValue('Slow')

  await text.fill('The deposit page is slow to open in the evening')
  await expect(centre.dialog.getByText('Words: 10 (between 3 and 500)')).toBeVisible()
  await centre.dialog
    .getByLabel('Add image')
    .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png })
  await expect(centre.dialog.getByRole('img', { name: 'screen.png' })).toBeVisible()
  await shots(page, 'feedback-form')
  await centre.dialog.getByRole('button', { name: 'Send feedback' }).click()

  const done = centre.dialog.getByRole('status')
  await expect(done).toContainText(/Your feedback FB\d{8} was sent/)
  const number = /FB\d{8}/.exec((await done.textContent()) ?? '')?.[0] ?? ''
  const mine = centre.dialog.getByRole('list').filter({ hasText: number }).getByRole('listitem').first()
  await expect(mine.getByText('Waiting for a reply')).toBeVisible()
  await expect(mine.getByRole('img', { name: `Image 1 of ${number}` })).toBeVisible()

  expect(await ops('feedback', 'reply', number, 'Thank you, we have made the deposit page faster.')).toMatch(
    /replied; the member is told/,
  )
  await page.goto('/index')
  const bell = page.getByRole('banner').getByRole('button', { name: 'Messages, 1 unread' })
  await expect(bell).toBeVisible()
  await bell.click()
  const centre2 = centrePage(page)
  await expect(
    centre2.dialog.getByRole('list', { name: 'Messages' }).getByText('Reply to your feedback'),
  ).toBeVisible()
  await centre2.go('Feedback')
  const replied = centre2.dialog.getByRole('listitem').filter({ hasText: number })
  await expect(replied.getByText('Replied', { exact: true })).toBeVisible()
  await expect(replied.getByText('Thank you, we have made the deposit page faster.')).toBeVisible()
  await shots(page, 'feedback-replied')
  expect(consoleErrors).toEqual([])
})
