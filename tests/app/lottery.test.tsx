/**
 * /lottery: the countdown counts on the server's clock and rolls to the next issue at the
 * close, the slip builds lines and totals in the brand's decimals (2 and 0), each refusal
 * of a bet is explained where it belongs, and offline the slip says why it cannot bet.
 */
import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { endSession } from '#src/lib/session.ts'
import { brand, logIn, memberInfo, moneyAnswers, stubMoneyApi, type Sent } from './fixtures'
import { issue, lotteryAnswers, near, serverT, vnNorth, vnSetting } from './lottery-fixtures'
import { renderApp } from './render'

afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
})

const placed = {
  orderId: 'O9',
  lottoGameCode: 'E5D1',
  numero: '20261123-0721',
  totalAmount: '6.00',
  balance: '994.00',
  bets: [],
}

type Handler = (s: Sent) => unknown

/** A signed-in member on /lottery, the place-order answer given by `place`. */
async function memberOnLottery(
  path: string,
  place: Handler = () => placed,
  over: Record<string, unknown> = {},
) {
  logIn()
  const answers = moneyAnswers({ ...lotteryAnswers(), ...over })
  const orders = answers['/lgw/orders']
  const sent = stubMoneyApi(answers, {
    '/lgw/orders': (s) => (s.method === 'POST' ? place(s) : orders),
  })
  const user = userEvent.setup()
  const app = await renderApp(path)
  await screen.findByRole('group', { name: 'Bet type' })
  return { sent, user, ...app }
}

const posts = (sent: Sent[]) => sent.filter((s) => s.path === '/lgw/orders' && s.method === 'POST')

describe('the countdown', () => {
  test('counts down on the server clock, not the device clock', async () => {
    stubMoneyApi(
      moneyAnswers(
        lotteryAnswers({
          // The device clock is wherever the test machine is; the server says 12:00:00 and the
          // issue closes 65 s later: 01:05 shows whatever the device clock reads.
          '/lgw/numeros/near': near(),
        }),
      ),
    )
    await renderApp('/lottery?gameCode=E5D1')
    expect(await screen.findByText('Issue 20261123-0721')).toBeTruthy()
    // A busy machine may take a second or two to get here.
    expect(screen.getByRole('timer').textContent).toMatch(/^01:0[2-5]$/)
  })

  test('at the close the next issue shows, it is announced once, and the draw is asked for', async () => {
    const answers = moneyAnswers(
      lotteryAnswers({
        '/lgw/numeros/near': near({
          current: issue(721, serverT + 1_200),
          next: issue(722, serverT + 61_200),
        }),
      }),
    )
    const sent = stubMoneyApi(answers)
    await renderApp('/lottery?gameCode=E5D1')
    expect(await screen.findByText('Issue 20261123-0721')).toBeTruthy()
    const nearCalls = () => sent.filter((s) => s.path === '/lgw/numeros/near').length
    const before = nearCalls()
    expect(await screen.findByText('Issue 20261123-0722', undefined, { timeout: 8_000 })).toBeTruthy()
    expect(await screen.findByText('Betting is open on issue 20261123-0722.')).toBeTruthy()
    await waitFor(() => expect(nearCalls()).toBeGreaterThan(before), { timeout: 8_000 })
  })
})

