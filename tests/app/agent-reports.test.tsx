/**
 * The agent centre's team reports against stubbed answers: team betting, user loss and
 * account details, each with its rows and totals (a table on a desktop, cards on a phone),
 * a filter or period that asks again, and a refusal said in the player's language.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { MemberProfitLoss, TeamBet, TeamMovement } from '#contract/agent'
import { TeamBetsPage } from '#src/features/agent/components/team-bets-page.tsx'
import { TeamMovementsPage } from '#src/features/agent/components/team-movements-page.tsx'
import { TeamProfitLossPage } from '#src/features/agent/components/team-profit-loss-page.tsx'
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
  setMember(memberInfo({ type: 1, account: 'agent01' }))
})

/** A phone's screen: every media query for a narrow width matches. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
}

const days = { from: '2026-11-29', to: '2026-11-29', timeZone: 'Asia/Phnom_Penh' }

const bet = (id: number, account: string, over: Partial<TeamBet> = {}): TeamBet => ({
  id,
  memberId: id + 100,
  account,
  betNo: `B${id}`,
  productType: 'LIVE',
  vendorName: 'Evo',
  gameName: 'Baccarat',
  betAmount: '20.00',
  validBet: '20.00',
  payout: '0.00',
  winLoss: '-20.00',
  status: 'SETTLED',
  betTime: Date.UTC(2026, 10, 29, 3),
  settledTime: Date.UTC(2026, 10, 29, 3, 5),
  ...over,
})

const pnl = (memberId: number, account: string, over: Partial<MemberProfitLoss> = {}): MemberProfitLoss => ({
  memberId,
  account,
  level: 1,
  betCount: 3,
  validBets: '60.00',
  profitLoss: '-45.00',
  deposits: '100.00',
  withdrawals: '0.00',
  bonuses: '2.00',
  ...over,
})

const movement = (id: number, account: string, over: Partial<TeamMovement> = {}): TeamMovement => ({
  id,
  memberId: id + 100,
  account,
  time: Date.UTC(2026, 10, 29, 2),
  type: 'DEPOSIT',
  amount: '100.00',
  balanceAfter: '150.00',
  memo: null,
  ...over,
})

const betsPath = '/wps/relay/ODSFE2_teamBetting'
const pnlPath = '/wps/relay/ODSFE2_teamPNL'
const movementsPath = '/wps/relay/ODSFE2_teamTransDet'

const page = <T,>(list: T[], total = list.length) => ({ list, total, pageNo: 1, pageSize: 20, ...days })

describe('team betting', () => {
  test('shows the bets and their totals, and asks again by game type, member and period', async () => {
    const sent = stubMoneyApi(moneyAnswers(), {
      [betsPath]: (s) => ({
        ...page(
          s.query.get('productType') === 'SPORTS'
            ? [bet(3, 'player02', { productType: 'SPORTS', vendorName: 'SBO', gameName: 'Football' })]
            : [bet(1, 'player01'), bet(2, 'player02', { winLoss: '15.00', status: 'UNSETTLED' })],
          45,
        ),
        totals: { betAmount: '40.00', validBet: '40.00', winLoss: '-5.00' },
      }),
    })
    const user = userEvent.setup()
    await renderUi(<TeamBetsPage />)
    const table = await screen.findByRole('table')
    const first = within(table).getByRole('row', { name: /player01/ })
    expect(within(first).getByText('Live casino · Evo · Baccarat')).toBeTruthy()
    expect(within(first).getByText('-$20.00').className).toBe('agent-loss')
    expect(within(first).getByText('Settled')).toBeTruthy()
    const second = within(table).getByRole('row', { name: /player02/ })
    expect(within(second).getByText('$15.00').className).toBe('agent-gain')
    expect(within(second).getByText('Unsettled')).toBeTruthy()
    const totals = screen.getByRole('region', { name: 'Totals' })
    expect(within(totals).getByText('-$5.00').className).toBe('agent-loss')
    expect(screen.getByRole('navigation', { name: 'Report pages' })).toBeTruthy()

    await user.selectOptions(screen.getByLabelText('Game type'), 'SPORTS')
    expect(await screen.findByText('Sports · SBO · Football')).toBeTruthy()
    expect(sent.some((s) => s.path === betsPath && s.query.get('productType') === 'SPORTS')).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Show only player02' }))
    expect(await screen.findByText('Only player02')).toBeTruthy()
    await waitFor(() =>
      expect(sent.some((s) => s.path === betsPath && s.query.get('memberId') === '103')).toBe(true),
    )

    await user.click(screen.getByRole('button', { name: 'Yesterday' }))
    await waitFor(() =>
      expect(
        sent.some(
          (s) =>
            s.path === betsPath && s.query.get('period') === 'yesterday' && s.query.get('memberId') === '103',
        ),
      ).toBe(true),
    )
  })

  test('a typed account narrows the bets to that member; a member not found is said, and clearing it shows all', async () => {
    const sent = stubMoneyApi(moneyAnswers(), {
      [betsPath]: (s) =>
        s.query.get('account') === 'ghost'
          ? { fail: { status: 404, errorCode: 'downline_not_found' } }
          : {
              ...page(
                s.query.get('account') === 'player02'
                  ? [bet(2, 'player02')]
                  : [bet(1, 'player01'), bet(2, 'player02')],
              ),
              totals: { betAmount: '40.00', validBet: '40.00', winLoss: '-5.00' },
            },
    })
    const user = userEvent.setup()
    await renderUi(<TeamBetsPage />)
    await screen.findByRole('row', { name: /player01/ })
    const search = screen.getByRole('search', { name: 'Member' })
    await user.type(within(search).getByRole('searchbox'), ' player02 ')
    await user.click(within(search).getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('Only player02')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('row', { name: /player01/ })).toBeNull())
    expect(
      sent.some(
        (s) => s.path === betsPath && s.query.get('account') === 'player02' && !s.query.has('memberId'),
      ),
    ).toBe(true)
    await user.clear(within(search).getByRole('searchbox'))
    await user.type(within(search).getByRole('searchbox'), 'ghost')
    await user.click(within(search).getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('This member is not in your team.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Show the whole team' }))
    expect(await screen.findByRole('row', { name: /player01/ })).toBeTruthy()
  })

  test('on a phone each bet is a card', async () => {
    onPhone()
    stubMoneyApi(moneyAnswers(), {
      [betsPath]: () => ({
        ...page([bet(1, 'player01')]),
        totals: { betAmount: '20.00', validBet: '20.00', winLoss: '-20.00' },
      }),
    })
    await renderUi(<TeamBetsPage />)
    const card = (await screen.findByText('Live casino · Evo · Baccarat')).closest('li')
    expect(card).toBeTruthy()
    expect(within(card as HTMLElement).getByText('B1')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  test('a refused member is said in the player’s language', async () => {
    stubMoneyApi(moneyAnswers(), {
      [betsPath]: () => ({ fail: { status: 404, errorCode: 'downline_not_found' } }),
    })
    await renderUi(<TeamBetsPage />, 'zh')
    expect(await screen.findByText('该会员不在您的团队中。')).toBeTruthy()
  })
})

describe('user loss', () => {
  test('shows each member’s profit and loss with the totals, and searches by account', async () => {
    const sent = stubMoneyApi(moneyAnswers(), {
      [pnlPath]: (s) => ({
        ...page(
          s.query.get('account') === 'sub'
            ? [pnl(12, 'sub01', { level: 2, profitLoss: '8.00' })]
            : [pnl(10, 'player01'), pnl(11, 'player02', { profitLoss: '30.00' })],
        ),
        totals: { validBets: '120.00', profitLoss: '-15.00' },
      }),
    })
    const user = userEvent.setup()
    await renderUi(<TeamProfitLossPage />)
    const table = await screen.findByRole('table')
    const first = within(table).getByRole('row', { name: /player01/ })
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '3', '$60.00', '-$45.00', '$100.00', '$0.00', '$2.00'])
    expect(within(first).getByText('-$45.00').className).toBe('agent-loss')
    expect(within(table).getByText('$30.00').className).toBe('agent-gain')
    const totals = screen.getByRole('region', { name: 'Totals' })
    expect(within(totals).getByText('$120.00')).toBeTruthy()
    expect(within(totals).getByText('-$15.00').className).toBe('agent-loss')

    await user.type(screen.getByRole('searchbox'), 'sub')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByRole('row', { name: /sub01/ })).toBeTruthy()
    expect(sent.some((s) => s.path === pnlPath && s.query.get('account') === 'sub')).toBe(true)
  })

  test('on a phone each member is a card', async () => {
    onPhone()
    stubMoneyApi(moneyAnswers(), {
      [pnlPath]: () => ({
        ...page([pnl(10, 'player01')]),
        totals: { validBets: '60.00', profitLoss: '-45.00' },
      }),
    })
    await renderUi(<TeamProfitLossPage />)
    const card = (await screen.findByText('player01')).closest('li')
    expect(within(card as HTMLElement).getByText('Level 1')).toBeTruthy()
    expect(within(card as HTMLElement).getByText('-$45.00')).toBeTruthy()
  })

  test('a refused range is said in the player’s language', async () => {
    const sent = stubMoneyApi(moneyAnswers(), {
      [pnlPath]: (s) =>
        s.query.get('period') === 'range'
          ? { fail: { status: 422, errorCode: 'team_range_invalid' } }
          : { ...page([]), totals: { validBets: '0.00', profitLoss: '0.00' } },
    })
    const user = userEvent.setup()
    await renderUi(<TeamProfitLossPage />, 'km')
    await screen.findByRole('region')
    const chips = screen.getByRole('group')
    const buttons = within(chips).getAllByRole('button')
    await user.click(buttons[buttons.length - 1] as HTMLElement)
    expect(await screen.findByText('សូមជ្រើសថ្ងៃចាប់ផ្ដើមមុន ឬស្មើថ្ងៃបញ្ចប់ ហើយឃ្លាតគ្នាមិនលើស 93 ថ្ងៃ។')).toBeTruthy()
    expect(sent.some((s) => s.path === pnlPath && s.query.get('period') === 'range')).toBe(true)
  })
})

describe('account details', () => {
  test('shows the team’s movements, and asks again by type and member', async () => {
    const sent = stubMoneyApi(moneyAnswers(), {
      [movementsPath]: (s) =>
        page(
          s.query.get('type') === 'WITHDRAWAL'
            ? [movement(3, 'player02', { type: 'WITHDRAWAL', amount: '-40.00', balanceAfter: '10.00' })]
            : [
                movement(1, 'player01', { memo: 'Bank' }),
                movement(2, 'player02', { type: 'BET', amount: '-5.00' }),
              ],
        ),
    })
    const user = userEvent.setup()
    await renderUi(<TeamMovementsPage />)
    const table = await screen.findByRole('table')
    const first = within(table).getByRole('row', { name: /player01/ })
    expect(within(first).getByText('Deposit')).toBeTruthy()
    expect(within(first).getByText('+$100.00').className).toBe('agent-gain')
    expect(within(first).getByText('$150.00')).toBeTruthy()
    expect(within(first).getByText('Bank')).toBeTruthy()
    const second = within(table).getByRole('row', { name: /player02/ })
    expect(within(second).getByText('Bet')).toBeTruthy()
    expect(within(second).getByText('-$5.00').className).toBe('agent-loss')

    await user.selectOptions(screen.getByLabelText('Type'), 'WITHDRAWAL')
    expect(await screen.findByText('-$40.00')).toBeTruthy()
    expect(sent.some((s) => s.path === movementsPath && s.query.get('type') === 'WITHDRAWAL')).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Show only player02' }))
    await waitFor(() =>
      expect(sent.some((s) => s.path === movementsPath && s.query.get('memberId') === '103')).toBe(true),
    )
    await user.click(screen.getByRole('button', { name: 'Show the whole team' }))
    expect(screen.queryByText('Only player02')).toBeNull()
  })

  test('on a phone each movement is a card', async () => {
    onPhone()
    stubMoneyApi(moneyAnswers(), { [movementsPath]: () => page([movement(1, 'player01')]) })
    await renderUi(<TeamMovementsPage />)
    const card = (await screen.findByText('+$100.00')).closest('li')
    expect(within(card as HTMLElement).getByText('Deposit')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  test('a refusal is said in the player’s language, with a way to try again', async () => {
    stubMoneyApi(moneyAnswers(), {
      [movementsPath]: () => ({ fail: { status: 404, errorCode: 'downline_not_found' } }),
    })
    await renderUi(<TeamMovementsPage />, 'km')
    expect(await screen.findByText('សមាជិកនេះមិនស្ថិតក្នុងក្រុមរបស់អ្នកទេ។')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'ព្យាយាមម្តងទៀត' })).toBeTruthy()
  })
})
