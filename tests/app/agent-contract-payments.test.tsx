/**
 * A contract kind's payment history against stubbed answers: my payments and my downline's,
 * each with its period, measure, rate and what was paid, a table on a wide screen and cards
 * on a phone, the sum of every payment, paging, and the empty and failed faces.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import {
  contractEndpointsByKind,
  type ContractKind,
  type ContractPayment,
  type ContractPaymentHistory as Payments,
} from '#contract/contracts'
import { ContractPayments } from '#src/features/agent/components/contract-payments.tsx'
import { endSession, setMember } from '#src/lib/session.ts'
import { logIn, memberInfo, moneyAnswers, stubMoneyApi } from './fixtures'
import { renderUi } from './render'

afterEach(() => {
  endSession()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

beforeEach(() => {
  logIn()
  setMember(memberInfo({ type: 2, account: 'agent01' }))
})

function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
}

const day = Date.UTC(2026, 10, 27, 17)

const payment = (id: number, over: Partial<ContractPayment> = {}): ContractPayment => ({
  id,
  contractId: 5,
  kind: 'dailySalary',
  agentId: 1,
  agentAccount: 'agent01',
  unit: 'day',
  periodStart: day,
  periodEnd: day + 86_400_000,
  measure: '300000.00',
  activeMembers: 4,
  rate: 8_000,
  wonStakes: null,
  lostStakes: null,
  pay: '2400.00',
  downlinePay: '900.00',
  amount: '1500.00',
  shortfall: '0.00',
  paidAt: day + 86_460_000,
  ...over,
})

const answer = (list: ContractPayment[], total = list.length, sum = '1500.00'): Payments => ({
  payments: { list, total, pageNo: 1, pageSize: 20 },
  sum,
  timeZone: 'Asia/Phnom_Penh',
})

const path = (kind: ContractKind) => contractEndpointsByKind[kind].payments.path

test('shows my payments in a table with their sum, then my downline’s with the agent paid', async () => {
  const sent = stubMoneyApi(moneyAnswers(), {
    [path('dailySalary')]: (s) =>
      s.query.get('scope') === 'downline'
        ? answer(
            [
              payment(8, {
                agentId: 2,
                agentAccount: 'agent02',
                rate: 6_000,
                pay: '900.00',
                downlinePay: '0.00',
                amount: '900.00',
              }),
            ],
            1,
            '900.00',
          )
        : answer([payment(7)], 41, '61500.00'),
  })
  const user = userEvent.setup()
  await renderUi(<ContractPayments kind="dailySalary" />)
  const table = await screen.findByRole('table')
  const row = within(table).getAllByRole('row')[1] as HTMLElement
  expect(
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['$300,000.00', '0.8 %', '$2,400.00', '$900.00', '$1,500.00'])
  const totals = screen.getByRole('region', { name: 'Total paid' })
  expect(within(totals).getByText('$61,500.00')).toBeTruthy()
  expect(within(totals).getByText('41')).toBeTruthy()
  // 41 payments at 20 a page: three pages.
  expect(screen.getByRole('navigation', { name: 'Payment pages' })).toBeTruthy()

  await user.click(screen.getByRole('button', { name: 'My downline’s payments' }))
  expect(await screen.findByText('agent02')).toBeTruthy()
  expect(sent.some((s) => s.path === path('dailySalary') && s.query.get('scope') === 'downline')).toBe(true)
  expect(within(screen.getByRole('region', { name: 'Total paid' })).getByText('$900.00')).toBeTruthy()
})

test('on a phone each payment is a card; a real-time salary shows its won and lost stakes', async () => {
  onPhone()
  stubMoneyApi(moneyAnswers(), {
    [path('realTimeSalary')]: () =>
      answer([
        payment(9, {
          kind: 'realTimeSalary',
          unit: 'window',
          periodEnd: day + 300_000,
          rate: null,
          measure: '80.00',
          wonStakes: '30.00',
          lostStakes: '50.00',
          pay: '0.13',
          downlinePay: '0.00',
          amount: '0.13',
        }),
      ]),
  })
  await renderUi(<ContractPayments kind="realTimeSalary" />)
  const card = (await screen.findByText('Stakes of bets won')).closest('li') as HTMLElement
  expect(within(card).getByText('$30.00')).toBeTruthy()
  expect(within(card).getByText('$50.00')).toBeTruthy()
  expect(within(card).getByText('Team stakes')).toBeTruthy()
  expect(within(card).queryByText('Rate')).toBeNull()
  expect(screen.queryByRole('table')).toBeNull()
})

test('a dividend shows its active members and any shortfall; no payment says so', async () => {
  onPhone()
  let value: unknown = answer([
    payment(10, {
      kind: 'dividend',
      unit: 'week',
      periodEnd: day + 7 * 86_400_000,
      shortfall: '12.00',
      amount: '0.00',
    }),
  ])
  stubMoneyApi(moneyAnswers(), { [path('dividend')]: () => value })
  const user = userEvent.setup()
  await renderUi(<ContractPayments kind="dividend" />)
  const card = (await screen.findByText('Shortfall borne by the house')).closest('li') as HTMLElement
  expect(within(card).getByText('$12.00')).toBeTruthy()
  expect(within(card).getByText('Team loss')).toBeTruthy()
  expect(within(card).getByText('Active members').nextSibling?.textContent).toBe('4')

  value = answer([], 0, '0.00')
  await user.click(screen.getByRole('button', { name: 'My downline’s payments' }))
  expect(await screen.findByText('No payments to your downline agents yet.')).toBeTruthy()
})

test('a refused history says why and offers to try again', async () => {
  stubMoneyApi(moneyAnswers(), {
    [path('hourlySalary')]: () => ({ fail: { status: 403, errorCode: 'feature_disabled' } }),
  })
  await renderUi(<ContractPayments kind="hourlySalary" />)
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy()
})