describe('the slip', () => {
  test('D5: the digit grid, Big and a typed stake make lines and a total in cents; placing sends them once', async () => {
    const { sent, user } = await memberOnLottery('/lottery?gameCode=E5D1')
    await user.click(screen.getByRole('button', { name: 'Position 1, digit 3' }))
    await user.click(screen.getByRole('button', { name: 'Position 1, digit 7' }))
    await user.click(screen.getByRole('button', { name: 'Position 5, digit 0' }))
    const stake = screen.getByLabelText('Stake per unit ($)')
    await user.clear(stake)
    await user.type(stake, '1.50')
    await user.click(screen.getByRole('button', { name: 'Add 3 to slip' }))
    await user.click(screen.getByRole('button', { name: /Big \/ Small/ }))
    await user.click(screen.getByRole('button', { name: 'Big' }))
    await user.click(screen.getByRole('button', { name: 'Add 1 to slip' }))

    const lines = within(screen.getByRole('list', { name: 'Lines on the slip' }))
    expect(lines.getByText('Position 1: 3, 7')).toBeTruthy()
    expect(lines.getByText('$3.00')).toBeTruthy()
    expect(lines.getByText('Position 5: 0')).toBeTruthy()
    expect(screen.getByText(/Lines 3 · Units 4 · Total/).textContent).toContain('$6.00')

    await user.click(screen.getByRole('button', { name: 'Place bets' }))
    expect(
      await screen.findByText(/Bets placed on issue 20261123-0721: \$6\.00\. Balance \$994\.00\./),
    ).toBeTruthy()
    const [post] = posts(sent)
    expect(post?.body).toEqual({
      lottoGameCode: 'E5D1',
      numero: '20261123-0721',
      bets: [
        { betType: 'POS_DIGIT', position: 1, digits: [3, 7], stake: '1.50' },
        { betType: 'POS_DIGIT', position: 5, digits: [0], stake: '1.50' },
        { betType: 'BIG_SMALL', pick: 'BIG', stake: '1.50' },
      ],
    })
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/)
    // The balance and the member's bets are asked for again.
    await waitFor(() =>
      expect(sent.filter((s) => s.path === '/wps/v2/wallets/balance').length).toBeGreaterThan(0),
    )
  })

  test('D5 exact sum: each sum shows its odds, each picked sum is a line of its own', async () => {
    const { sent, user } = await memberOnLottery('/lottery?gameCode=E5D1')
    const exact = screen.getByRole('button', { name: /Exact sum/ })
    expect(exact.textContent).toContain('×16.333+')
    await user.click(exact)
    expect(screen.getByText(/Each sum pays the odds shown on it × stake/)).toBeTruthy()
    const grid = within(screen.getByRole('group', { name: 'Sums 0 to 45' }))
    expect(grid.getAllByRole('button')).toHaveLength(46)
    await user.click(grid.getByRole('button', { name: 'Sum 0, pays ×97998' }))
    await user.click(grid.getByRole('button', { name: 'Sum 23, pays ×16.333' }))
    expect(grid.getByRole('button', { name: 'Sum 23, pays ×16.333' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    const stake = screen.getByLabelText('Stake per unit ($)')
    await user.clear(stake)
    await user.type(stake, '2')
    await user.click(screen.getByRole('button', { name: 'Add 2 to slip' }))

    const lines = within(screen.getByRole('list', { name: 'Lines on the slip' }))
    expect(lines.getByText('Sum 0')).toBeTruthy()
    expect(lines.getByText('Sum 23')).toBeTruthy()
    expect(screen.getByText(/Lines 2 · Units 2 · Total/).textContent).toContain('$4.00')
    await user.click(screen.getByRole('button', { name: 'Place bets' }))
    await screen.findByText(/Bets placed/)
    expect(posts(sent)[0]?.body).toEqual({
      lottoGameCode: 'E5D1',
      numero: '20261123-0721',
      bets: [
        { betType: 'SUM_EXACT', sum: 0, stake: '2.00' },
        { betType: 'SUM_EXACT', sum: 23, stake: '2.00' },
      ],
    })
  })

  test('VN in a currency without decimals: picked and typed numbers make one line in whole dong', async () => {
    const dong = { ...brand, currency: 'VND', currencySymbol: '₫', currencyDecimals: 0 }
    const { sent, user } = await memberOnLottery(
      '/lottery?gameCode=VN_MB&playType=LO2',
      () => ({
        ...placed,
        lottoGameCode: 'VN_MB',
        numero: '20261123',
        totalAmount: '2000',
        balance: '98000',
      }),
      {
        '/wps/system/settings/consolidated': dong,
        '/lgw/games/setting': vnSetting,
        '/lgw/orders': { list: [], total: 0, pageNo: 1, pageSize: 20 },
        '/lgw/numeros/near': near({
          game: vnNorth,
          current: issue(1, serverT + 3_600_000, 'VN_MB'),
          next: null,
          last: null,
        }),
      },
    )
    expect(screen.getByRole('button', { name: /Lô 2\sdigits/ }).getAttribute('aria-pressed')).toBe('true')
    await user.type(screen.getByLabelText('Number (2 digits)'), '7')
    await user.click(screen.getByRole('button', { name: 'Add number' }))
    expect(screen.getByRole('alert').textContent).toBe('Type two digits, 00 to 99.')
    await user.clear(screen.getByLabelText('Number (2 digits)'))
    await user.type(screen.getByLabelText('Number (2 digits)'), '07')
    await user.click(screen.getByRole('button', { name: 'Add number' }))
    await user.click(screen.getByRole('button', { name: '12' }))
    const stake = screen.getByLabelText('Stake per unit (₫)')
    await user.clear(stake)
    await user.type(stake, '1.5')
    await user.click(screen.getByRole('button', { name: 'Add 2 to slip' }))
    expect(screen.getByText('Enter a whole amount above zero.')).toBeTruthy()
    await user.clear(stake)
    await user.type(stake, '1000')
    await user.click(screen.getByRole('button', { name: 'Add 2 to slip' }))
    expect(screen.getByText('07, 12')).toBeTruthy()
    expect(screen.getByText(/Lines 1 · Units 2 · Total/).textContent).toContain('₫2,000')
    await user.click(screen.getByRole('button', { name: 'Place bets' }))
    await screen.findByText(/Bets placed/)
    expect(posts(sent)[0]?.body).toMatchObject({
      lottoGameCode: 'VN_MB',
      bets: [{ betType: 'LO2', numbers: ['07', '12'], stake: '1000' }],
    })
  })
})

const fail = (status: number, errorCode: string, value?: unknown) => () => ({
  fail: { status, errorCode, value },
})

async function twoLines(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Big \/ Small/ }))
  await user.click(screen.getByRole('button', { name: 'Big' }))
  await user.click(screen.getByRole('button', { name: 'Small' }))
  await user.click(screen.getByRole('button', { name: 'Add 2 to slip' }))
  await user.click(screen.getByRole('button', { name: 'Place bets' }))
}

