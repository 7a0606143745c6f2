/**
 * The feedback page (member centre page feedback, issue 37): the live word count against the
 * brand's limits counts Khmer words though Khmer has no spaces; a too-short text is told and
 * not sent; a refused send says why in words and keeps the text; a sent one says its number;
 * the list shows the operator's reply.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { feedbackEndpoints, type Feedback } from '#contract/feedback'
import { endSession } from '#src/lib/session.ts'
import { logIn, moneyAnswers, status, stubMoneyApi, type Sent } from './fixtures'
import { renderApp } from './render'

afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const limits = { minWords: 3, maxWords: 20, perDay: 10, maxImages: 3, maxImageBytes: 5 * 1024 * 1024 }

const answered: Feedback = {
  id: 7,
  number: 'FB00000007',
  type: 'suggestion',
  content: 'More fish games please',
  images: [],
  status: 'replied',
  time: Date.UTC(2026, 10, 28, 3),
  reply: 'Two arrive next week.',
  repliedAt: Date.UTC(2026, 10, 29, 3),
}

async function open(submit: (s: Sent) => unknown) {
  logIn()
  const sent = stubMoneyApi(
    moneyAnswers({
      [feedbackEndpoints.list.path]: { list: [answered], total: 1, pageNo: 1, pageSize: 20, limits },
    }),
    { [feedbackEndpoints.submit.path]: submit },
  )
  await renderApp('/index?popup=memberCentre&centre=feedback')
  const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
  await within(dialog).findByLabelText('Your feedback')
  return { dialog, sent }
}

describe('the feedback page', () => {
  test('counts Khmer words live, and lists the reply', async () => {
    const { dialog } = await open(() => ({ fail: { status: 500, errorCode: 'internal_error' } }))
    const user = userEvent.setup()
    await user.type(within(dialog).getByLabelText('Your feedback'), 'ខ្ញុំចង់ដាក់ប្រាក់')
    expect(within(dialog).getByText(/^Words: \d+ \(between 3 and 20\)$/).textContent).not.toMatch(
      /^Words: [01] /,
    )
    expect(within(dialog).getByText('Two arrive next week.')).toBeTruthy()
    expect(within(dialog).getByText('Replied')).toBeTruthy()
  })

  test('a refused send says why and keeps the text; a too-short one is not sent', async () => {
    const { dialog, sent } = await open(() => ({
      fail: { status: 429, errorCode: 'feedback_daily_limit', value: { limit: 10 } },
    }))
    const user = userEvent.setup()
    const box = within(dialog).getByLabelText('Your feedback')
    await user.type(box, 'Slow')
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }))
    expect(within(dialog).getByText('Feedback content length must be between 3 and 20 words.')).toBeTruthy()
    expect(sent.filter((s) => s.path === feedbackEndpoints.submit.path)).toHaveLength(0)

    await user.clear(box)
    await user.type(box, 'The deposit page is slow')
    await user.click(within(dialog).getByText('Payment'))
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }))
    expect(
      await within(dialog).findByText(
        'You have sent as much feedback as allowed today. Please try again tomorrow.',
      ),
    ).toBeTruthy()
    expect((box as HTMLTextAreaElement).value).toBe('The deposit page is slow')
    const put = sent.find((s) => s.path === feedbackEndpoints.submit.path)
    expect(put?.body).toEqual({ type: 'payment', content: 'The deposit page is slow', images: [] })
  })

  test('a sent feedback shows its number', async () => {
    const { dialog } = await open((s) => ({
      feedback: {
        ...answered,
        id: 8,
        number: 'FB00000008',
        status: 'pending',
        reply: null,
        repliedAt: null,
        content: String((s.body as { content: string }).content),
      },
    }))
    const user = userEvent.setup()
    await user.type(within(dialog).getByLabelText('Your feedback'), 'Please add dark mode')
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toContain('Your feedback FB00000008 was sent.'),
    )
  })
})

describe('a brand with feedback switched off', () => {
  test('offers no feedback page in the menu, and its link opens none', async () => {
    logIn()
    const sent = stubMoneyApi(
      moneyAnswers({
        '/wps/system/status': status({
          info: { ...status().info, whitelabel: [{ modId: 'FEEDBACK3', enabled: '0' }] },
        }),
      }),
    )
    await renderApp('/index?popup=memberCentre&centre=feedback')
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    const menu = within(dialog).getByRole('navigation', { name: 'Member centre menu' })
    expect(await within(menu).findByRole('button', { name: /^My account/ })).toBeTruthy()
    expect(within(menu).queryByRole('button', { name: /^Feedback/ })).toBeNull()
    expect(within(dialog).queryByLabelText('Your feedback')).toBeNull()
    expect(sent.some((s) => s.path === feedbackEndpoints.list.path)).toBe(false)
  })
})
