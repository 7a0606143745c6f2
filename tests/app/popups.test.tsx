/**
 * Popups in the URL (docs/decisions/003-popups-as-routes.md): a link opens one, Back closes
 * the topmost, the close button goes back after an in-app open and replaces after a link,
 * a bad value is dropped, and a member-only popup asks a visitor to log in first. The agent
 * centre keeps its page in the URL like the member centre.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { moneyCatalog } from '#src/features/money/money-catalog.ts'
import { loadSectionCatalog } from '#src/lib/i18n.ts'
import { openModal, validatePopupSearch } from '#src/lib/modal-store.ts'
import { registerPopups } from '#src/lib/popup-registry.ts'
import { endSession, setMember } from '#src/lib/session.ts'
import { defaultAnswers, logIn, memberInfo, moneyAnswers, stubApi, stubMoneyApi } from './fixtures'
import { renderApp } from './render'

// The deposit page is a lazy chunk: transformed once here, as a warm browser cache would
// serve it, so a test waits only for React (the popups' own chunks: tests/app/render.tsx).
beforeAll(() => import('#src/features/money/components/deposit-page.tsx'), 30_000)

beforeEach(async () => {
  sessionStorage.setItem('index-notice-seen', '1')
  await loadSectionCatalog(moneyCatalog)
})
afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const search = (router: { state: { location: { search: unknown } } }) => router.state.location.search

describe('popups in the URL', () => {
  test('a link to the deposit page opens it over the page beneath: Back closes it and stays', async () => {
    logIn()
    stubMoneyApi(moneyAnswers())
    const { router } = await renderApp('/index?popup=memberCentre&centre=depositv2')
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    const centreMenu = within(dialog).getByRole('navigation', { name: 'Member centre menu' })
    expect(within(centreMenu).getByRole('button', { name: 'Deposit' }).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(await within(dialog).findByText('000 111 222')).toBeTruthy()
    expect(router.history.canGoBack()).toBe(true)
    router.history.back()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.href).toBe('/index')
  })

  test('the close button goes back to the page beneath a link, and replaces where there is none', async () => {
    logIn()
    stubMoneyApi(moneyAnswers())
    const user = userEvent.setup()
    const { router } = await renderApp('/index?popup=memberCentre&centre=depositv2')
    let dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.href).toBe('/index')
    expect(router.history.canGoBack()).toBe(false)

    // The return from the payment gateway opens the centre in place of its own entry.
    await router.navigate({
      to: '/index',
      search: { popup: 'memberCentre', centre: 'depositv2' },
      replace: true,
    })
    dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.href).toBe('/index')
    expect(router.history.canGoBack()).toBe(false)
  })

  test('opened in the app it adds a history entry: Back closes it, and so does the close button', async () => {
    logIn()
    stubMoneyApi(moneyAnswers())
    const user = userEvent.setup()
    const { router } = await renderApp('/index')
    const banner = await screen.findByRole('banner')
    await user.click(await within(banner).findByRole('button', { name: 'Deposit' }))
    await screen.findByRole('dialog', { name: 'Member centre' })
    expect(search(router)).toMatchObject({ popup: 'memberCentre', centre: 'depositv2' })
    router.history.back()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.href).toBe('/index')

    await user.click(within(banner).getByRole('button', { name: /^Account menu/ }))
    const menu = await screen.findByRole('dialog', { name: 'Account menu' })
    await user.click(within(menu).getByRole('button', { name: 'Withdrawal' }))
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    const index = router.history.location.state.__TSR_index
    // Another page replaces the entry: Back still closes the centre in one step.
    await user.click(within(dialog).getByRole('button', { name: 'My wallet' }))
    await waitFor(() => expect(search(router)).toMatchObject({ centre: 'transferFund' }))
    expect(router.history.location.state.__TSR_index).toBe(index)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.href).toBe('/index')
    expect(router.history.location.state.__TSR_index).toBe(index - 1)
  })

  test('a popup opens over another, and Back closes only the topmost', async () => {
    logIn()
    stubMoneyApi(moneyAnswers())
    const { router } = await renderApp('/index?popup=memberCentre&centre=depositv2')
    await screen.findByRole('dialog', { name: 'Member centre' })
    openModal('notice')
    expect(await screen.findByRole('dialog', { name: 'Announcement' })).toBeTruthy()
    expect(search(router)).toMatchObject({ popup: 'memberCentre.notice', centre: 'depositv2' })
    router.history.back()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Announcement' })).toBeNull())
    expect(screen.getByRole('dialog', { name: 'Member centre' })).toBeTruthy()
  })

  test('an unknown popup or page is dropped, not an error page', async () => {
    logIn()
    stubMoneyApi(moneyAnswers())
    const { router } = await renderApp('/index?popup=nothing&centre=depositv2')
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Lotus Play' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(search(router)).toEqual({})

    const user = userEvent.setup()
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: /^Account menu/ }))
    const menu = await screen.findByRole('dialog', { name: 'Account menu' })
    await user.click(await within(menu).findByRole('button', { name: /Dara/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    // No page named: the first page of the menu (a desktop's layout).
    const centreMenu = within(dialog).getByRole('navigation', { name: 'Member centre menu' })
    expect(within(centreMenu).getByRole('button', { name: 'My account' }).getAttribute('aria-current')).toBe(
      'page',
    )
  })

  test("the member centre's menu lists every feature's pages in the spec's order", async () => {
    logIn()
    // A member with an upline: "Transfer to upline" is theirs only (money.test covers the others).
    setMember(memberInfo({ toUpline: true }))
    stubMoneyApi(moneyAnswers({ '/wps/member/info': memberInfo({ toUpline: true }) }))
    await renderApp('/index?popup=memberCentre&centre=missionLeaderboard')
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' })
    const menu = within(dialog).getByRole('navigation', { name: 'Member centre menu' })
    const labels = [
      'My account',
      'Profile',
      'My wallet',
      'Deposit',
      'Withdrawal',
      'Transfer to upline',
      'Betting record',
      'Account record',
      'Personal loss',
      'Bonus details',
      'Reward centre',
      'VIP level',
      'Invite friends',
      'Missions',
      'Messages',
      'Redeem history',
      'Points details',
      'Feedback',
    ]
    // Found by their whole accessible names (the phone's chevron is not read out), in order.
    const buttons = within(menu).getAllByRole('button')
    expect(buttons).toHaveLength(labels.length)
    expect(labels.map((name) => buttons.indexOf(within(menu).getByRole('button', { name })))).toEqual(
      labels.map((_, i) => i),
    )
    // The page named in the address is open (the missions hub, whose summary is not stubbed here).
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Missions' })).toBeTruthy()
    expect(
      await within(dialog).findByText('The missions could not be loaded. Please try again.'),
    ).toBeTruthy()
  })

  test('the member whose downline the agent centre shows is a positive id, kept only with a page', () => {
    const on = { popup: 'agentCentre', agentPage: 'downlineManagmentView' }
    expect(validatePopupSearch({ ...on, agentOf: 11 }).agentOf).toBe(11)
    expect(validatePopupSearch({ ...on, agentOf: '11' }).agentOf).toBe(11)
    for (const agentOf of [0, -3, 1.5, 'abc', '1e3', '99999999999', 2 ** 31, [11], { id: 11 }]) {
      expect(validatePopupSearch({ ...on, agentOf }).agentOf).toBeUndefined()
    }
    expect(validatePopupSearch({ popup: 'agentCentre', agentOf: 11 }).agentOf).toBeUndefined()
    expect(
      validatePopupSearch({ popup: 'login', agentPage: 'downlineManagmentView', agentOf: 11 }).agentOf,
    ).toBeUndefined()
  })

  test("the agent centre's page is in the URL: a reload keeps it, Back closes the centre", async () => {
    logIn()
    setMember(memberInfo({ type: 1 }))
    stubMoneyApi(moneyAnswers({ '/wps/member/info': memberInfo({ type: 1 }) }))
    const user = userEvent.setup()
    const first = await renderApp('/index?popup=agentCentre&agentPage=registerCenter')
    let dialog = await screen.findByRole('dialog', { name: 'Agent centre' })
    expect(
      within(dialog).getByRole('button', { name: 'Register account' }).getAttribute('aria-current'),
    ).toBe('page')
    const index = first.router.history.location.state.__TSR_index
    // Another page replaces the entry, as in the member centre.
    await user.click(within(dialog).getByRole('button', { name: 'My income' }))
    await waitFor(() => expect(search(first.router)).toMatchObject({ agentPage: 'agentRevenueReport' }))
    expect(first.router.history.location.state.__TSR_index).toBe(index)
    const href = first.router.state.location.href
    first.unmount()

    // A reload: the same address, a fresh app.
    const { router } = await renderApp(href)
    dialog = await screen.findByRole('dialog', { name: 'Agent centre' })
    expect(within(dialog).getByRole('button', { name: 'My income' }).getAttribute('aria-current')).toBe(
      'page',
    )
    // The page beneath is put under the landing entry once the centre has opened.
    await waitFor(() => expect(router.history.length).toBe(2))
    router.history.back()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.href).toBe('/index')
  })

  test('on a phone the agent centre opens on its list; a page is a step Back returns from', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }))
    logIn()
    setMember(memberInfo({ type: 1 }))
    stubMoneyApi(moneyAnswers({ '/wps/member/info': memberInfo({ type: 1 }) }))
    const user = userEvent.setup()
    const { router } = await renderApp('/index?popup=agentCentre')
    const dialog = await screen.findByRole('dialog', { name: 'Agent centre' })
    // The list: no page chosen yet.
    expect(within(dialog).queryByRole('button', { name: 'Back to menu' })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Team management' }))
    await waitFor(() => expect(search(router)).toMatchObject({ agentPage: 'downlineManagmentView' }))
    expect(await within(dialog).findByRole('button', { name: 'Back to menu' })).toBeTruthy()
    router.history.back()
    await waitFor(() => expect(search(router)).toEqual({ popup: 'agentCentre' }))
    expect(screen.getByRole('dialog', { name: 'Agent centre' })).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Back to menu' })).toBeNull()
  })

  test('an agent-centre page that is off or unknown shows the first page, and leaves with the centre', async () => {
    logIn()
    setMember(memberInfo({ type: 1 }))
    stubMoneyApi(moneyAnswers({ '/wps/member/info': memberInfo({ type: 1 }) }))
    const user = userEvent.setup()
    // Hourly salary shows only when the brand's hourSalary flag is on (off here).
    const { router } = await renderApp('/index?popup=agentCentre&agentPage=agentHourSalary')
    const dialog = await screen.findByRole('dialog', { name: 'Agent centre' })
    expect(within(dialog).queryByRole('button', { name: 'Hourly salary' })).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Team overview' }).getAttribute('aria-current')).toBe(
      'page',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(search(router)).toEqual({})

    // A malformed name is dropped with the rest of a bad link.
    await router.navigate({ to: '/index', search: { popup: 'agentCentre', agentPage: '<x>' } as never })
    await screen.findByRole('dialog', { name: 'Agent centre' })
    expect(search(router)).toEqual({ popup: 'agentCentre' })
  })

  test('a visitor following a link to the member centre gets the login popup; closing it drops the link', async () => {
    stubApi(defaultAnswers())
    const user = userEvent.setup()
    const { router } = await renderApp('/index?popup=memberCentre&centre=depositv2')
    const login = await screen.findByRole('dialog', { name: 'Log in' })
    expect(screen.queryByRole('dialog', { name: 'Member centre' })).toBeNull()
    await user.click(within(login).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.href).toBe('/index')
  })

  test('a popup or a page that two features both register is refused', () => {
    const load = () => Promise.resolve(() => null)
    expect(() => registerPopups([{ popups: [{ name: 'login', load }] }])).toThrow(
      'popup login is registered twice',
    )
    expect(() =>
      registerPopups([{ memberCentrePages: [{ page: 'depositv2', order: 1, label: { id: 'Deposit' } }] }]),
    ).toThrow('member-centre page depositv2 is registered twice')
  })
})