describe('refusals', () => {
  test('a closed issue offers to move the slip to the one now open; the retry goes there', async () => {
    let first = true
    const { sent, user } = await memberOnLottery('/lottery?gameCode=E5D1', () => {
      if (!first) return placed
      first = false
      return {
        fail: {
          status: 409,
          errorCode: 'lottery_issue_closed',
          value: { current: issue(722, serverT + 120_000) },
        },
      }
    })
    await twoLines(user)
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Betting on issue 20261123-0721 has closed.',
    )
    await user.click(screen.getByRole('button', { name: 'Move my bets to issue 20261123-0722' }))
    await user.click(screen.getByRole('button', { name: 'Place bets' }))
    await screen.findByText(/Bets placed/)
    expect(posts(sent).map((p) => (p.body as { numero: string }).numero)).toEqual([
      '20261123-0721',
      '20261123-0722',
    ])
  })

  test('an invalid selection marks its line', async () => {
    const { user } = await memberOnLottery(
      '/lottery?gameCode=E5D1',
      fail(422, 'lottery_selection_invalid', { index: 1, reason: 'duplicate' }),
    )
    await twoLines(user)
    const items = document.querySelectorAll('.lott-line')
    expect(items[1]?.classList.contains('lott-line-bad')).toBe(true)
    expect(items[1]?.textContent).toContain('This line repeats a number.')
    expect(items[0]?.classList.contains('lott-line-bad')).toBe(false)
    expect(items[0]?.querySelector('.lott-line-why')).toBeNull()
  })

  test('a stake out of range marks its line with the limits', async () => {
    const { user } = await memberOnLottery(
      '/lottery?gameCode=E5D1',
      fail(422, 'lottery_stake_out_of_range', { index: 0, minStake: '1.00', maxStake: '1000.00' }),
    )
    await twoLines(user)
    await screen.findByRole('alert')
    const first = document.querySelectorAll('.lott-line')[0]
    expect(first?.classList.contains('lott-line-bad')).toBe(true)
    expect(first?.textContent).toContain('Stake per unit must be from $1.00 to $1,000.00.')
  })

  test('a pick that could win more than one bet may is held back, naming the most it may stake', async () => {
    const { sent, user } = await memberOnLottery('/lottery?gameCode=E5D1')
    await user.click(screen.getByRole('button', { name: /Exact sum/ }))
    expect(screen.getByText(/One bet wins at most \$1,000,000\.00\./)).toBeTruthy()
    const grid = within(screen.getByRole('group', { name: 'Sums 0 to 45' }))
    await user.click(grid.getByRole('button', { name: 'Sum 0, pays ×97998' }))
    const stake = screen.getByLabelText('Stake per unit ($)')
    await user.clear(stake)
    await user.type(stake, '11')
    await user.click(screen.getByRole('button', { name: 'Add 1 to slip' }))
    expect(screen.getByRole('alert').textContent).toBe(
      'One bet wins at most $1,000,000.00: stake at most $10.20 per unit on this pick.',
    )
    expect(screen.queryByRole('list', { name: 'Lines on the slip' })).toBeNull()
    await user.clear(stake)
    await user.type(stake, '10.20')
    await user.click(screen.getByRole('button', { name: 'Add 1 to slip' }))
    const line = within(screen.getByRole('list', { name: 'Lines on the slip' })).getByRole('listitem')
    // 10.20 × 97,998 = 999,579.60: what the line pays if the five digits add up to 0.
    expect(line.textContent).toContain('Wins up to $999,579.60')
    expect(posts(sent)).toHaveLength(0)
  })

  test('a line the server finds over the most one bet may win is marked with the stake it may take', async () => {
    const { user } = await memberOnLottery(
      '/lottery?gameCode=E5D1',
      fail(422, 'lottery_payout_over_limit', { index: 1, maxPayout: '500.00', maxStake: '51.02' }),
    )
    await twoLines(user)
    await screen.findByRole('alert')
    const second = document.querySelectorAll('.lott-line')[1]
    expect(second?.classList.contains('lott-line-bad')).toBe(true)
    expect(second?.textContent).toContain(
      'This line could win more than $500.00, the most one bet may win. Stake at most $51.02 per unit.',
    )
  })

  test('a balance too low offers a deposit', async () => {
    const { user, router } = await memberOnLottery(
      '/lottery?gameCode=E5D1',
      fail(422, 'insufficient_balance'),
    )
    await twoLines(user)
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your balance is not enough for these bets.',
    )
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Deposit' }))
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ popup: 'memberCentre', centre: 'depositv2' }),
    )
  })

  test('a visitor is asked to log in', async () => {
    stubMoneyApi(moneyAnswers(lotteryAnswers()))
    const user = userEvent.setup()
    await renderApp('/lottery?gameCode=E5D1')
    await screen.findByRole('group', { name: 'Bet type' })
    expect(screen.getByText('Log in to place bets.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Log in to bet' }))
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy()
  })

  test('a trial account bets its play money, marked as such, and sees its bets', async () => {
    const { sent, user } = await memberOnLottery('/lottery?gameCode=E5D1', () => placed, {
      '/wps/member/info': memberInfo({ type: 4 }),
    })
    expect(await screen.findByText('These bets use your play money, not real money.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: /Big \/ Small/ }))
    await user.click(screen.getByRole('button', { name: 'Big' }))
    await user.click(screen.getByRole('button', { name: 'Add 1 to slip' }))
    await user.click(screen.getByRole('button', { name: 'Place play-money bets' }))
    expect(await screen.findByText(/Bets placed on issue 20261123-0721/)).toBeTruthy()
    expect(posts(sent)).toHaveLength(1)
    expect(screen.queryByRole('dialog', { name: 'Register to play for real' })).toBeNull()
    expect(screen.getByRole('heading', { name: 'My bets' })).toBeTruthy()
  })
})

