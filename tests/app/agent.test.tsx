/**
 * The agent centre's pages against stubbed answers: the team overview by period, the
 * downline with its search, drill-down and transfer, the red envelope's split and send,
 * and the agent entrance at /agent.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { DownlineMember, TeamFigures } from '#contract/agent'
import type { EndpointDef } from '#contract/endpoint'
import { Toasts } from '#src/components/ui/toasts.tsx'
import { splitEqually } from '#src/features/agent/agent-money.ts'
import { RedEnvelopePage } from '#src/features/agent/components/red-envelope-page.tsx'
import { TeamManagementPage } from '#src/features/agent/components/team-management-page.tsx'
import { TeamOverviewPage } from '#src/features/agent/components/team-overview-page.tsx'
import { ApiError } from '#src/lib/api-client.ts'
import { api } from '#src/lib/api.ts'
import { endSession, entranceHome, setMember, startSession } from '#src/lib/session.ts'
import { logIn, memberInfo, moneyAnswers, stubMoneyApi, type Sent } from './fixtures'
import { renderApp, renderUi } from './render'

afterEach(() => {
  endSession()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const figures = (over: Partial<TeamFigures> = {}): TeamFigures => ({
  members: 2,
  newMembers: 1,
  activeMembers: 1,
  firstDeposits: 0,
  deposits: '150.00',
  withdrawals: '0.00',
  validBets: '40.00',
  bonuses: '5.00',
  profitLoss: '-12.50',
  ...over,
})

const overview = (over: { direct?: Partial<TeamFigures>; team?: Partial<TeamFigures> } = {}) => ({
  from: '2026-11-29',
  to: '2026-11-29',
  timeZone: 'Asia/Phnom_Penh',
  direct: figures(over.direct),
  team: figures({ members: 7, deposits: '2345.60', ...over.team }),
})

const member = (id: number, account: string, over: Partial<DownlineMember> = {}): DownlineMember => ({
  id,
  account,
  nickname: account,
  level: 1,
  type: 0,
  downlineCount: 0,
  balance: '10.00',
  status: 'active',
  joinedAt: Date.UTC(2026, 10, 1),
  lastLoginAt: null,
  ...over,
})

const downlinePath = '/wps/relay/ODSFE2_subordinateSimple'
const overviewPath = '/wps/relay/ODSFE2_teamOverview'

/** The agent's downline, one member's under them, and the team searched by account. */
function downlineAnswer(s: Sent) {
  const parentId = s.query.get('parentId')
  const account = s.query.get('account')
  if (account)
    return {
      list: [member(12, 'sub01', { level: 2 })],
      total: 1,
      pageNo: 1,
      pageSize: 20,
      path: [{ id: 1, account: 'agent01' }],
    }
  if (parentId === '11') {
    return {
      list: [member(12, 'sub01', { level: 2 })],
      total: 1,
      pageNo: 1,
      pageSize: 20,
      path: [
        { id: 1, account: 'agent01' },
        { id: 11, account: 'agent02' },
      ],
    }
  }
  return {
    list: [member(10, 'player01'), member(11, 'agent02', { type: 1, downlineCount: 1, balance: '0.00' })],
    total: 2,
    pageNo: 1,
    pageSize: 20,
    path: [{ id: 1, account: 'agent01' }],
  }
}

/** Lets the encrypted transfer answer from the test, and records what it was asked. */
function stubTransfer(answer: (input: unknown) => unknown) {
  const asked: unknown[] = []
  const real = api.call.bind(api)
  vi.spyOn(api, 'call').mockImplementation((async (def: EndpointDef, input?: unknown, opts?: unknown) => {
    if (def.name !== 'agent.downlineTransfer') return real(def as never, input as never, opts as never)
    asked.push(input)
    return answer(input)
  }) as typeof api.call)
  return asked
}

beforeEach(() => {
  logIn()
  setMember(memberInfo({ type: 1, account: 'agent01' }))
})

