/**
 * Launching from the lottery start and from the rooms and fixtures lanes (spec sections 4
 * and 6): which lottery opens the platform's own page and which launches directly, the header
 * menu and the home page's vendor chips; a PVP game's rooms and a sports vendor's fixtures.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import { game, lanes } from './fixtures'
import {
  listPath,
  launchPath,
  trialPath,
  launched,
  count,
  member,
  visitor,
  tile,
  frame,
  resetLaunch,
} from './launch-fixtures'
import { renderApp } from './render'

afterEach(resetLaunch)

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
