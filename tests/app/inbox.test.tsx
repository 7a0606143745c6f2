import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { feedbackEndpoints } from '#contract/feedback'
import type { InboxMessage } from '#contract/inbox'
import { moneyCatalog } from '#src/features/money/money-catalog.ts'
import { loadSectionCatalog } from '#src/lib/i18n.ts'
import { endSession } from '#src/lib/session.ts'
import { emptyPage, logIn, moneyAnswers, stubMoneyApi } from './fixtures'
import { renderApp } from './render'

beforeEach(async () => {
  logIn()
  await loadSectionCatalog(moneyCatalog)
})
afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const message = (id: number, over: Partial<InboxMessage> = {}): InboxMessage => ({
  id,
  type: 'deposit_credited',
  title: 'Deposit received',
  body: '$150.25 has been added to your balance.',
  time: Date.UTC(2026, 10, 20, 9, 30),
  read: false,
  url: '/index?popup=memberCentre&centre=depositv2',
  ...over,
})

function inboxAnswers(list: InboxMessage[]) {
  const unread = () => list.filter((m) => !m.read).length
  return {
    answers: moneyAnswers({
      '/wps/relay/CSP_unreadCount': { unread: unread() },
    }),
    handlers: {
      '/wps/relay/CSP_getInbox': () => ({
        list,
        total: list.length,
        pageNo: 1,
        pageSize: 10,
        unread: unread(),
      }),
      '/wps/relay/CSP_unreadCount': () => ({ unread: unread() }),
      '/wps/relay/CSP_readInbox': (s: { body?: unknown }) => {
        const ids = (s.body as { ids?: number[] }).ids
        for (const m of list) if (!ids || ids.includes(m.id)) m.read = true
        return { unread: unread() }
      },
      '/wps/relay/CSP_deleteInbox': (s: { body?: unknown }) => {
        const ids = (s.body as { ids: number[] }).ids
        list.splice(0, list.length, ...list.filter((m) => !ids.includes(m.id)))
        return { unread: unread() }
      },
    },
  }
}

describe('messages', () => {
  test('the header shows the unread count and opens the messages page', async () => {
    const { answers, handlers } = inboxAnswers([
      message(2, {
        type: 'withdrawal_rejected',
        title: 'Withdrawal rejected',
        body: 'Reason: name does not match',
      }),
      message(1),
    ])
    stubMoneyApi(answers, handlers)
    const user = userEvent.setup()
    await renderApp('/index')
    const banner = await screen.findByRole('banner')
    await user.click(await within(banner).findByRole('button', { name: 'Messages, 2 unread' }))
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    const list = await within(dialog).findByRole('list', { name: 'Messages' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((i) => i.querySelector('strong')?.textContent)).toEqual([
      'Unread: Withdrawal rejected',
      'Unread: Deposit received',
    ])
    expect(within(list).getByText('Reason: name does not match')).toBeTruthy()
  })

  test('a message links to the page it is about, and following it marks it read', async () => {
    const { answers, handlers } = inboxAnswers([
      message(5, {
        type: 'feedback_replied',
        title: 'Reply to your feedback',
        body: 'Two arrive next week.',
        url: '/index?popup=memberCentre&centre=feedback',
      }),
    ])
    const sent = stubMoneyApi(
      {
        ...answers,
        [feedbackEndpoints.list.path]: {
          ...emptyPage,
          limits: { minWords: 3, maxWords: 200, perDay: 10, maxImages: 3, maxImageBytes: 5 * 1024 * 1024 },
        },
      },
      handlers,
    )
    const user = userEvent.setup()
    await renderApp('/index?popup=memberCentre&centre=messageV2')
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    const link = await within(dialog).findByRole('link', { name: 'View: Reply to your feedback' })
    expect(link.getAttribute('href')).toBe('/index?popup=memberCentre&centre=feedback')
    await user.click(link)
    expect(await within(dialog).findByLabelText('Your feedback')).toBeTruthy()
    expect(sent.filter((s) => s.path === '/wps/relay/CSP_readInbox').map((s) => s.body)).toEqual([
      { ids: [5] },
    ])
  })

  test('marking read and deleting update the list and the badge', async () => {
    const { answers, handlers } = inboxAnswers([message(3), message(2), message(1, { read: true })])
    const sent = stubMoneyApi(answers, handlers)
    const user = userEvent.setup()
    await renderApp('/index?popup=memberCentre&centre=messageV2')
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    const list = await within(dialog).findByRole('list', { name: 'Messages' })
    await user.click(within(list).getAllByRole('button', { name: 'Mark read' })[0] as HTMLElement)
    const banner = screen.getByRole('banner')
    expect(await within(banner).findByRole('button', { name: 'Messages, 1 unread' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Mark all read' }))
    expect(await within(banner).findByRole('button', { name: 'Messages' })).toBeTruthy()
    await user.click(within(list).getAllByRole('button', { name: /^Delete message/ })[0] as HTMLElement)
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
    expect(sent.filter((s) => s.path === '/wps/relay/CSP_readInbox').map((s) => s.body)).toEqual([
      { ids: [3] },
      {},
    ])
    expect(sent.find((s) => s.path === '/wps/relay/CSP_deleteInbox')?.body).toEqual({ ids: [3] })
  })

  test('explains that this browser cannot take notifications, and shows no switch', async () => {
    const { answers, handlers } = inboxAnswers([])
    stubMoneyApi(answers, handlers)
    await renderApp('/index?popup=memberCentre&centre=messageV2')
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    expect(await within(dialog).findByText('No messages yet.')).toBeTruthy()
    // jsdom has no PushManager: the page says so instead of offering a switch that cannot work.
    expect(
      await within(dialog).findByText(
        'This browser cannot receive notifications. Your messages are still listed here.',
      ),
    ).toBeTruthy()
    expect(within(dialog).queryByRole('switch')).toBeNull()
  })
})
