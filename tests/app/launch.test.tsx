/**
 * Launching a game from a lobby tile (spec sections 4, 6 and 8) and the /game page: who may
 * launch what, the loader, the stored address and the sandboxed frame, the refusals
 * (maintenance, balance), the vendor list popup, the exit and Back, and the frame's messages.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Game } from '#contract/games'
import type { Launch } from '#contract/play'
import { launchState } from '#src/features/games/store.ts'
import { validatePopupSearch } from '#src/lib/modal-store.ts'
import { endSession, setMember } from '#src/lib/session.ts'
import {
  defaultAnswers,
  game,
  logIn,
  memberInfo,
  moneyAnswers,
  status,
  stubGamesApi,
  type GameAnswer,
  type GameSent,
  lanes,
} from './fixtures'
import { renderApp } from './render'

afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
  launchState.busy = null
  launchState.maintenance = null
  launchState.balance = null
})

type Sent = GameSent
type Answer = GameAnswer

const listPath = '/wps/relay/GCSGAME_gameList'
const launchPath = '/wps/game/launchGame'
const trialPath = '/wps/relay/GCS_gameTrialLaunch'
const balancePath = '/wps/v2/wallets/balance'
const transferPath = '/wps/relay/GCS_walletTransfer'

/** A vendor's list: game 1 is a free-play slot, the others real money only. */
function gameList(s: Sent) {
  const vendor = s.query.get('vassalage') ?? 'DSL'
  const list = [1, 2, 3].map((n) => game(vendor, n, { freeplay: n === 1 }))
  return { list, total: list.length, pageNo: 1, pageSize: 60 }
}

const launched = (g: Game, url = `/demo-vendor/play/${g.gameId}?t=abc`): Launch => ({
  content: { game_url: url },
  game: g,
})

/** The launch answer for the game the query names. */
const launchAnswer = (url?: (gameId: string) => string) => (s: Sent) => {
  const id = s.query.get('gameId') ?? ''
  const [vendor = 'DSL', n = '1'] = id.split('-')
  return launched(game(vendor, Number(n)), url?.(id))
}

const count = (sent: Sent[], path: string) => sent.filter((s) => s.path === path).length

function member(answers: Record<string, Answer> = {}): Sent[] {
  logIn()
  return stubGamesApi(moneyAnswers({ [listPath]: gameList, [launchPath]: launchAnswer(), ...answers }))
}

function visitor(answers: Record<string, Answer> = {}): Sent[] {
  sessionStorage.setItem('index-notice-seen', '1')
  return stubGamesApi(defaultAnswers({ [listPath]: gameList, ...answers }))
}

async function tile(name: string) {
  const grid = await screen.findByRole('list', { name: 'DSL Games games' })
  return within(grid).getByRole('button', { name })
}

function frame(): HTMLIFrameElement {
  const f = document.querySelector('iframe')
  if (!f) throw new Error('no game frame')
  return f
}

