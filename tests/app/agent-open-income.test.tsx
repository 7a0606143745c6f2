/**
 * Register account and My income against stubbed answers: the form checks the brand's rules
 * and each rate against the agent's own (shown as the ceiling) before sending, sends the
 * rates in basis points, says a refusal by its field in the player's language; the income
 * report shows each game type and the total as an estimate, a table on a desktop and cards
 * on a phone.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { DownlineMember, IncomeLine } from '#contract/agent'
import { contractKinds } from '#contract/contracts'
import type { EndpointDef } from '#contract/endpoint'
import type { RegisterFieldRule } from '#contract/system'
import { Toasts } from '#src/components/ui/toasts.tsx'
import { MyIncomePage } from '#src/features/agent/components/my-income-page.tsx'
import { RegisterAccountPage } from '#src/features/agent/components/register-account-page.tsx'
import { TeamManagementPage } from '#src/features/agent/components/team-management-page.tsx'
import { ApiError } from '#src/lib/api-client.ts'
import { api } from '#src/lib/api.ts'
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

function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
}

const ratesPath = '/wps/relay/MCSFE_getCustomerRebateSettingByProductType'
const rulesPath = '/wps/system/setting/register'
const incomePath = '/wps/relay/ODSFE2_agentRevenue'

const rules: RegisterFieldRule[] = [
  {
    field: 'username',
    enabled: true,
    required: true,
    minLength: 6,
    maxLength: 12,
    acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
    patternId: 'LETTER_FIRST_ALNUM',
  },
  {
    field: 'password',
    enabled: true,
    required: true,
    minLength: 6,
    maxLength: 20,
    acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
    patternId: 'MIX_LETTERS_DIGITS',
  },
]

const myRates = {
  rates: [
    { productType: 'LOTT', rate: 0 },
    { productType: 'LIVE', rate: 80 },
    { productType: 'RNG', rate: 120 },
  ],
}

/** Answers one encrypted or keyed write (agent.openAccount by default) from `answer`, every other call as stubbed. */
function stubOpen(answer: (input: unknown) => unknown, name = 'agent.openAccount') {
  const asked: unknown[] = []
  const real = api.call.bind(api)
  vi.spyOn(api, 'call').mockImplementation((async (def: EndpointDef, input?: unknown, opts?: unknown) => {
    if (def.name !== name) return real(def as never, input as never, opts as never)
    asked.push(input)
    return answer(input)
  }) as typeof api.call)
  return asked
}

describe('register account', () => {
  test("shows the agent's own rates as the ceiling, checks the form, and opens the account", async () => {
    stubMoneyApi(moneyAnswers(), { [ratesPath]: () => myRates, [rulesPath]: () => rules })
    const asked = stubOpen(() => ({ id: 77, account: 'newbie01', type: 0, rates: [] }))
    const user = userEvent.setup()
    await renderUi(
      <>
        <RegisterAccountPage />
        <Toasts dismissLabel="Dismiss" />
      </>,
    )
    // Only game types the agent has a rate for can be given; each shows its ceiling.
    const slots = await screen.findByLabelText('Slots')
    expect(screen.getByText('Your rate: 1.20%')).toBeTruthy()
    expect(screen.getByText('Your rate: 0.80%')).toBeTruthy()
    expect(screen.queryByLabelText('Lottery')).toBeNull()

    await user.type(screen.getByLabelText('Username'), '9bad')
    await user.type(screen.getByLabelText('Password'), 'abc12345')
    await user.type(screen.getByLabelText('Confirm password'), 'abc12399')
    await user.type(slots, '1.5')
    await user.click(screen.getByRole('button', { name: 'Open account' }))
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('The passwords do not match.')).toBeTruthy()
    expect(screen.getByText('At most 1.20%.')).toBeTruthy()
    expect(asked).toEqual([])

    await user.clear(screen.getByLabelText('Username'))
    await user.type(screen.getByLabelText('Username'), 'newbie01')
    await user.clear(screen.getByLabelText('Confirm password'))
    await user.type(screen.getByLabelText('Confirm password'), 'abc12345')
    await user.clear(slots)
    await user.type(slots, '0.5')
    await user.type(screen.getByLabelText('Live casino'), '0.25')
    await user.click(screen.getByRole('radio', { name: 'Agent' }))
    await user.click(screen.getByRole('button', { name: 'Open account' }))
    expect(await screen.findByText('newbie01 is open. Its first login asks for a new password.')).toBeTruthy()
    expect(asked).toEqual([
      {
        kind: 'agent',
        username: 'newbie01',
        password: 'abc12345',
        confirmPassword: 'abc12345',
        rates: [
          { productType: 'LIVE', rate: 25 },
          { productType: 'RNG', rate: 50 },
        ],
      },
    ])
    await waitFor(() => expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe(''))
  })

  test("says a refusal by its field, in the player's language", async () => {
    stubMoneyApi(moneyAnswers(), { [ratesPath]: () => myRates, [rulesPath]: () => rules })
    let refusal = new ApiError('username_taken', 409, 'refused')
    stubOpen(() => Promise.reject(refusal))
    const user = userEvent.setup()
    await renderUi(<RegisterAccountPage />, 'zh')
    await user.type(await screen.findByLabelText('用户名'), 'takenname')
    const passwords = screen.getAllByLabelText(/密码/)
    for (const p of passwords) await user.type(p, 'abc12345')
    await user.click(screen.getByRole('button', { name: '开户' }))
    expect(await screen.findByText('该用户名已被注册。')).toBeTruthy()

    refusal = new ApiError('rebate_rate_too_high', 400, 'refused', { productType: 'RNG', maxRate: 120 })
    await user.type(screen.getByLabelText('老虎机'), '1')
    await user.click(screen.getByRole('button', { name: '开户' }))
    expect(await screen.findByText('返水比例不能高于您在该游戏类型的返水比例。')).toBeTruthy()
    expect(screen.getByLabelText('老虎机').getAttribute('aria-invalid')).toBe('true')
  })
})

