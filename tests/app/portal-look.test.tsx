/**
 * The portal's look on a phone: the one-row header (a visitor's and a member's), its menu
 * (language and theme inside, focus kept, Escape closes), the tab bar (current tab marked,
 * none around a running game) and the home page's carousel, ticker and rows from the
 * server's answers.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Game } from '#contract/games'
import type { Winner } from '#contract/play'
import { endSession } from '#src/lib/session.ts'
import { announcements, defaultAnswers, logIn, moneyAnswers, notice, stubApi } from './fixtures'
import { renderApp } from './render'

afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
})

const game = (n: number, over: Partial<Game> = {}): Game => ({
  gameId: `DSL-${n}`,
  gameName: `Lotus Fortune ${n}`,
  gameType: 'RNG',
  gameClassify: 'SC',
  vassalage: 'DSL',
  accountTypeId: 100,
  accountTypeName: 'DSL',
  iconUrl: `games/DSL-${n}.svg?v=1`,
  isGame: 'GAME',
  defaultPlayType: 'html5',
  isHot: true,
  isNew: false,
  freeplay: true,
  hasRooms: false,
  maintenance: false,
  ...over,
})

const winner = (over: Partial<Winner> = {}): Winner => ({
  username: 'pl***er',
  gameId: 'DSL-1',
  gameName: 'Lotus Fortune 1',
  gameType: 'RNG',
  vassalage: 'DSL',
  payout: '1250.00',
  multiplier: '12.5',
  time: Date.UTC(2026, 10, 20),
  ...over,
})

const homeAnswers = (over: Record<string, unknown> = {}) => ({
  '/wps/relay/GCSGAME_hotGamesV2': { list: [game(1), game(2, { isNew: true })] },
  '/wps/relay/ODSFE2_getWinnerBoard': { list: [] },
  ...over,
})

async function visitor(path = '/index', over: Record<string, unknown> = {}) {
  stubApi(defaultAnswers(homeAnswers(over)))
  sessionStorage.setItem('index-notice-seen', '1')
  return renderApp(path)
}

async function member(path = '/index', over: Record<string, unknown> = {}) {
  logIn()
  stubApi(moneyAnswers(homeAnswers({ '/wps/relay/GCS_recentGame': { list: [game(7)] }, ...over })))
  return renderApp(path)
}

describe('the header', () => {
  test("a visitor's one row: brand, Log in, Register and the menu; no money", async () => {
    await visitor()
    const banner = await screen.findByRole('banner')
    expect(within(banner).getByRole('link', { name: 'Lotus Play' }).getAttribute('href')).toBe('/index')
    expect(within(banner).getByRole('button', { name: 'Log in' })).toBeTruthy()
    expect(within(banner).getByRole('button', { name: 'Register' })).toBeTruthy()
    expect(within(banner).getByRole('button', { name: 'Menu' })).toBeTruthy()
    expect(within(banner).queryByRole('button', { name: 'Deposit' })).toBeNull()
    // Language and theme are in the menu, not in the header's row.
    expect(within(banner).queryByRole('combobox')).toBeNull()
  })

  test("a member's row: the balance a tap refreshes, Deposit, the inbox and the account menu", async () => {
    await member()
    const banner = await screen.findByRole('banner')
    expect(await within(banner).findByLabelText('Balance: $1,234.50')).toBeTruthy()
    const refresh = within(banner).getByRole('button', { name: 'Refresh balance' })
    expect(refresh.contains(within(banner).getByLabelText('Balance: $1,234.50'))).toBe(true)
    expect(within(banner).getByRole('button', { name: 'Deposit' })).toBeTruthy()
    expect(await within(banner).findByRole('button', { name: 'Messages' })).toBeTruthy()
    expect(await within(banner).findByRole('button', { name: 'Account menu, Dara' })).toBeTruthy()
    expect(within(banner).queryByRole('button', { name: 'Log in' })).toBeNull()
    expect(within(banner).queryByRole('button', { name: 'Register' })).toBeNull()
  })

  test('Deposit opens the member centre on the deposit page', async () => {
    const user = userEvent.setup()
    const { router } = await member()
    const banner = await screen.findByRole('banner')
    await user.click(within(banner).getByRole('button', { name: 'Deposit' }))
    expect(await screen.findByRole('dialog', { name: 'Member centre' })).toBeTruthy()
    expect(router.state.location.search).toMatchObject({ popup: 'memberCentre', centre: 'depositv2' })
  })
})

describe('the menu', () => {
  test('holds language and theme, keeps focus inside, and Escape closes it back to its button', async () => {
    const user = userEvent.setup()
    await visitor()
    const button = within(await screen.findByRole('banner')).getByRole('button', { name: 'Menu' })
    expect(button.getAttribute('aria-haspopup')).toBe('dialog')
    await user.click(button)
    const menu = await screen.findByRole('dialog', { name: 'Menu' })
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true))
    expect(within(menu).getByRole('combobox', { name: 'Language' })).toBeTruthy()
    expect(within(menu).getByRole('combobox', { name: 'Theme' })).toBeTruthy()
    // Tab past the last control comes back to the first: focus stays in the menu.
    for (let i = 0; i < 12; i++) {
      await user.tab()
      expect(menu.contains(document.activeElement)).toBe(true)
    }
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull())
    expect(document.activeElement).toBe(button)
  })

  test('the theme chosen in the menu is applied and kept', async () => {
    const user = userEvent.setup()
    await visitor()
    await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Menu' }))
    const menu = await screen.findByRole('dialog', { name: 'Menu' })
    await user.selectOptions(within(menu).getByRole('combobox', { name: 'Theme' }), 'dark')
    expect(document.documentElement.dataset.theme).toBe('dark')
  })

  test("a member's menu opens the member's pages and logs out after a confirmation", async () => {
    const user = userEvent.setup()
    await member()
    await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: /^Account menu/ }))
    const menu = await screen.findByRole('dialog', { name: 'Account menu' })
    // The member's name shows once their details have come (the menu may open before).
    expect(await within(menu).findByRole('button', { name: /Dara/ })).toBeTruthy()
    for (const name of ['Withdrawal', 'Account record', 'Betting record']) {
      expect(within(menu).getByRole('button', { name })).toBeTruthy()
    }
    expect(within(menu).queryByRole('button', { name: 'Agent centre' })).toBeNull()
    await user.click(within(menu).getByRole('button', { name: 'Log out' }))
    const confirm = await screen.findByRole('dialog', { name: 'Log out' })
    expect(screen.queryByRole('dialog', { name: 'Account menu' })).toBeNull()
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})

describe('the tab bar', () => {
  test('links the sections with labels and marks the current one', async () => {
    await visitor()
    const tabs = await screen.findByRole('navigation', { name: 'Sections' })
    const links = within(tabs).getAllByRole('link')
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Home', '/index'],
      ['Games', '/rng'],
      ['Lottery', '/lottery'],
      ['Promotions', '/promotions'],
    ])
    expect(within(tabs).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page')
    expect(within(tabs).getByRole('link', { name: 'Games' }).getAttribute('aria-current')).toBeNull()
  })

  test('Games is current in every lobby', async () => {
    await visitor('/live')
    const tabs = await screen.findByRole('navigation', { name: 'Sections' })
    expect(within(tabs).getByRole('link', { name: 'Games' }).getAttribute('aria-current')).toBe('page')
    expect(within(tabs).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull()
  })

  test('Me asks a visitor to log in and opens the member centre for a member', async () => {
    const user = userEvent.setup()
    const first = await visitor()
    await user.click(
      within(await screen.findByRole('navigation', { name: 'Sections' })).getByRole('button', { name: 'Me' }),
    )
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy()
    first.unmount()
    endSession()
    await member()
    await user.click(
      within(await screen.findByRole('navigation', { name: 'Sections' })).getByRole('button', { name: 'Me' }),
    )
    expect(await screen.findByRole('dialog', { name: 'Member centre' })).toBeTruthy()
  })

  test('is not shown around a running game', async () => {
    await visitor('/game')
    expect(await screen.findByRole('banner')).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull()
  })
})

describe('the home page', () => {
  test('the banner carousel shows each banner with its art, title and link, and a dot per banner', async () => {
    const banners = [
      notice(1, {
        title: 'Welcome bonus',
        content: '<p>Double it</p>',
        imageUrl: '/media/banners/welcome.svg?v=1',
        linkUrl: '/promotions',
      }),
      notice(2, { title: 'Daily lottery', content: 'Every 5 minutes' }),
    ]
    await visitor('/index', { '/wps/relay/MCSFE_getListAnnouncements': { ...announcements, banners } })
    const carousel = await screen.findByRole('region', { name: 'Banners' })
    const slides = within(carousel).getAllByRole('group', { hidden: true })
    expect(slides).toHaveLength(2)
    expect(slides[0]?.getAttribute('aria-label')).toBe('1 of 2')
    const art = carousel.querySelectorAll('img.banner-art')
    expect(art[0]?.getAttribute('src')).toBe('/media/banners/welcome.svg?v=1')
    // A banner without its own art gets a generated drawing.
    expect(art[1]?.getAttribute('src')).toMatch(/^\/media\/banners\/[a-z]+\.webp\?v=\d+$/)
    expect(
      within(carousel)
        .getByRole('link', { name: /Welcome bonus/ })
        .getAttribute('href'),
    ).toBe('/promotions')
    const dots = within(carousel).getAllByRole('button', { name: /Show banner/ })
    expect(dots.map((d) => d.getAttribute('aria-current'))).toEqual(['true', null])
    expect(within(carousel).getByRole('button', { name: 'Pause banners' })).toBeTruthy()
  })

  test('the winners ticker shows the big wins in the brand currency, and is absent without any', async () => {
    const first = await visitor('/index', {
      '/wps/relay/ODSFE2_getWinnerBoard': {
        list: [winner(), winner({ username: 'da***a', payout: '80.00', multiplier: '4.0' })],
      },
    })
    const ticker = await screen.findByRole('region', { name: 'Big wins' })
    const wins = within(within(ticker).getAllByRole('list')[0] as HTMLElement).getAllByRole('listitem')
    expect(wins.map((w) => w.textContent)).toEqual([
      'pl***er $1,250.00 Lotus Fortune 1 ×12.5',
      'da***a $80.00 Lotus Fortune 1 ×4.0',
    ])
    first.unmount()
    await visitor('/index')
    await screen.findByRole('list', { name: 'Hot games' })
    expect(screen.queryByRole('region', { name: 'Big wins' })).toBeNull()
  })

  test('rows: hot games as tiles, each game type with its vendors, each with See all', async () => {
    await visitor()
    const hot = await screen.findByRole('list', { name: 'Hot games' })
    expect(within(hot).getByRole('button', { name: 'Lotus Fortune 1, Hot' })).toBeTruthy()
    expect(within(hot).getByRole('button', { name: 'Lotus Fortune 2, Hot, New' })).toBeTruthy()
    const hotRow = screen.getByRole('region', { name: 'Hot games' })
    expect(within(hotRow).getByRole('link', { name: 'See all: Hot games' }).getAttribute('href')).toBe('/rng')

    const slots = await screen.findByRole('region', { name: 'Slots' })
    const vendors = within(slots)
      .getAllByRole('link')
      .filter((l) => !l.classList.contains('row-more'))
    expect(vendors).toHaveLength(7)
    expect(vendors[0]?.getAttribute('href')).toBe('/rng?page=DSL')
    const logo = vendors[0]?.querySelector('img')
    expect(logo?.getAttribute('src')).toBe('/media/vendors/dsl.svg')
    // Below the fold: the browser loads it as it nears the screen.
    expect(logo?.getAttribute('loading')).toBe('lazy')
    expect(within(slots).getByRole('link', { name: 'See all: Slots' }).getAttribute('href')).toBe('/rng')
    const live = screen.getByRole('region', { name: 'Live casino' })
    expect(
      within(live)
        .getByRole('link', { name: /MKL Games/ })
        .getAttribute('href'),
    ).toBe('/live?page=MKL')
    // A visitor has no recent games.
    expect(screen.queryByRole('region', { name: 'Recently played' })).toBeNull()
  })

  test('skeletons hold the rows while they load', async () => {
    stubApi(defaultAnswers())
    sessionStorage.setItem('index-notice-seen', '1')
    vi.stubGlobal(
      'fetch',
      (() => {
        const answers = defaultAnswers()
        return async (url: string) => {
          const path = new URL(url, 'http://localhost').pathname
          const value = answers[path]
          // The rows' own calls never answer in this test.
          if (value === undefined) return new Promise<Response>(() => undefined)
          return new Response(JSON.stringify({ success: true, value }), { status: 200 })
        }
      })(),
    )
    await renderApp('/index')
    const hotRow = await screen.findByRole('region', { name: 'Hot games' })
    const loading = within(hotRow).getByRole('status')
    expect(loading.getAttribute('aria-busy')).toBe('true')
    expect(loading.querySelectorAll('.game-tile-skeleton')).toHaveLength(6)
  })

  test("a member's recent games have their own row", async () => {
    await member()
    const recent = await screen.findByRole('list', { name: 'Recently played' })
    expect(within(recent).getByRole('button', { name: 'Lotus Fortune 7, Hot' })).toBeTruthy()
  })

  test('the tab title is the brand and the page', async () => {
    await visitor()
    await screen.findByRole('list', { name: 'Hot games' })
    await waitFor(() => expect(document.title).toBe('Lotus Play – Home'))
  })
})