describe('team overview', () => {
  test('shows the direct downline and the whole team apart, and asks again for another period', async () => {
    const sent = stubMoneyApi(moneyAnswers(), {
      [overviewPath]: (s) =>
        s.query.get('period') === 'thisMonth' ? overview({ team: { members: 40 } }) : overview(),
    })
    const user = userEvent.setup()
    await renderUi(<TeamOverviewPage />)
    const table = await screen.findByRole('table')
    const header = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(header).toEqual(['Figure', 'Direct downline', 'Whole team'])
    const deposits = within(table).getByRole('row', { name: /Deposits/ })
    expect(
      within(deposits)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$150.00', '$2,345.60'])
    expect(within(table).getByRole('row', { name: /Profit and loss/ }).textContent).toContain('-$12.50')
    expect(screen.getByText('From Nov 29, 2026 to Nov 29, 2026 (GMT+7)')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'This month' }))
    expect(screen.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed')).toBe('true')
    await waitFor(() => {
      const members = within(screen.getByRole('table')).getByRole('row', { name: /^Members/ })
      expect(within(members).getAllByRole('cell')[1]?.textContent).toBe('40')
    })
    expect(sent.some((s) => s.path === overviewPath && s.query.get('period') === 'thisMonth')).toBe(true)
  })

  test('a chosen range sends both days, and a refused range says why', async () => {
    const sent = stubMoneyApi(moneyAnswers(), {
      [overviewPath]: (s) =>
        s.query.get('period') === 'range'
          ? { fail: { status: 422, errorCode: 'team_range_invalid' } }
          : overview(),
    })
    const user = userEvent.setup()
    await renderUi(<TeamOverviewPage />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Choose dates' }))
    const from = screen.getByLabelText('From')
    const to = screen.getByLabelText('To')
    await user.clear(from)
    await user.type(from, '2026-01-01')
    await user.clear(to)
    await user.type(to, '2026-11-01')
    expect(
      await screen.findByText('Choose a start day on or before the end day, at most 93 days apart.'),
    ).toBeTruthy()
    const asked = sent.filter((s) => s.path === overviewPath && s.query.get('period') === 'range').at(-1)
    expect(asked?.query.get('from')).toBe('2026-01-01')
    expect(asked?.query.get('to')).toBe('2026-11-01')
  })
})

describe('team management', () => {
  test('lists the downline, drills into an agent with a way back up, and searches the team', async () => {
    const sent = stubMoneyApi(
      moneyAnswers({ '/wps/member/info': memberInfo({ type: 1, account: 'agent01' }) }),
      {
        [downlinePath]: downlineAnswer,
      },
    )
    const user = userEvent.setup()
    const { router } = await renderApp('/index?popup=agentCentre&agentPage=downlineManagmentView')
    const dialog = await screen.findByRole('dialog', { name: 'Agent centre' })
    const table = await within(dialog).findByRole('table')
    const player = within(table).getByRole('row', { name: /player01/ })
    expect(within(player).getByText('$10.00')).toBeTruthy()
    expect(within(player).getByText('Member')).toBeTruthy()
    expect(within(player).getByText('Never')).toBeTruthy()
    expect(within(player).getByText('Active')).toBeTruthy()
    // An agent with a downline opens it, named in the address; the breadcrumb leads back.
    await user.click(within(dialog).getByRole('button', { name: 'Open the downline of agent02' }))
    expect(await within(dialog).findByRole('row', { name: /sub01/ })).toBeTruthy()
    expect(router.state.location.search).toMatchObject({ agentPage: 'downlineManagmentView', agentOf: 11 })
    const crumbs = within(dialog).getByRole('navigation', { name: 'Where you are in the team' })
    expect(within(crumbs).getByText('agent02').getAttribute('aria-current')).toBe('location')
    await user.click(within(crumbs).getByRole('button', { name: 'My team' }))
    expect(await within(dialog).findByRole('row', { name: /player01/ })).toBeTruthy()
    expect(router.state.location.search).not.toHaveProperty('agentOf')
    // Back retraces the way: into agent02's downline again, then up to the team, still open.
    router.history.back()
    expect(await within(dialog).findByRole('row', { name: /sub01/ })).toBeTruthy()
    router.history.back()
    expect(await within(dialog).findByRole('row', { name: /player01/ })).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Agent centre' })).toBe(dialog)
    // A search covers the whole team.
    await user.type(screen.getByRole('searchbox'), 'sub')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('Accounts matching “sub” in your whole team')).toBeTruthy()
    expect(sent.some((s) => s.path === downlinePath && s.query.get('account') === 'sub')).toBe(true)
  })

  test('a transfer to a member updates their balance in the list and says it was sent', async () => {
    let balance = '10.00'
    stubMoneyApi(moneyAnswers(), {
      [downlinePath]: () => ({
        list: [member(10, 'player01', { balance })],
        total: 1,
        pageNo: 1,
        pageSize: 20,
        path: [{ id: 1, account: 'agent01' }],
      }),
    })
    const asked = stubTransfer(() => {
      balance = '35.00'
      return { recipients: 1, total: '25.00', sumBalance: '975.00' }
    })
    const user = userEvent.setup()
    await renderUi(
      <>
        <TeamManagementPage />
        <Toasts dismissLabel="Dismiss" />
      </>,
    )
    await user.click(await screen.findByRole('button', { name: 'Transfer to player01' }))
    const dialog = await screen.findByRole('dialog', { name: 'Transfer to player01' })
    await user.type(within(dialog).getByLabelText('Amount'), '25')
    await user.type(within(dialog).getByLabelText('Payment password'), '246810')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Sent $25.00 to player01.')).toBeTruthy()
    expect(await screen.findByText('$35.00')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(asked).toEqual([{ shares: [{ memberId: 10, amount: '25' }], paymentPassword: '246810' }])
  })

  test("the phone's Back closes the transfer dialog and leaves the team list open", async () => {
    stubMoneyApi(moneyAnswers({ '/wps/member/info': memberInfo({ type: 1, account: 'agent01' }) }), {
      [downlinePath]: downlineAnswer,
    })
    const asked = stubTransfer(() => ({ recipients: 1, total: '1.00', sumBalance: '1.00' }))
    const user = userEvent.setup()
    const { router } = await renderApp('/index?popup=agentCentre&agentPage=downlineManagmentView')
    const centre = await screen.findByRole('dialog', { name: 'Agent centre' })
    await user.click(await within(centre).findByRole('button', { name: 'Transfer to player01' }))
    const dialog = await screen.findByRole('dialog', { name: 'Transfer to player01' })
    await user.type(within(dialog).getByLabelText('Amount'), '25')
    router.history.back()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transfer to player01' })).toBeNull())
    expect(screen.getByRole('dialog', { name: 'Agent centre' })).toBe(centre)
    expect(router.state.location.search).toMatchObject({
      popup: 'agentCentre',
      agentPage: 'downlineManagmentView',
    })
    // Opened again, it starts afresh; its Close button leaves the same way.
    await user.click(within(centre).getByRole('button', { name: 'Transfer to player01' }))
    const again = await screen.findByRole('dialog', { name: 'Transfer to player01' })
    expect((within(again).getByLabelText('Amount') as HTMLInputElement).value).toBe('')
    await user.click(within(again).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transfer to player01' })).toBeNull())
    expect(screen.getByRole('dialog', { name: 'Agent centre' })).toBe(centre)
    expect(asked).toEqual([])
  })

  test('a refused transfer says why in the dialog: the balance, or the wrong password by its field', async () => {
    stubMoneyApi(moneyAnswers(), { [downlinePath]: downlineAnswer })
    let refusal = new ApiError('insufficient_balance', 422, 'refused', { balance: '12.34' })
    stubTransfer(() => Promise.reject(refusal))
    const user = userEvent.setup()
    await renderUi(<TeamManagementPage />)
    await user.click(await screen.findByRole('button', { name: 'Transfer to player01' }))
    const dialog = await screen.findByRole('dialog', { name: 'Transfer to player01' })
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(within(dialog).getByText('Enter an amount.')).toBeTruthy()
    await user.type(within(dialog).getByLabelText('Amount'), '500')
    await user.type(within(dialog).getByLabelText('Payment password'), '246810')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(
      await within(dialog).findByText('Your balance is not enough. Your balance is $12.34.'),
    ).toBeTruthy()
    refusal = new ApiError('payment_password_wrong', 422, 'refused')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    const password = within(dialog).getByLabelText('Payment password')
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'))
    expect(within(dialog).getByText('The payment password is wrong.')).toBeTruthy()
    refusal = new ApiError('transfer_over_limit', 422, 'refused', { limit: '50.00' })
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(
      await within(dialog).findByText(
        'This is more than you may send in one transfer. The most per transfer is $50.00.',
      ),
    ).toBeTruthy()
  })
})

describe('red envelope', () => {
  test('splits a total equally in cents, the rest to the first, and shows who received what', async () => {
    stubMoneyApi(moneyAnswers(), { [downlinePath]: downlineAnswer })
    const asked = stubTransfer(() => ({ recipients: 2, total: '100.01', sumBalance: '899.99' }))
    const user = userEvent.setup()
    await renderUi(
      <>
        <RedEnvelopePage />
        <Toasts dismissLabel="Dismiss" />
      </>,
    )
    await user.click(await screen.findByRole('button', { name: 'Send red envelope' }))
    expect(screen.getByText('Choose at least two members.')).toBeTruthy()
    await user.click(screen.getByRole('checkbox', { name: /player01/ }))
    await user.click(screen.getByRole('checkbox', { name: /agent02/ }))
    expect(screen.getByText('Chosen: 2')).toBeTruthy()
    await user.type(screen.getByLabelText('Total amount'), '100.01')
    expect(screen.getByText('Each member gets $50.00; the first gets $50.01.')).toBeTruthy()
    await user.type(screen.getByLabelText('Payment password'), '246810')
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }))
    const done = await screen.findByText('2 members received $100.01 in total.')
    expect(done.closest('[role="status"]')).toBeTruthy()
    expect(asked).toEqual([
      {
        shares: [
          { memberId: 10, amount: '50.01' },
          { memberId: 11, amount: '50.00' },
        ],
        paymentPassword: '246810',
      },
    ])
  })

  test('gives each member an amount, and shows a refusal', async () => {
    stubMoneyApi(moneyAnswers(), { [downlinePath]: downlineAnswer })
    let refusal = new ApiError('downline_not_found', 404, 'refused')
    const asked = stubTransfer(() => Promise.reject(refusal))
    const user = userEvent.setup()
    await renderUi(<RedEnvelopePage />)
    await user.click(await screen.findByRole('checkbox', { name: /player01/ }))
    await user.click(screen.getByRole('checkbox', { name: /agent02/ }))
    await user.click(screen.getByRole('radio', { name: 'Give each member an amount' }))
    await user.type(screen.getByLabelText('Amount for player01'), '5')
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }))
    expect(screen.getByText('Enter an amount.')).toBeTruthy()
    await user.type(screen.getByLabelText('Amount for agent02'), '7.5')
    await user.type(screen.getByLabelText('Payment password'), '246810')
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }))
    expect(await screen.findByText('This member is not in your team.')).toBeTruthy()
    refusal = new ApiError('transfer_daily_limit', 422, 'refused', { limit: '200.00', remaining: '10.00' })
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }))
    expect(
      await screen.findByText(
        'This is more than you may still send to your team today. The most per day is $200.00; you can still send $10.00 today.',
      ),
    ).toBeTruthy()
    // The same envelope both times: refused for a stranger, then over the day's limit.
    expect(asked).toEqual(
      Array.from({ length: 2 }, () => ({
        shares: [
          { memberId: 10, amount: '5' },
          { memberId: 11, amount: '7.5' },
        ],
        paymentPassword: '246810',
      })),
    )
  })

  test('an equal split never makes a share of less than one minor unit', () => {
    expect(splitEqually(10000n, 3)).toEqual([3334n, 3333n, 3333n])
    expect(splitEqually(5n, 5)).toEqual([1n, 1n, 1n, 1n, 1n])
    expect(splitEqually(4n, 5)).toBeNull()
    expect(splitEqually(100n, 0)).toBeNull()
  })
})