describe('who may launch', () => {
  test('a visitor tapping a real-money game gets the login popup; nothing is launched', async () => {
    const sent = visitor()
    const user = userEvent.setup()
    await renderApp('/rng')
    await user.click(await tile('DSL Fortune 2'))
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy()
    expect(count(sent, launchPath) + count(sent, trialPath)).toBe(0)
  })

  test('a visitor tapping a free-play slot starts the trial, shown as free play with a way to play for real', async () => {
    const sent = visitor({ [trialPath]: launchAnswer() })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 1'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    const trial = sent.find((s) => s.path === trialPath)
    expect(trial?.query.get('gameId')).toBe('DSL-1')
    expect(trial?.query.get('vassalage')).toBe('DSL')
    expect(trial?.query.get('platform')).toBe('html5')
    expect(count(sent, launchPath)).toBe(0)
    expect(await screen.findByText('Free play')).toBeTruthy()
    expect(frame().getAttribute('src')).toBe('/demo-vendor/play/DSL-1?t=abc')

    await user.click(screen.getByRole('button', { name: 'Play for real' }))
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy()
  })

  test('after logging in, Play for real relaunches the same game for real money in place', async () => {
    const sent = visitor({
      [trialPath]: launchAnswer(),
      [launchPath]: launchAnswer((id) => `/demo-vendor/real/${id}`),
    })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 1'))
    await screen.findByText('Free play')
    act(() => logIn())
    await user.click(screen.getByRole('button', { name: 'Play for real' }))
    await waitFor(() => expect(frame().getAttribute('src')).toBe('/demo-vendor/real/DSL-1'))
    expect(screen.queryByText('Free play')).toBeNull()
    expect(router.state.location.pathname).toBe('/game')
    const real = sent.find((s) => s.path === launchPath)?.query
    expect(real?.get('gameId')).toBe('DSL-1')
    expect(real?.get('accountType')).toBe('1')
  })

  test('a free-play slot whose trial the server refuses explains it and asks the visitor to log in', async () => {
    visitor({ [trialPath]: { fail: { status: 422, errorCode: 'game_trial_unavailable' } } })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 1'))
    expect(
      await screen.findByText('Free play is not available for this game. Log in to play it.'),
    ).toBeTruthy()
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/rng')
  })

  test('a trial account (type 4) is told to use a real account; nothing is launched', async () => {
    const sent = member({ '/wps/member/info': memberInfo({ type: 4 }) })
    setMember(memberInfo({ type: 4 }))
    const user = userEvent.setup()
    await renderApp('/rng')
    await user.click(await tile('DSL Fortune 2'))
    const dialog = await screen.findByRole('dialog', { name: 'A real account is needed' })
    expect(dialog.textContent).toContain('Please register or log in with a real account.')
    expect(within(dialog).getByRole('button', { name: 'Register or log in' })).toBeTruthy()
    expect(count(sent, launchPath)).toBe(0)
  })
})

