/**
 * The betting record names a bet's round by a short reference, not the vendor's raw UUID;
 * the full number is one tap away (a button that shows it, and copies it).
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { moneyCatalog } from '#src/features/money/money-catalog.ts'
import { loadSectionCatalog } from '#src/lib/i18n.ts'
import { logIn, moneyAnswers, stubMoneyApi } from './fixtures'
import { renderApp } from './render'

const round = '3f2a9c1b-77d4-4e0a-9b3e-5c6d7e8f9a0b'

beforeEach(async () => {
  logIn()
  await loadSectionCatalog(moneyCatalog)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('round references in the betting record', () => {
  test('a UUID round shows as #3F2A9C1B; the full number shows on a tap and copies', async () => {
    vi.stubGlobal('isSecureContext', true)
    const now = Date.now()
    stubMoneyApi(
      moneyAnswers({
        '/wps/relay/ODSFE2_MemBetDet': {
          list: [
            {
              id: 1,
              betNo: round,
              productType: 'RNG',
              vendorName: 'Lotus Slots',
              gameName: 'Ocean King',
              betAmount: '2.00',
              validBet: '2.00',
              payout: '0.00',
              winLoss: '-2.00',
              status: 'SETTLED',
              betTime: now - 60_000,
              settledTime: now - 50_000,
            },
            {
              id: 2,
              betNo: 'T-1042',
              productType: 'RNG',
              vendorName: 'Lotus Slots',
              gameName: 'Phoenix Wishes',
              betAmount: '1.00',
              validBet: '1.00',
              payout: '3.00',
              winLoss: '2.00',
              status: 'SETTLED',
              betTime: now - 30_000,
              settledTime: now - 20_000,
            },
          ],
          total: 2,
          pageNo: 1,
          pageSize: 20,
          totals: { betAmount: '3.00', validBet: '3.00', payout: '3.00', winLoss: '0.00' },
        },
      }),
    )
    const user = userEvent.setup()
    await renderApp('/index?popup=memberCentre&centre=personalHistoryCopy')
    const list = await screen.findByRole('list', { name: 'Betting record' }, { timeout: 15_000 })
    // A short number stays whole; the UUID is nowhere on screen until asked for.
    expect(within(list).getByText(/T-1042/)).toBeTruthy()
    expect(within(list).queryByText(round)).toBeNull()
    const short = within(list).getByRole('button', { name: 'Round 3F2A9C1B: show the full round number' })
    expect(short.textContent).toBe('#3F2A9C1B')
    expect(short.getAttribute('aria-expanded')).toBe('false')
    await user.click(short)
    expect(short.getAttribute('aria-expanded')).toBe('true')
    expect(within(list).getByText(round)).toBeTruthy()
    await user.click(within(list).getByRole('button', { name: 'Copy' }))
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(round)
    expect(await screen.findByText('Round number copied.')).toBeTruthy()
  })
})