describe('agent entrance', () => {
  function stubLogin(answer: () => unknown) {
    const real = api.call.bind(api)
    vi.spyOn(api, 'call').mockImplementation((async (def: EndpointDef, input?: unknown, opts?: unknown) =>
      def.name === 'identity.login'
        ? answer()
        : real(def as never, input as never, opts as never)) as typeof api.call)
  }

  test('a member is told that only agents may log in here', async () => {
    endSession()
    stubMoneyApi(moneyAnswers())
    stubLogin(() => Promise.reject(new ApiError('error_not_agent', 403, 'refused')))
    const user = userEvent.setup()
    await renderApp('/agent')
    await user.type(await screen.findByLabelText('Agent username'), 'member01')
    await user.type(screen.getByLabelText('Password'), 'lotus123')
    await user.click(screen.getByRole('button', { name: 'Log in as an agent' }))
    expect(await screen.findByText('Non-agents cannot log in.')).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Agent centre' })).toBeNull()
  })

  test('an agent lands in the agent centre on the team overview, and the entrance is remembered', async () => {
    endSession()
    stubMoneyApi(
      moneyAnswers({
        '/wps/member/info': memberInfo({ type: 1, account: 'agent01' }),
        [overviewPath]: overview(),
      }),
    )
    stubLogin(() => ({
      token: 'tok_agent_0123456789',
      firstTimeLogin: false,
      passwordExpired: false,
      mustChangePassword: false,
    }))
    const user = userEvent.setup()
    const { router } = await renderApp('/agent')
    await user.type(await screen.findByLabelText('Agent username'), 'agent01')
    await user.type(screen.getByLabelText('Password'), 'lotus123')
    await user.click(screen.getByRole('button', { name: 'Log in as an agent' }))
    const dialog = await screen.findByRole('dialog', { name: 'Agent centre' })
    expect(router.state.location.search).toMatchObject({
      popup: 'agentCentre',
      agentPage: 'agentTeamOverview',
    })
    expect(await within(dialog).findByRole('heading', { level: 3, name: 'Team overview' })).toBeTruthy()
    expect(await within(dialog).findByText('$2,345.60')).toBeTruthy()
    expect(sessionStorage.getItem('entrance')).toBe('agent')
  })

  test('a session begun at /agent that ends by itself returns there; a member session goes home', () => {
    const login = {
      token: 'tok_agent_0123456789',
      firstTimeLogin: false,
      passwordExpired: false,
      mustChangePassword: false,
    }
    startSession(login, 'agent01', 'agent')
    expect(entranceHome()).toBe('/agent')
    endSession()
    startSession(login, 'member01')
    expect(entranceHome()).toBe('/')
  })
})
