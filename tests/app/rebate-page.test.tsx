/**
 * The rebate rates page: each running rebate as a table of game types (translated names),
 * rates, the member's valid bets and rebate so far, the total with its cap, and when it is
 * paid on the brand's clock; a skeleton while it loads, an empty state with none, and a
 * visitor asked to log in.
 */
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { promotionEndpoints, type RebateEstimate } from '#contract/promotions'
import { endSession } from '#src/lib/session.ts'
import { logIn, moneyAnswers, stubMoneyApi } from './fixtures'
import { renderApp } from './render'

afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const path = promotionEndpoints.rebateRates.path
const timeZone = 'Asia/Phnom_Penh'

const rebate: RebateEstimate = {
  promotionId: 7,
  title: 'Daily rebate',
  claimMode: 'auto',
  frequency: 'daily',
  cap: '10.00',
  // The brand's 30 November: it ends at 17:00 UTC, midnight in Phnom Penh.
  period: { from: '2026-11-30', to: '2026-11-30', endsAt: Date.UTC(2026, 10, 30, 17) },
  paidAt: Date.UTC(2026, 10, 30, 17, 1),
  rates: [
    { gameType: 'RNG', rate: 80, validBets: '1000.00', rebate: '8.00' },
    { gameType: 'LIVE', rate: 50, validBets: '2500.50', rebate: '12.50' },
    { gameType: 'PVP', rate: 40, validBets: '0.00', rebate: '0.00' },
  ],
  validBets: '3500.50',
  estimate: '10.00',
  capped: true,
}

describe('the rebate rates page', () => {
  test("shows the rates by game type, the member's bets and rebate so far, the cap and the pay time", async () => {
    logIn()
    stubMoneyApi(moneyAnswers({ [path]: { list: [rebate], timeZone } }))
    await renderApp('/rebate')
    const section = await screen.findByRole('region', { name: 'Daily rebate' })
    const table = within(section).getByRole('table')
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement
    expect(
      within(row('Slots'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0.8%', '$1,000.00', '$8.00'])
    expect(
      within(row('Live casino'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0.5%', '$2,500.50', '$12.50'])
    expect(
      within(row('So far'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', '$3,500.50', '$10.00'])
    expect(within(section).getByText('At most $10.00 a period: the cap applies.')).toBeTruthy()
    expect(within(section).getByText('Counting the bets of Nov 30, 2026 (GMT+7)')).toBeTruthy()
    expect(
      within(section)
        .getByText(/^Paid to your main wallet after/)
        .textContent?.replace(/\s/g, ' '),
    ).toBe('Paid to your main wallet after Dec 1, 2026, 12:01 AM (GMT+7).')
    expect(within(section).getByRole('link', { name: 'Rules' }).getAttribute('href')).toBe(
      '/promoDetail?id=7',
    )
  })

  test('says when no rebate is running', async () => {
    logIn()
    stubMoneyApi(moneyAnswers({ [path]: { list: [], timeZone } }))
    await renderApp('/rebate')
    expect(await screen.findByText('No rebate is running right now.')).toBeTruthy()
  })

  test('asks a visitor to log in, without asking the server', async () => {
    const sent = stubMoneyApi(moneyAnswers({ [path]: { list: [rebate], timeZone } }))
    await renderApp('/rebate')
    expect(await screen.findByText('Log in to see your rebate so far.')).toBeTruthy()
    expect(sent.some((s) => s.path === path)).toBe(false)
  })
})
