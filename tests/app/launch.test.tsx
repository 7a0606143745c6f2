/**
 * Launching a game from a lobby tile (spec sections 4, 6 and 8) and the /game page: who may
 * launch what, the loader, the stored address and the sandboxed frame, the exit and Back,
 * and the frame's messages. The refusals and vendor entries are in launch-refusals.test.tsx,
 * the lottery start, rooms and fixtures in launch-lottery-rooms.test.tsx.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import { setMember } from '#src/lib/session.ts'
import { game, logIn, memberInfo, status } from './fixtures'
import {
  launchPath,
  trialPath,
  balancePath,
  launchAnswer,
  count,
  member,
  visitor,
  tile,
  frame,
  resetLaunch,
  type Sent,
} from './launch-fixtures'
import { renderApp } from './render'

afterEach(resetLaunch)

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

  test('a trial account (type 4) plays a free-play slot with its play money, marked; the frame offers registration', async () => {
    const sent = member({ '/wps/member/info': memberInfo({ type: 4 }), [launchPath]: launchAnswer() })
    setMember(memberInfo({ type: 4 }))
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    await user.click(await tile('DSL Fortune 1'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'))
    // The launch the members' use: the trial account's own wallet holds its play money.
    expect(sent.find((s) => s.path === launchPath)?.query.get('gameId')).toBe('DSL-1')
    expect(count(sent, trialPath)).toBe(0)
    expect(await screen.findAllByText('Play money')).not.toHaveLength(0)
    expect(screen.queryByText('Free play')).toBeNull()
    // The game bar's offer (the header's own "Register" carries the same name).
    const register = screen
      .getAllByRole('button', { name: 'Register to play for real' })
      .find((b) => b.textContent === 'Register to play for real')
    if (!register) throw new Error('no registration offer on the game')
    await user.click(register)
    const dialog = await screen.findByRole('dialog', { name: 'Register to play for real' })
    expect(within(dialog).getByRole('button', { name: 'Register' })).toBeTruthy()
    expect(count(sent, launchPath)).toBe(1)
  })

  test('a trial account whose play money is spent is offered registration', async () => {
    member({
      '/wps/member/info': memberInfo({ type: 4 }),
      [launchPath]: {
        fail: {
          status: 422,
          errorCode: 'launch_game_balance_not_enough',
          value: { walletMode: 'SINGLE', accountTypeId: 1, balance: '0.00', mainBalance: '0.00' },
        },
      },
    })
    setMember(memberInfo({ type: 4 }))
    const user = userEvent.setup()
    await renderApp('/rng')
    await user.click(await tile('DSL Fortune 1'))
    expect(await screen.findByText('Your play money has run out.')).toBeTruthy()
    expect(await screen.findByRole('dialog', { name: 'Register to play for real' })).toBeTruthy()
  })

  test('a trial account (type 4) on a game without free play is offered registration; nothing is launched', async () => {
    const sent = member({ '/wps/member/info': memberInfo({ type: 4 }) })
    setMember(memberInfo({ type: 4 }))
    const user = userEvent.setup()
    await renderApp('/rng')
    await user.click(await tile('DSL Fortune 2'))
    const dialog = await screen.findByRole('dialog', { name: 'Register to play for real' })
    expect(dialog.textContent).toContain('You are playing free with play money.')
    expect(within(dialog).getByRole('button', { name: 'Register' })).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Keep playing free' })).toBeTruthy()
    expect(count(sent, launchPath) + count(sent, trialPath)).toBe(0)
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