describe('launch and the game page', () => {
  test('a member sees the loader, then the game in a sandboxed frame on /game; the query is the platform’s', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((r) => {
      release = r
    })
    const answer = launchAnswer()
    const sent = member({ [launchPath]: async (s: Sent) => (await gate, answer(s)) })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 2'))

    const loader = await screen.findByText('Opening DSL Fortune 2…')
    const box = loader.closest('[role="status"]')
    expect(box?.getAttribute('aria-busy')).toBe('true')
    expect(router.state.location.pathname).toBe('/rng')
    release()

    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    await waitFor(() => expect(screen.queryByText('Opening DSL Fortune 2…')).toBeNull())
    const q = sent.find((s) => s.path === launchPath)?.query
    expect(Object.fromEntries(q ?? [])).toEqual({
      gameId: 'DSL-2',
      vassalage: 'DSL',
      accountType: '1',
      confirmTrans: '0',
      launchMode: 'GLS',
      platform: 'html5',
      clientType: '3',
      language: 'EN',
    })
    const f = frame()
    expect(f.getAttribute('src')).toBe('/demo-vendor/play/DSL-2?t=abc')
    const sandbox = f.getAttribute('sandbox')?.split(/\s+/) ?? []
    expect(sandbox).toEqual(['allow-scripts', 'allow-forms'])
    expect(sandbox).not.toContain('allow-same-origin')
    expect(f.getAttribute('title')).toBe('DSL Fortune 2')
    expect(screen.getByRole('heading', { level: 1, name: 'DSL Fortune 2' })).toBeTruthy()
    expect(screen.queryByText('Free play')).toBeNull()
  })

  test('the exit goes back to the lobby and refreshes the balance', async () => {
    const sent = member()
    const user = userEvent.setup()
    const { router } = await renderApp('/rng?page=SPN')
    const grid = await screen.findByRole('list', { name: 'SPN Games games' })
    await user.click(within(grid).getByRole('button', { name: 'SPN Fortune 3' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    await screen.findByRole('heading', { level: 1, name: 'SPN Fortune 3' })
    await waitFor(() => expect(count(sent, balancePath)).toBeGreaterThan(0))
    const before = count(sent, balancePath)

    await user.click(screen.getByRole('button', { name: /Exit/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/rng'))
    expect(router.state.location.search).toEqual({ page: 'SPN' })
    await waitFor(() => expect(count(sent, balancePath)).toBeGreaterThan(before))
  })

  test('Back from /game returns to the lobby', async () => {
    member()
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 3'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    act(() => router.history.back())
    await waitFor(() => expect(router.state.location.pathname).toBe('/rng'))
    expect(await screen.findByRole('list', { name: 'DSL Games games' })).toBeTruthy()
  })

  test('a reload of /game keeps the stored game; the exit then goes to the page it came from', async () => {
    member()
    sessionStorage.setItem(
      'gameLaunch',
      JSON.stringify({
        url: '/demo-vendor/play/DSL-2',
        game: game('DSL', 2),
        trial: false,
        from: '/rng?page=DSL',
      }),
    )
    const user = userEvent.setup()
    const { router } = await renderApp('/game')
    await screen.findByRole('heading', { level: 1, name: 'DSL Fortune 2' })
    expect(frame().getAttribute('src')).toBe('/demo-vendor/play/DSL-2')
    await user.click(screen.getByRole('button', { name: /Exit/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/rng'))
    expect(router.state.location.search).toEqual({ page: 'DSL' })
  })

  test('with no game stored, /game says so and has no frame', async () => {
    member()
    await renderApp('/game')
    expect(await screen.findByText('No game is open.')).toBeTruthy()
    expect(document.querySelector('iframe')).toBeNull()
  })

  test('a stored javascript: address is refused on reload', async () => {
    member()
    sessionStorage.setItem(
      'gameLaunch',
      JSON.stringify({ url: 'javascript:alert(1)', game: game('DSL', 2), trial: false, from: '/rng' }),
    )
    await renderApp('/game')
    expect(await screen.findByText("This game's address is not allowed here.")).toBeTruthy()
    expect(document.querySelector('iframe')).toBeNull()
  })

  test.each([
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['another host', 'https://evil.example.net/play'],
    ['plain http on a launch host', 'http://launch.example.com/play'],
  ])('a launch answering a %s address is refused and stays on the lobby', async (_kind, url) => {
    const sent = member({ [launchPath]: launchAnswer(() => url) })
    sent.length = 0
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 2'))
    expect(
      await screen.findByText("This game's address is not allowed here, so it was not opened."),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe('/rng')
    expect(document.querySelector('iframe')).toBeNull()
    expect(sessionStorage.getItem('gameLaunch')).toBeNull()
  })

  test('an https address on a launch host from the status opens', async () => {
    member({
      '/wps/system/status': status({
        info: { ...status().info, launchGameCDNs: ['https://launch.example.com'] },
      }),
      [launchPath]: launchAnswer((id) => `https://launch.example.com/play/${id}`),
    })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 2'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    await screen.findByRole('heading', { level: 1, name: 'DSL Fortune 2' })
    expect(frame().getAttribute('src')).toBe('https://launch.example.com/play/DSL-2')
  })

  test('a settled round reported by the game frame refreshes the balance; messages from elsewhere do not', async () => {
    const sent = member()
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 2'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    await screen.findByRole('heading', { level: 1, name: 'DSL Fortune 2' })
    await waitFor(() => expect(count(sent, balancePath)).toBeGreaterThan(0))
    // Let the balance settle: no request in flight.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Refresh balance' })).toHaveProperty('disabled', false),
    )
    const settled = { source: 'game-frame', type: 'round-settled' }
    const other = document.createElement('iframe')
    document.body.append(other)
    const post = (data: unknown, source: Window | null) =>
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { data, source, origin: 'null' }))
      })

    const before = count(sent, balancePath)
    post(settled, other.contentWindow)
    post(settled, window)
    post(settled, null)
    post({ source: 'game-frame', type: 'jackpot' }, frame().contentWindow)
    post('round-settled', frame().contentWindow)
    // Nothing was asked: a real report now is the first refresh.
    post(settled, frame().contentWindow)
    await waitFor(() => expect(count(sent, balancePath)).toBe(before + 1))
    other.remove()
  })
})

describe('refusals', () => {
  test('a vendor under maintenance: the message with its end, and other games of the type that launch', async () => {
    const until = Date.now() + 2 * 3_600_000
    const sent = member({
      [launchPath]: (s: Sent) =>
        s.query.get('vassalage') === 'DSL'
          ? {
              fail: {
                status: 422,
                errorCode: 'vendor_under_maintenance',
                value: { content: { data: { maintainTime: until, gameType: 'RNG', vassalage: 'DSL' } } },
              },
            }
          : launchAnswer()(s),
      '/wps/relay/GCSGAME_hotGamesV2': {
        list: [
          game('DSL', 7, { isHot: true }),
          game('GLD', 1, { maintenance: true }),
          game('SPN', 4, { isHot: true }),
          game('JAD', 5),
        ],
      },
    })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 2'))
    const dialog = await screen.findByRole('dialog', { name: 'Game under maintenance' })
    expect(dialog.textContent).toMatch(/DSL Games is under maintenance until .+\./)
    const list = await within(dialog).findByRole('list', { name: 'Suggested games' })
    const names = within(list)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'))
    expect(names).toEqual(['SPN Fortune 4, Hot', 'JAD Fortune 5'])
    const hot = sent.find((s) => s.path === '/wps/relay/GCSGAME_hotGamesV2')
    expect(hot?.query.get('gameType')).toBe('RNG')

    await user.click(within(list).getByRole('button', { name: 'SPN Fortune 4, Hot' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    expect(
      sent
        .filter((s) => s.path === launchPath)
        .at(-1)
        ?.query.get('gameId'),
    ).toBe('SPN-4')
    expect(screen.queryByRole('dialog', { name: 'Game under maintenance' })).toBeNull()
    await screen.findByRole('heading', { level: 1, name: 'SPN Fortune 4' })
    // Back from the game goes to the lobby, not to the maintenance popup.
    act(() => router.history.back())
    await waitFor(() => expect(router.state.location.pathname).toBe('/rng'))
    expect(router.state.location.search).toEqual({})
  })

  test('balance short on a multi-wallet brand: moving the main balance, then the launch confirms it', async () => {
    const sent = member({
      [launchPath]: (s: Sent) =>
        s.query.get('confirmTrans') === '1'
          ? launchAnswer()(s)
          : {
              fail: {
                status: 422,
                errorCode: 'launch_game_balance_not_enough',
                value: { walletMode: 'MULTI', accountTypeId: 100, balance: '0.00', mainBalance: '1000.00' },
              },
            },
      [transferPath]: moneyAnswers()[balancePath],
    })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 2'))
    const dialog = await screen.findByRole('dialog', { name: 'Balance not enough' })
    expect(dialog.textContent).toContain('Your DSL Games wallet has $0.00')
    expect(within(dialog).getByRole('button', { name: 'Deposit' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Move $1,000.00 to DSL Games and play' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    const transfer = sent.find((s) => s.path === transferPath)
    expect(transfer?.method).toBe('POST')
    expect(transfer?.body).toEqual({ fromAccountTypeId: 2, toAccountTypeId: 100, amount: '1000.00' })
    expect(transfer?.headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]{8,128}$/)
    const launches = sent.filter((s) => s.path === launchPath).map((s) => s.query.get('confirmTrans'))
    expect(launches).toEqual(['0', '1'])
    expect(sent.indexOf(transfer as Sent)).toBeLessThan(sent.findLastIndex((s) => s.path === launchPath))
    await screen.findByRole('heading', { level: 1, name: 'DSL Fortune 2' })
  })

  test('balance short with nothing to move: only a deposit, which opens the deposit page', async () => {
    const sent = member({
      [launchPath]: {
        fail: {
          status: 422,
          errorCode: 'launch_game_balance_not_enough',
          value: { walletMode: 'SINGLE', accountTypeId: 0, balance: '0.00', mainBalance: '0.00' },
        },
      },
    })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 2'))
    const dialog = await screen.findByRole('dialog', { name: 'Balance not enough' })
    expect(dialog.textContent).toContain('Your balance is not enough to play DSL Fortune 2.')
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['×', 'Deposit'])
    await user.click(within(dialog).getByRole('button', { name: 'Deposit' }))
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ popup: 'memberCentre', centre: 'depositv2' }),
    )
    expect(count(sent, transferPath)).toBe(0)
  })
})

test('a refusal popup opened cold (a reload, a shared link) has nothing to say and closes', async () => {
  member()
  const { router } = await renderApp('/rng?popup=gameMaintenance')
  await screen.findByRole('list', { name: 'DSL Games games' })
  await waitFor(() => expect(router.state.location.search).toEqual({}))
  expect(screen.queryByRole('dialog')).toBeNull()
})

describe('vendor entries', () => {
  test("the game popup's vendor is kept only with the game popup, and only when it is a vendor code", () => {
    expect(validatePopupSearch({ popup: 'gamePopup', vendor: 'MON' })).toMatchObject({ vendor: 'MON' })
    expect(validatePopupSearch({ popup: 'login', vendor: 'MON' }).vendor).toBeUndefined()
    for (const vendor of ['MON/../x', '<script>', 'A'.repeat(17), '', 12]) {
      expect(validatePopupSearch({ popup: 'gamePopup', vendor }).vendor).toBeUndefined()
    }
  })

  test('a VASSALAGE entry opens that vendor’s game list in a popup, whose tiles launch', async () => {
    const sent = member({
      [listPath]: (s: Sent) =>
        s.query.get('vassalage') === 'DSL'
          ? {
              list: [game('DSL', 1), game('MON', 0, { isGame: 'VASSALAGE', gameName: 'MON lobby' })],
              total: 2,
              pageNo: 1,
              pageSize: 60,
            }
          : gameList(s),
    })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('MON lobby'))
    const popup = await screen.findByRole('dialog', { name: 'MON Games' })
    expect(router.state.location.search).toMatchObject({ popup: 'gamePopup', vendor: 'MON' })
    expect(count(sent, launchPath)).toBe(0)
    const list = await within(popup).findByRole('list', { name: 'MON Games games' })
    expect(sent.some((s) => s.path === listPath && s.query.get('vassalage') === 'MON')).toBe(true)

    await user.click(within(list).getByRole('button', { name: 'MON Fortune 2' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    expect(sent.find((s) => s.path === launchPath)?.query.get('gameId')).toBe('MON-2')
    await screen.findByRole('heading', { level: 1, name: 'MON Fortune 2' })
    act(() => router.history.back())
    await waitFor(() => expect(router.state.location.pathname).toBe('/rng'))
    expect(router.state.location.search).toEqual({})
  })
})

describe('lottery start', () => {
  const lotteryGames = [
    game('LTO', 1, { gameType: 'LOTT', accountTypeName: 'Lotus Lotto' }),
    game('SEA', 1, { gameType: 'LOTT', accountTypeName: 'SEA Lotto' }),
    game('TCS', 1, { gameType: 'LOTT', accountTypeName: 'TCG_SEA' }),
    game('ELT', 1, { gameType: 'ELOTT', accountTypeName: 'Quick Lotto' }),
    game('GPI', 1, { gameType: 'LOTT', accountTypeName: 'GPI' }),
  ]
  const lotteryList = () => ({ list: lotteryGames, total: lotteryGames.length, pageNo: 1, pageSize: 60 })

  test('a lottery tile opens its lottery page instead of a game; GPI launches directly', async () => {
    const sent = member({ [listPath]: lotteryList })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    const pages: [string, string][] = [
      ['LTO Fortune 1', '/lottery?gameCode=LTO-1&playType=html5'],
      ['SEA Fortune 1', '/lottery?prizeMode=SEA'],
      ['TCS Fortune 1', '/lottery?prizeMode=SEA'],
      ['ELT Fortune 1', '/elott'],
    ]
    for (const [name, href] of pages) {
      await user.click(await tile(name))
      await waitFor(() => expect(router.state.location.href).toBe(href))
      router.history.back()
      await waitFor(() => expect(router.state.location.pathname).toBe('/rng'))
    }
    expect(count(sent, launchPath)).toBe(0)

    await user.click(await tile('GPI Fortune 1'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    expect(sent.find((s) => s.path === launchPath)?.query.get('gameId')).toBe('GPI-1')
    expect(frame().getAttribute('src')).toBe('/demo-vendor/play/GPI-1?t=abc')
  })

  test('a visitor reaches the lottery pages without logging in', async () => {
    const sent = visitor({ [listPath]: lotteryList })
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('LTO Fortune 1'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/lottery'))
    expect(screen.queryByRole('dialog', { name: 'Log in' })).toBeNull()
    expect(count(sent, launchPath) + count(sent, trialPath)).toBe(0)
  })

  const vendorCard = (gameType: 'LOTT' | 'ELOTT', code: string, accountTypeName = code, i = 0) => ({
    accountTypeId: 100 + i,
    accountTypeName,
    vassalage: code,
    gameType,
    displayName: `${code} Lotto`,
    logo: `vendors/${code.toLowerCase()}.svg`,
    isHot: false,
    maintenance: false,
  })
  const lotteryLanes = {
    '/wps/relay/GCSGAME_gameVendor': {
      data: {
        lanes: [
          ...lanes,
          {
            title: 'LOTT',
            gameType: 'LOTT',
            cards: [
              vendorCard('LOTT', 'LTO', 'LTO', 0),
              vendorCard('LOTT', 'SEA', 'SEA', 1),
              vendorCard('LOTT', 'TCS', 'TCG_SEA', 2),
              vendorCard('LOTT', 'GPI', 'GPI', 3),
            ],
          },
          { title: 'ELOTT', gameType: 'ELOTT', cards: [vendorCard('ELOTT', 'ELT', 'ELT', 4)] },
        ],
      },
    },
  }
  /** Where each lottery vendor goes by the start rule; GPI opens its game list (null: no link). */
  const starts: [string, string | null][] = [
    ['LTO Lotto', '/lottery'],
    ['SEA Lotto', '/lottery?prizeMode=SEA'],
    ['TCS Lotto', '/lottery?prizeMode=SEA'],
    ['GPI Lotto', null],
  ]

  test("the header's lottery menu opens the SEA entry for TCG SEA, GPI's game list, and the lottery page for the others", async () => {
    visitor({ ...lotteryLanes, [listPath]: lotteryList })
    const user = userEvent.setup()
    const { router } = await renderApp('/index')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    const lottery = await within(nav).findByRole('button', { name: 'Lottery' })
    await user.click(lottery)
    const menu = document.getElementById(lottery.getAttribute('aria-controls') ?? '') as HTMLElement
    for (const [name, href] of starts) {
      if (href) expect(within(menu).getByRole('link', { name }).getAttribute('href'), name).toBe(href)
    }
    await user.click(within(menu).getByRole('button', { name: 'GPI Lotto' }))
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ popup: 'gamePopup', vendor: 'GPI' }),
    )
  })

  test('the home page’s lottery vendor chips start the same way, never a lobby tab of /lottery', async () => {
    const sent = visitor({ ...lotteryLanes, [listPath]: lotteryList })
    const user = userEvent.setup()
    const { router } = await renderApp('/index')
    const row = await screen.findByRole('region', { name: 'Lottery' })
    for (const [name, href] of starts) {
      if (href) expect(within(row).getByRole('link', { name }).getAttribute('href'), name).toBe(href)
    }
    const elott = await screen.findByRole('region', { name: 'E-lottery' })
    expect(within(elott).getByRole('link', { name: 'ELT Lotto' }).getAttribute('href')).toBe('/elott')

    await user.click(within(row).getByRole('link', { name: 'TCS Lotto' }))
    await waitFor(() => expect(router.state.location.href).toBe('/lottery?prizeMode=SEA'))
    router.history.back()
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'))

    // GPI starts its games directly: its chip lists them, and none of them opens /lottery.
    await user.click(
      await within(await screen.findByRole('region', { name: 'Lottery' })).findByRole('button', {
        name: 'GPI Lotto',
      }),
    )
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ popup: 'gamePopup', vendor: 'GPI' }),
    )
    expect(count(sent, launchPath)).toBe(0)
  })
})

describe('rooms and fixtures', () => {
  const vendorLane = (gameType: 'PVP' | 'SPORTS', code: string) => ({
    title: gameType,
    gameType,
    cards: [
      {
        accountTypeId: 300,
        accountTypeName: code,
        vassalage: code,
        gameType,
        displayName: `${code} Games`,
        logo: `vendors/${code.toLowerCase()}.svg`,
        isHot: false,
        maintenance: false,
      },
    ],
  })

  test('a PVP game with rooms opens the room picker; the room picked is launched', async () => {
    const pvp = game('PKR', 1, { gameType: 'PVP', hasRooms: true, gameName: 'Poker Royale' })
    const sent = member({
      '/wps/relay/GCSGAME_gameVendor': { data: { lanes: [vendorLane('PVP', 'PKR')] } },
      [listPath]: { list: [pvp], total: 1, pageNo: 1, pageSize: 60 },
      '/wps/relay/GLS2_roomList': {
        gameId: 'PKR-1',
        list: [
          { roomId: 'R1', roomName: 'Beginners', minBet: '1.00', maxBet: '50.00', seats: 6, players: 2 },
          {
            roomId: 'R2',
            roomName: 'High rollers',
            minBet: '100.00',
            maxBet: '5000.00',
            seats: 6,
            players: 6,
          },
        ],
      },
      [launchPath]: launched(pvp),
    })
    const user = userEvent.setup()
    const { router } = await renderApp('/pvp')
    const grid = await screen.findByRole('list', { name: 'PKR Games games' })
    await user.click(within(grid).getByRole('button', { name: 'Poker Royale' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pick a room: Poker Royale' })
    expect(router.state.location.search).toMatchObject({ popup: 'gameRooms' })
    expect(count(sent, launchPath)).toBe(0)
    const full = await within(dialog).findByRole('button', { name: /High rollers/ })
    expect(full.textContent).toContain('Full')
    expect(full.hasAttribute('disabled')).toBe(true)
    const room = within(dialog).getByRole('button', { name: /Beginners/ })
    expect(room.textContent).toContain('2 of 6 seats taken')
    await user.click(room)
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    const query = sent.find((s) => s.path === launchPath)?.query
    expect(query?.get('gameId')).toBe('PKR-1')
    expect(query?.get('roomId')).toBe('R1')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test("a sports vendor's featured fixtures show on /sports; tapping one launches on that fixture", async () => {
    const book = game('SBK', 1, { gameType: 'SPORTS', gameName: 'SBK Sportsbook' })
    const match = (n: number, vassalage: string) => ({
      matchId: `${vassalage}-M${n}`,
      leagueId: `${vassalage}-L1`,
      leagueName: 'Mekong League',
      gameType: 'SPORTS' as const,
      vassalage,
      sport: 'Football',
      homeTeam: `Home ${n}`,
      awayTeam: `Away ${n}`,
      startTime: Date.UTC(2026, 10, 24, 12, 0),
      odds: { home: '1.90', draw: '3.20', away: '4.10' },
    })
    const sent = member({
      '/wps/relay/GCSGAME_gameVendor': { data: { lanes: [vendorLane('SPORTS', 'SBK')] } },
      [listPath]: { list: [book], total: 1, pageNo: 1, pageSize: 60 },
      '/wps/relay/GCSGAME_getGameMatchV2': { list: [match(1, 'SBK'), match(2, 'SBK'), match(3, 'OTH')] },
      [launchPath]: launched(book),
    })
    const user = userEvent.setup()
    const { router } = await renderApp('/sports')
    const fixtures = await screen.findByRole('region', { name: 'Featured fixtures' })
    // Only this vendor's fixtures.
    expect(within(fixtures).getAllByRole('button')).toHaveLength(2)
    const second = within(fixtures).getByRole('button', { name: /Home 2 – Away 2/ })
    await waitFor(() => expect(second.hasAttribute('disabled')).toBe(false))
    await user.click(second)
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    const query = sent.find((s) => s.path === launchPath)?.query
    expect(query?.get('gameId')).toBe('SBK-1')
    expect(query?.get('matchId')).toBe('SBK-M2')
    expect(query?.get('leagueId')).toBe('SBK-L1')
  })
})
