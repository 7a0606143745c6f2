/**
 * An agent contract page of the agent centre against stubbed answers: my contract, an offer
 * accepted through the lower-rate warning, and an offer to a downline agent whose tiers are
 * checked against my own before anything is sent.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { contractEndpointsByKind, type Contract, type ContractOverview } from '#contract/contracts'
import { Toasts } from '#src/components/ui/toasts.tsx'
import { ContractsPage } from '#src/features/agent/components/contracts-page.tsx'
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
  setMember(memberInfo({ type: 2, account: 'agent02' }))
})

const contract = (id: number, over: Partial<Contract> = {}): Contract => ({
  id,
  kind: 'dailySalary',
  uplineId: 1,
  uplineAccount: 'agent01',
  downlineId: 2,
  downlineAccount: 'agent02',
  terms: { kind: 'dailySalary', tiers: [{ from: 0, rate: 3_000 }] },
  status: 'accepted',
  offeredAt: Date.UTC(2026, 10, 1),
  answeredAt: Date.UTC(2026, 10, 1),
  expiresAt: null,
  endsAt: null,
  ...over,
})

const overview: ContractOverview = {
  kind: 'dailySalary',
  mine: contract(5),
  offers: [
    contract(9, { status: 'offered', terms: { kind: 'dailySalary', tiers: [{ from: 0, rate: 1_000 }] } }),
  ],
  downline: {
    list: [
      {
        id: 3,
        account: 'agent03',
        nickname: 'agent03',
        type: 2,
        contract: contract(7, {
          uplineId: 2,
          uplineAccount: 'agent02',
          downlineId: 3,
          downlineAccount: 'agent03',
        }),
        offer: null,
      },
    ],
    total: 1,
    pageNo: 1,
    pageSize: 100,
  },
}

const { read, act } = contractEndpointsByKind.dailySalary

test('accepting below what the agent pays its downline lists those contracts, then confirms', async () => {
  const sent = stubMoneyApi(moneyAnswers(), {
    [read.path]: () => overview,
    [act.path]: (s) =>
      (s.body as { confirmLower?: boolean }).confirmLower
        ? { contract: contract(9), ended: [contract(7, { status: 'terminated' })] }
        : {
            fail: {
              status: 409,
              errorCode: 'contract_lower_rate_confirm',
              value: { contracts: [contract(7, { downlineAccount: 'agent03' })] },
            },
          },
  })
  const user = userEvent.setup()
  await renderUi(
    <>
      <ContractsPage kind="dailySalary" />
      <Toasts dismissLabel="Dismiss" />
    </>,
  )
  const offer = await screen.findByRole('region', { name: 'Offer to me' })
  expect(within(offer).getByRole('heading').textContent).toBe('Offer from agent01')
  await user.click(within(offer).getByRole('button', { name: 'Accept' }))
  const alert = await within(offer).findByRole('alert')
  expect(alert.textContent).toContain('agent03')
  await user.click(within(alert).getByRole('button', { name: 'Confirm and accept' }))
  await screen.findByText('Done.')
  const posts = sent.filter((s) => s.path === act.path)
  expect(posts.map((s) => s.body)).toEqual([
    { action: 'accept', contractId: 9 },
    { action: 'accept', contractId: 9, confirmLower: true },
  ])
  expect(posts.every((s) => typeof s.headers['Idempotency-Key'] === 'string')).toBe(true)
})

test('an offer above my own rate is refused on the page, one within it is sent', async () => {
  const sent = stubMoneyApi(moneyAnswers(), {
    [read.path]: () => overview,
    [act.path]: () => ({ contract: contract(11, { status: 'offered' }), ended: [] }),
  })
  const user = userEvent.setup()
  await renderUi(
    <>
      <ContractsPage kind="dailySalary" />
      <Toasts dismissLabel="Dismiss" />
    </>,
  )
  await user.click(await screen.findByRole('button', { name: 'Offer' }))
  const dialog = await screen.findByRole('dialog')
  await user.type(within(dialog).getByLabelText('Rate (%)'), '0.5')
  await user.click(within(dialog).getByRole('button', { name: 'Send the offer' }))
  expect(await within(dialog).findByText('A rate is higher than your own contract allows.')).toBeTruthy()
  expect(sent.filter((s) => s.path === act.path)).toEqual([])
  await user.clear(within(dialog).getByLabelText('Rate (%)'))
  await user.type(within(dialog).getByLabelText('Rate (%)'), '0.2')
  await user.click(within(dialog).getByRole('button', { name: 'Send the offer' }))
  await screen.findByText('Offer sent to agent03.')
  expect(sent.filter((s) => s.path === act.path).map((s) => s.body)).toEqual([
    { action: 'offer', downlineId: 3, terms: { kind: 'dailySalary', tiers: [{ from: 0, rate: 2_000 }] } },
  ])
})

test('a real-time salary shows and edits a win rate and a loss rate per stake', async () => {
  const rt = contractEndpointsByKind.realTimeSalary
  const terms = { kind: 'realTimeSalary' as const, tiers: [{ from: 0, winRate: 1_000, lossRate: 2_000 }] }
  const sent = stubMoneyApi(moneyAnswers(), {
    [rt.read.path]: (s) =>
      s.method === 'GET'
        ? {
            ...overview,
            kind: 'realTimeSalary',
            offers: [],
            mine: contract(5, { kind: 'realTimeSalary', terms }),
          }
        : { contract: contract(12, { kind: 'realTimeSalary', status: 'offered', terms }), ended: [] },
  })
  const user = userEvent.setup()
  await renderUi(
    <>
      <ContractsPage kind="realTimeSalary" />
      <Toasts dismissLabel="Dismiss" />
    </>,
  )
  const mine = await screen.findByRole('region', { name: 'My contract' })
  expect(
    within(mine)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['From', 'Win rate', 'Loss rate'])
  expect(within(mine).getByText('0.1 %')).toBeTruthy()
  await user.click(screen.getByRole('button', { name: 'Offer' }))
  const dialog = await screen.findByRole('dialog')
  await user.type(within(dialog).getByLabelText('Win rate (%)'), '0.05')
  await user.type(within(dialog).getByLabelText('Loss rate (%)'), '0.2')
  await user.click(within(dialog).getByRole('button', { name: 'Send the offer' }))
  await screen.findByText('Offer sent to agent03.')
  expect(sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([
    {
      action: 'offer',
      downlineId: 3,
      terms: { kind: 'realTimeSalary', tiers: [{ from: 0, winRate: 500, lossRate: 2_000 }] },
    },
  ])
})
