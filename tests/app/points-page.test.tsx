/**
 * The points page (/pointMall): the balance in the member's language without trailing zeros,
 * each game type's rate in words, the ways to use points, the points details signed and paged
 * on the `details` tab, and a visitor or a trial account asked to log in or register without
 * asking the server.
 */
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { pointEndpoints, type PointConversionWire } from '#contract/points'
import { recordEndpoints, type Movement } from '#contract/records'
import { endSession, setMember } from '#src/lib/session.ts'
import { logIn, memberInfo, moneyAnswers, stubMoneyApi } from './fixtures'
import { renderApp } from './render'

afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const balancePath = pointEndpoints.balance.path
const configPath = pointEndpoints.config.path
const waysPath = pointEndpoints.conversionTypes.path
const movementsPath = recordEndpoints.movements.path

const cash: PointConversionWire = {
  type: 'cash',
  moneyPer100Points: '1.00',
  minPoints: 500,
  stepPoints: 100,
  turnoverMultiple: '0',
}
const bonus: PointConversionWire = {
  type: 'bonus',
  moneyPer100Points: '1.50',
  minPoints: 1000,
  stepPoints: 100,
  turnoverMultiple: '3',
}

const movement = (id: number, over: Partial<Movement> = {}): Movement => ({
  id,
  time: Date.UTC(2026, 10, 29, 12),
  type: 'EARN',
  amount: '12.50',
  balanceAfter: '1234.50',
  accountTypeId: 0,
  accountTypeName: 'Points',
  memo: null,
  ...over,
})

function answers(over: Record<string, unknown> = {}) {
  return moneyAnswers({
    [balancePath]: { points: '1234.50' },
    [configPath]: {
      enabled: true,
      rates: [
        { productType: 'RNG', pointsPerUnit: '0.1' },
        { productType: 'LIVE', pointsPerUnit: '2' },
      ],
      since: Date.UTC(2026, 10, 1),
    },
    [waysPath]: { list: [bonus, cash] },
    ...over,
  })
}

describe('the points page', () => {
  test('shows the balance without trailing zeros, the rates and the ways to use points', async () => {
    logIn()
    stubMoneyApi(answers())
    await renderApp('/pointMall')
    const balance = await screen.findByRole('region', { name: 'Your points' })
    expect((await within(balance).findByText('1,234.5')).closest('p')?.textContent).toBe('1,234.5 points')
    expect(within(balance).getByText('Points never expire.')).toBeTruthy()
    const earn = screen.getByRole('region', { name: 'How to earn' })
    expect((await within(earn).findAllByRole('listitem')).map((l) => l.textContent)).toEqual([
      'Slots: 0.1 point per 1.00 of valid bet',
      'Live casino: 2 points per 1.00 of valid bet',
    ])
    const use = screen.getByRole('region', { name: 'Ways to use points' })
    const cards = await within(use).findAllByRole('listitem')
    expect(cards.map((c) => c.textContent)).toEqual([
      'Cash100 points = $1.00At least 500 points, in steps of 100',
      'Bonus100 points = $1.50At least 1,000 points, in steps of 100Bonus turnover 3×',
    ])
    expect(within(use).getByRole('button', { name: 'Convert points' })).toBeTruthy()
  })

  test('groups the balance as the member’s language does', async () => {
    logIn()
    stubMoneyApi(answers({ [balancePath]: { points: '1234567.00' } }))
    await renderApp('/pointMall', 'zh')
    expect(await screen.findByText('1,234,567')).toBeTruthy()
  })

  test('says points are not being earned when the settings are off or name no game type', async () => {
    logIn()
    stubMoneyApi(
      answers({ [configPath]: { enabled: false, rates: [], since: null }, [waysPath]: { list: [] } }),
    )
    await renderApp('/pointMall')
    expect(await screen.findByText('Points are not being earned now.')).toBeTruthy()
    expect(await screen.findByText('Points cannot be turned into money yet.')).toBeTruthy()
  })

  test('lists the points details signed and in points, paged, on the details tab', async () => {
    logIn()
    const sent = stubMoneyApi(
      answers({
        [movementsPath]: {
          list: [
            movement(2, { type: 'CONVERT', amount: '-100.00', balanceAfter: '1134.50', memo: 'to cash' }),
            movement(1),
          ],
          total: 45,
          pageNo: 1,
          pageSize: 20,
        },
      }),
    )
    await renderApp('/pointMall?tab=details')
    const list = await screen.findByRole('list', { name: 'Points details' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows[0]?.textContent).toContain('Converted to money')
    expect(rows[0]?.textContent).toContain('-100 points')
    expect(rows[0]?.textContent).toContain('to cash')
    expect(rows[0]?.textContent).toContain('Balance 1,134.5')
    expect(rows[1]?.textContent).toContain('Points earned on bets')
    expect(rows[1]?.textContent).toContain('+12.5 points')
    const asked = sent.find((s) => s.path === movementsPath)
    expect(asked?.query.get('book')).toBe('points')
    expect(asked?.query.get('pageNo')).toBe('1')
    const pages = screen.getByRole('navigation', { name: 'Record pages' })
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Details' }).getAttribute('aria-current')).toBe('page')
    expect(sent.some((s) => s.path === balancePath)).toBe(false)
  })

  test('a tab it does not know shows the overview', async () => {
    logIn()
    stubMoneyApi(answers())
    await renderApp('/pointMall?tab=shop')
    expect(await screen.findByRole('region', { name: 'Your points' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page')
  })

  test('asks a visitor to log in, without asking the server', async () => {
    const sent = stubMoneyApi(answers())
    await renderApp('/pointMall')
    const prompt = (await screen.findByText('Log in to see your points.')).parentElement as HTMLElement
    expect(within(prompt).getByRole('button', { name: 'Log in' })).toBeTruthy()
    expect(within(prompt).getByRole('button', { name: 'Register' })).toBeTruthy()
    expect(screen.getByText('Points never expire.')).toBeTruthy()
    expect(sent.some((s) => s.path === balancePath || s.path === configPath)).toBe(false)
  })

  test('asks a trial account to register, without asking the server', async () => {
    logIn()
    setMember(memberInfo({ type: 4 }))
    const sent = stubMoneyApi(answers({ '/wps/member/info': memberInfo({ type: 4 }) }))
    await renderApp('/pointMall')
    expect(await screen.findByText('Points are earned by registered accounts.')).toBeTruthy()
    expect(sent.some((s) => s.path === balancePath)).toBe(false)
  })
})