describe('offline', () => {
  test('the stored menus and results show; the countdown and betting say they need the network', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onlineManager.setOnline(false)
    logIn()
    const sent = stubMoneyApi(moneyAnswers(lotteryAnswers()))
    const user = userEvent.setup()
    await renderApp('/lottery?gameCode=E5D1')
    await screen.findByRole('group', { name: 'Bet type' })
    expect(screen.getByText('The countdown needs an internet connection.')).toBeTruthy()
    expect(screen.getAllByRole('img', { name: 'Result 30917' }).length).toBeGreaterThan(0)
    await user.click(screen.getByRole('button', { name: /Big \/ Small/ }))
    expect(screen.getByRole('button', { name: 'Place bets' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByText('You are offline. This needs an internet connection.')).toBeTruthy()
    expect(sent.some((s) => s.path === '/lgw/numeros/near')).toBe(false)
    act(() => undefined)
  })
})

describe('languages', () => {
  test('the lottery page speaks Khmer from its own catalog', async () => {
    stubMoneyApi(moneyAnswers(lotteryAnswers()))
    await renderApp('/lottery?gameCode=E5D1', 'km')
    expect(await screen.findByRole('heading', { name: 'សន្លឹកភ្នាល់' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'ចូលដើម្បីភ្នាល់' })).toBeTruthy()
  })
})
