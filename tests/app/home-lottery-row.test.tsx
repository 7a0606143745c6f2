/**
 * The home page's lottery row: it loads with its own chunk, each card counts down on the
 * server's clock by itself, a closed issue says it is drawing, and the row asks for the next
 * issue once the soonest close has passed.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import type { Popular } from '#contract/lottery'
import { moneyAnswers, stubMoneyApi } from './fixtures'
import { d5Result, e5, e5b, issue, serverT } from './lottery-fixtures'
import { renderApp } from './render'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const popular = (over: Partial<Popular> = {}): Popular => ({
  serverTime: serverT,
  list: [
    { game: e5, current: issue(721, serverT + 3_200), last: d5Result(720, '30917') },
    { game: e5b, current: issue(41, serverT + 125_000, 'E5D3'), last: null },
  ],
  ...over,
})

test('each draw counts down on the server clock; a closed one says it is drawing and the next issue is asked for', async () => {
  sessionStorage.setItem('index-notice-seen', '1')
  const answers = moneyAnswers({ '/lgw/games/popular': popular() })
  const sent = stubMoneyApi(answers)
  await renderApp('/index')
  const row = await screen.findByRole('region', { name: 'Lottery draws' })
  const fast = await within(row).findByRole('link', { name: /Lucky 5 \(1 min\)/ })
  const slow = within(row).getByRole('link', { name: /Lucky 5 \(3 min\)/ })
  expect(within(fast).getByText('Issue 20261123-0721')).toBeTruthy()
  // 3.2 s left on the server's clock, whatever the device's says (a busy machine may take a
  // second or two to get here).
  expect(within(fast).getByRole('timer').textContent).toMatch(/^00:0[1-4]$/)
  expect(within(slow).getByRole('timer').textContent).toMatch(/^02:0[45]$/)
  expect(within(row).getByRole('img', { name: 'Result 30917' })).toBeTruthy()

  const asked = () => sent.filter((s) => s.path === '/lgw/games/popular').length
  const before = asked()
  // The fast draw closes: its card says so while the other keeps counting.
  expect(await within(fast).findByText('Drawing…', undefined, { timeout: 8_000 })).toBeTruthy()
  expect(within(slow).getByRole('timer').textContent).toMatch(/^(02:0[0-2]|01:5\d)$/)
  // A moment after the close the row asks for the next issue.
  await waitFor(() => expect(asked()).toBeGreaterThan(before), { timeout: 8_000 })
})

test('a brand without lottery games shows no lottery row', async () => {
  sessionStorage.setItem('index-notice-seen', '1')
  stubMoneyApi(moneyAnswers({ '/lgw/games/popular': popular({ list: [] }) }))
  await renderApp('/index')
  expect(await screen.findByRole('region', { name: /Hot games/ })).toBeTruthy()
  // The placeholder holds the row's place while its code loads, the row's own skeleton while
  // the draws load; with none to show, neither stays.
  await waitFor(() => expect(document.querySelector('.lott-row-placeholder')).toBeNull())
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Lottery draws' })).toBeNull())
  expect(document.querySelector('.lott-home-row, .lott-row-placeholder')).toBeNull()
})