const line = (productType: IncomeLine['productType'], over: Partial<IncomeLine> = {}): IncomeLine => ({
  productType,
  rate: 120,
  validBets: '1000.00',
  income: '4.20',
  ...over,
})

const income = (lines: IncomeLine[]) => ({
  from: '2026-11-29',
  to: '2026-11-29',
  timeZone: 'Asia/Phnom_Penh',
  lines,
  totals: { validBets: '1500.00', income: '5.10' },
  contracts: {
    lines: contractKinds.map((kind) =>
      kind === 'dailySalary' ? { kind, payments: 2, amount: '12.30' } : { kind, payments: 0, amount: '0.00' },
    ),
    total: '12.30',
  },
})

describe('my income', () => {
  test('shows each game type and the total as an estimate, and asks again for another period', async () => {
    const sent = stubMoneyApi(moneyAnswers(), {
      [incomePath]: () =>
        income([line('LIVE', { rate: 80, validBets: '500.00', income: '0.90' }), line('RNG')]),
    })
    const user = userEvent.setup()
    await renderUi(<MyIncomePage />)
    const table = await screen.findByRole('table')
    const slots = within(table).getByRole('row', { name: /Slots/ })
    expect(
      within(slots)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1.20%', '$1,000.00', '$4.20'])
    const totals = screen.getByRole('region', { name: 'Totals' })
    expect(within(totals).getByText('$5.10')).toBeTruthy()
    expect(screen.getByText(/Estimated, not paid/)).toBeTruthy()
    // Beside the estimate, what the contracts paid: the daily salary's two payments.
    const paid = screen.getByRole('region', { name: 'Salaries and dividends' })
    expect(within(paid).getByText('Daily salary').closest('div')?.textContent).toBe('Daily salary$12.30')
    expect(within(totals).getByText('$12.30')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'This month' }))
    await waitFor(() =>
      expect(sent.some((s) => s.path === incomePath && s.query.get('period') === 'thisMonth')).toBe(true),
    )
  })

  test('on a phone each game type is a card; an empty period says so', async () => {
    onPhone()
    let lines = [line('FISH')]
    stubMoneyApi(moneyAnswers(), { [incomePath]: () => income(lines) })
    const user = userEvent.setup()
    await renderUi(<MyIncomePage />)
    const card = (await screen.findByText('Fish')).closest('li')
    expect(within(card as HTMLElement).getByText('$4.20')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    lines = []
    await user.click(screen.getByRole('button', { name: 'Yesterday' }))
    expect(await screen.findByText('No rebate difference in this period.')).toBeTruthy()
  })
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

describe("a direct downline's rates", () => {
  test('shows each rate with its bounds, checks them, and sends only the changed ones', async () => {
    stubMoneyApi(moneyAnswers(), {
      '/wps/relay/ODSFE2_subordinateSimple': () => ({
        list: [member(10, 'player01'), member(12, 'deep01', { level: 2 })],
        total: 2,
        pageNo: 1,
        pageSize: 20,
        path: [{ id: 1, account: 'agent01' }],
      }),
      '/wps/relay/ODSFE2_subordinateRebate': () => ({
        memberId: 10,
        account: 'player01',
        rates: [
          { productType: 'LIVE', rate: 20 },
          { productType: 'RNG', rate: 50 },
          { productType: 'FISH', rate: 0 },
        ],
        ceiling: [
          { productType: 'LIVE', rate: 80 },
          { productType: 'RNG', rate: 120 },
          { productType: 'FISH', rate: 0 },
        ],
        floor: [
          { productType: 'LIVE', rate: 0 },
          { productType: 'RNG', rate: 30 },
          { productType: 'FISH', rate: 0 },
        ],
      }),
    })
    const asked = stubOpen(() => ({ memberId: 10, rates: [] }), 'agent.setDownlineRebateRates')
    const user = userEvent.setup()
    await renderUi(
      <>
        <TeamManagementPage />
        <Toasts dismissLabel="Dismiss" />
      </>,
    )
    // Only the direct downline's rates are the agent's to set.
    await user.click(await screen.findByRole('button', { name: 'Rebate rates of player01' }))
    expect(screen.queryByRole('button', { name: 'Rebate rates of deep01' })).toBeNull()
    const dialog = await screen.findByRole('dialog', { name: 'Rebate rates of player01' })
    const slots = await within(dialog).findByLabelText('Slots')
    expect((slots as HTMLInputElement).value).toBe('0.50')
    expect(within(dialog).getByText('From 0.30% to 1.20%')).toBeTruthy()
    expect(within(dialog).queryByLabelText('Fish')).toBeNull()
    await user.clear(slots)
    await user.type(slots, '0.2')
    await user.click(within(dialog).getByRole('button', { name: 'Save rates' }))
    expect(within(dialog).getByText('At least 0.30%.')).toBeTruthy()
    expect(asked).toEqual([])
    await user.clear(slots)
    await user.type(slots, '0.9')
    await user.click(within(dialog).getByRole('button', { name: 'Save rates' }))
    expect(await screen.findByText('The rebate rates of player01 are saved.')).toBeTruthy()
    expect(asked).toEqual([{ memberId: 10, rates: [{ productType: 'RNG', rate: 90 }] }])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
