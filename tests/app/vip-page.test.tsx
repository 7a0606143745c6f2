/**
 * The VIP page (member centre page playerRank): the member's level, the bar toward the next
 * with the shortest way up in words, what keeps the level, the table of levels with the
 * member's marked, and the level's benefits; the top level says so; a failed read says so.
 */
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { VipLevel, VipProgress } from '#contract/vip'
import { vipEndpoints } from '#contract/vip'
import { endSession } from '#src/lib/session.ts'
import { logIn, moneyAnswers, stubMoneyApi } from './fixtures'
import { renderApp } from './render'

afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const level = (rank: number, name: string, over: Partial<VipLevel> = {}): VipLevel => ({
  rank,
  name,
  badge: null,
  monthlyTurnover: `${rank * 5000}.00`,
  monthlyDeposit: `${rank * 500}.00`,
  totalTurnover: '0.00',
  totalDeposit: '0.00',
  keepTurnover: '0.00',
  levelUpBonus: `${rank * 10}.00`,
  birthdayBonus: '0.00',
  bonusTurnover: 1,
  rebateExtraBp: 0,
  withdrawDailyCount: null,
  withdrawDailyMax: null,
  vipService: false,
  benefits: [],
  ...over,
})

const levels = [
  level(1, 'Bronze', { monthlyTurnover: '0.00', monthlyDeposit: '0.00', levelUpBonus: '0.00' }),
  level(2, 'Silver', {
    keepTurnover: '2000.00',
    birthdayBonus: '10.00',
    rebateExtraBp: 10,
    withdrawDailyCount: 5,
    withdrawDailyMax: '5000.00',
    benefits: ['Faster withdrawals'],
  }),
  level(3, 'Gold'),
]

const progress = (over: Partial<VipProgress> = {}): VipProgress => ({
  playerRankName: 'Silver',
  rank: 2,
  badge: null,
  since: Date.UTC(2026, 10, 3),
  month: '2026-11',
  timeZone: 'Asia/Phnom_Penh',
  keep: { actual: '11800.00', expected: '2000.00' },
  next: {
    rank: 3,
    name: 'Gold',
    monthlyTurnover: { actual: '11800.00', expected: '15000.00' },
    monthlyDeposit: { actual: '2000.00', expected: '1500.00' },
    totalTurnover: { actual: '11800.00', expected: '0.00' },
    totalDeposit: { actual: '2000.00', expected: '0.00' },
    shortest: [{ figure: 'monthlyTurnover', more: '3200.00' }],
  },
  ...over,
})

async function open(p: VipProgress | null) {
  logIn()
  stubMoneyApi(
    moneyAnswers({
      [vipEndpoints.rules.path]: { list: levels },
      ...(p ? { [vipEndpoints.progress.path]: p } : {}),
    }),
  )
  await renderApp('/index?popup=memberCentre&centre=playerRank')
  return screen.findByRole('dialog', { name: 'Member centre' })
}

describe('the VIP page', () => {
  test('shows the level, the way to the next, the table and the benefits', async () => {
    const dialog = await open(progress())
    const badge = await within(dialog).findByRole('region', { name: 'Your level' })
    expect(within(badge).getByText('Silver')).toBeTruthy()
    expect(within(badge).getByText('Level 2')).toBeTruthy()
    const next = within(dialog).getByRole('region', { name: 'Next level: Gold' })
    expect(within(next).getByText('Wager $3,200.00 more this month')).toBeTruthy()
    const bar = within(next).getByRole('progressbar', { name: 'Progress to Gold' })
    expect(bar.getAttribute('value')).toBe('78')
    expect(
      within(dialog).getByText('This month’s valid bets: $11,800.00 of $2,000.00 to keep your level'),
    ).toBeTruthy()
    const table = within(dialog).getByRole('table', { name: 'Levels' })
    const row = within(table).getByRole('rowheader', { name: 'Silver' }).closest('tr') as HTMLElement
    expect(row.getAttribute('aria-current')).toBe('true')
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$10,000.00', '$1,000.00', '$20.00'])
    const benefits = within(dialog).getByRole('region', { name: 'Your benefits' })
    expect(
      within(benefits)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual([
      'Level-up bonus $20.00',
      'Birthday bonus $10.00',
      'Extra rebate 0.1%',
      'Withdrawals a day: 5',
      'Withdrawals up to $5,000.00 a day',
      'Faster withdrawals',
    ])
  })

  test('names each figure still short on the way up', async () => {
    const p = progress()
    const next = p.next
      ? {
          ...p.next,
          shortest: [
            { figure: 'totalTurnover' as const, more: '100.00' },
            { figure: 'totalDeposit' as const, more: '5.50' },
          ],
        }
      : null
    const dialog = await open({ ...p, next })
    expect(await within(dialog).findByText('Wager $100.00 more in total')).toBeTruthy()
    expect(within(dialog).getByText('Deposit $5.50 more in total')).toBeTruthy()
  })

  test('at the top level says so', async () => {
    const dialog = await open(progress({ next: null, playerRankName: 'Gold', rank: 3 }))
    expect(await within(dialog).findByText('You are at the highest level.')).toBeTruthy()
  })

  test('says when the level could not be read', async () => {
    const dialog = await open(null)
    expect(
      await within(dialog).findByText('Your VIP level could not be loaded. Please try again.'),
    ).toBeTruthy()
  })
})
