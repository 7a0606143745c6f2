/**
 * The game lobbies: vendor tabs push ?page=, the name search reaches the server, hearts
 * add and remove favourites for a member (a visitor is asked to log in), and paging asks
 * for the next page.
 */
import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Game } from '#contract/games'
import { endSession } from '#src/lib/session.ts'
import { defaultAnswers, game, logIn, moneyAnswers, stubGamesApi, type GameSent } from './fixtures'
import { renderApp } from './render'

afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
})

/** Game 1 of each vendor is hot, game 2 new; all offer free play. */
const lobbyGame = (vendor: string, n: number, over: Partial<Game> = {}): Game =>
  game(vendor, n, { isHot: n === 1, isNew: n === 2, freeplay: true, ...over })

type Sent = GameSent

const listPath = '/wps/relay/GCSGAME_gameList'

/** The game list: 130 games per vendor, or the ones whose name holds gameName. */
function gameList(s: Sent) {
  const vendor = s.query.get('vassalage') ?? 'DSL'
  const pageNo = Number(s.query.get('pageNo') ?? 1)
  const pageSize = Number(s.query.get('pageSize') ?? 20)
  const search = s.query.get('gameName')?.toLowerCase()
  const all = Array.from({ length: 130 }, (_, i) => lobbyGame(vendor, i + 1)).filter(
    (g) => !search || g.gameName.toLowerCase().includes(search),
  )
  return {
    list: all.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    total: all.length,
    pageNo,
    pageSize,
  }
}

const lists = (sent: Sent[]) => sent.filter((s) => s.path === listPath)

describe('game lobbies', () => {
  test('the first vendor opens; a vendor tab pushes ?page= and Back returns', async () => {
    const sent = stubGamesApi(defaultAnswers({ [listPath]: gameList }))
    sessionStorage.setItem('index-notice-seen', '1')
    const user = userEvent.setup()
    const { router } = await renderApp('/rng')
    const grid = await screen.findByRole('list', { name: 'DSL Games games' })
    expect(within(grid).getByRole('button', { name: 'DSL Fortune 1, Hot' })).toBeTruthy()
    expect(within(grid).getAllByText('Hot').length).toBeGreaterThan(0)
    expect(within(grid).getByRole('button', { name: 'DSL Fortune 2, New' })).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Lotus Play – Slots'))

    const tabs = screen.getByRole('navigation', { name: 'Game providers' })
    await user.click(within(tabs).getByRole('link', { name: 'SPN Games' }))
    await screen.findByRole('list', { name: 'SPN Games games' })
    expect(router.state.location.search).toEqual({ page: 'SPN' })
    expect(within(tabs).getByRole('link', { name: 'SPN Games' }).getAttribute('aria-current')).toBe('page')
    expect(lists(sent).at(-1)?.query.get('vassalage')).toBe('SPN')
    expect(lists(sent).at(-1)?.query.get('gameType')).toBe('RNG')

    router.history.back()
    await screen.findByRole('list', { name: 'DSL Games games' })
    expect(router.state.location.search).toEqual({})
  })

  test('a tile is named by its visible text, the game first, then its badges', async () => {
    stubGamesApi(defaultAnswers({ [listPath]: gameList }))
    sessionStorage.setItem('index-notice-seen', '1')
    await renderApp('/rng')
    const grid = await screen.findByRole('list', { name: 'DSL Games games' })
    for (const [name, text] of [
      ['DSL Fortune 1, Hot', ['DSL Fortune 1', 'Hot']],
      ['DSL Fortune 2, New', ['DSL Fortune 2', 'New']],
      ['DSL Fortune 3', ['DSL Fortune 3']],
    ] as const) {
      const tile = within(grid).getByRole('button', { name })
      // What the tile shows, in reading order: the name, then each badge.
      const shown = [...tile.querySelectorAll('.game-tile-name, .game-badge')].map((e) => e.textContent)
      expect(shown).toEqual(text)
      // The text, words apart, is the button's name without its commas.
      expect(tile.textContent).toBe(text.join(' '))
      expect(tile.getAttribute('aria-label')).toBe(text.join(', '))
    }
  })

  test('offline the tiles cannot start a game and say why; back online they can', async () => {
    const sent = stubGamesApi(defaultAnswers({ [listPath]: gameList }))
    sessionStorage.setItem('index-notice-seen', '1')
    const user = userEvent.setup()
    await renderApp('/rng')
    const grid = await screen.findByRole('list', { name: 'DSL Games games' })
    const tile = within(grid).getByRole('button', { name: 'DSL Fortune 1, Hot' })
    expect(tile.hasAttribute('disabled')).toBe(false)
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    act(() => void window.dispatchEvent(new Event('offline')))
    expect(tile.hasAttribute('disabled')).toBe(true)
    const reason = document.getElementById(tile.getAttribute('aria-describedby') ?? '')
    expect(reason?.textContent).toBe('You are offline. This needs an internet connection.')
    await user.click(tile)
    expect(sent.some((s) => s.path.includes('Launch') || s.path.includes('launchGame'))).toBe(false)
    expect(screen.queryByRole('dialog')).toBeNull()

    online.mockReturnValue(true)
    act(() => void window.dispatchEvent(new Event('online')))
    expect(tile.hasAttribute('disabled')).toBe(false)
    expect(tile.hasAttribute('aria-describedby')).toBe(false)
    expect(screen.queryByText('You are offline. This needs an internet connection.')).toBeNull()
  })

  test('the search sends gameName and shows the matches; over 40 characters says so', async () => {
    const sent = stubGamesApi(defaultAnswers({ [listPath]: gameList }))
    sessionStorage.setItem('index-notice-seen', '1')
    const user = userEvent.setup()
    await renderApp('/rng?page=JAD')
    await screen.findByRole('list', { name: 'JAD Games games' })
    const search = screen.getByRole('searchbox', { name: 'Search games' })
    await user.type(search, 'fortune 12')
    const grid = await screen.findByRole('list', { name: 'JAD Games games' })
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(11))
    expect(lists(sent).some((s) => s.query.get('gameName') === 'fortune 12')).toBe(true)

    await user.clear(search)
    await user.type(search, 'x'.repeat(41))
    expect((await screen.findByRole('alert')).textContent).toBe('Search with at most 40 characters.')
    expect(lists(sent).every((s) => (s.query.get('gameName') ?? '').length <= 40)).toBe(true)
  })

  test('a search the server refuses is explained in plain words', async () => {
    const answers = defaultAnswers()
    // The list answers games until a name is searched, then the server's validation refusal.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const u = new URL(url, 'http://localhost')
        if (u.pathname === listPath && u.searchParams.has('gameName')) {
          return new Response(
            JSON.stringify({ success: false, errorCode: 'validation_failed', message: 'bad gameName' }),
            { status: 400 },
          )
        }
        const value =
          u.pathname === listPath
            ? gameList({
                path: u.pathname,
                method: 'GET',
                query: u.searchParams,
                headers: {},
                body: undefined,
              })
            : answers[u.pathname]
        return new Response(JSON.stringify({ success: true, value }), { status: 200 })
      }),
    )
    sessionStorage.setItem('index-notice-seen', '1')
    const user = userEvent.setup()
    await renderApp('/rng')
    await screen.findByRole('list', { name: 'DSL Games games' })
    await user.type(screen.getByRole('searchbox', { name: 'Search games' }), 'abc')
    expect(await screen.findByText('This search cannot be used. Try other words.')).toBeTruthy()
  })

  test('a sub-type chip filters by gameClassify', async () => {
    const sent = stubGamesApi(defaultAnswers({ [listPath]: gameList }))
    sessionStorage.setItem('index-notice-seen', '1')
    const user = userEvent.setup()
    await renderApp('/rng')
    await screen.findByRole('list', { name: 'DSL Games games' })
    const chip = screen.getByRole('button', { name: 'Video poker' })
    await user.click(chip)
    expect(chip.getAttribute('aria-pressed')).toBe('true')
    await waitFor(() => expect(lists(sent).at(-1)?.query.get('gameClassify')).toBe('VP'))
  })

  test('Load more asks for page 2 and adds its games', async () => {
    const sent = stubGamesApi(defaultAnswers({ [listPath]: gameList }))
    sessionStorage.setItem('index-notice-seen', '1')
    const user = userEvent.setup()
    await renderApp('/rng')
    const grid = await screen.findByRole('list', { name: 'DSL Games games' })
    const first = within(grid).getAllByRole('listitem').length
    expect(first).toBeLessThan(130)
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(grid).getAllByRole('listitem').length).toBeGreaterThan(first))
    expect(lists(sent).map((s) => s.query.get('pageNo'))).toEqual(['1', '2'])
  })

  test('a visitor tapping a heart or a game is asked to log in, and nothing is sent', async () => {
    const sent = stubGamesApi(defaultAnswers({ [listPath]: gameList }))
    sessionStorage.setItem('index-notice-seen', '1')
    const user = userEvent.setup()
    await renderApp('/rng')
    const heart = await screen.findByRole('button', { name: 'Favourite: DSL Fortune 3' })
    expect(heart.getAttribute('aria-pressed')).toBe('false')
    await user.click(heart)
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy()
    expect(sent.some((s) => s.path.includes('FavoriteGame'))).toBe(false)
    expect(screen.queryByRole('link', { name: 'Favourites' })).toBeNull()
  })

  test('a member adds and removes a favourite; the heart follows; Favourites lists it', async () => {
    logIn()
    let ids: string[] = []
    const idsAnswer = () => ({ gameIds: ids, max: 60 })
    const sent = stubGamesApi(
      moneyAnswers({
        [listPath]: gameList,
        '/wps/relay/MCSFE_getFavoriteGames': idsAnswer,
        '/wps/relay/MCSFE_addFavoriteGameV2': (s: Sent) => {
          ids = [...ids, (s.body as { gameId: string }).gameId]
          return idsAnswer()
        },
        '/wps/relay/MCSFE_removeFavoriteGameV2': (s: Sent) => {
          ids = ids.filter((i) => i !== (s.body as { gameId: string }).gameId)
          return idsAnswer()
        },
        '/wps/relay/MCSFE_getFavoriteGamesList': () => ({
          list: ids.map((id) => lobbyGame('DSL', Number(id.split('-')[1]))),
          total: ids.length,
          pageNo: 1,
          pageSize: 60,
        }),
      }),
    )
    const user = userEvent.setup()
    await renderApp('/rng')
    const heart = await screen.findByRole('button', { name: 'Favourite: DSL Fortune 3' })
    await user.click(heart)
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'))
    const add = sent.find((s) => s.path === '/wps/relay/MCSFE_addFavoriteGameV2')
    expect(add?.method).toBe('POST')
    expect(add?.body).toEqual({ gameId: 'DSL-3' })

    await user.click(screen.getByRole('link', { name: 'Favourites' }))
    const favs = await screen.findByRole('list', { name: 'Favourite games' })
    expect(within(favs).getByRole('button', { name: 'DSL Fortune 3' })).toBeTruthy()

    const favHeart = within(favs).getByRole('button', { name: 'Favourite: DSL Fortune 3' })
    expect(favHeart.getAttribute('aria-pressed')).toBe('true')
    await user.click(favHeart)
    expect(await screen.findByText(/No favourite games here yet/)).toBeTruthy()
    const remove = sent.find((s) => s.path === '/wps/relay/MCSFE_removeFavoriteGameV2')
    expect(remove?.method).toBe('DELETE')
    expect(remove?.body).toEqual({ gameId: 'DSL-3' })
  })

  test('a vendor under maintenance keeps its tab, marked, and says so instead of its games', async () => {
    const answers = defaultAnswers({ [listPath]: gameList })
    const lanes = structuredClone(
      (answers['/wps/relay/GCSGAME_gameVendor'] as { data: { lanes: unknown } }).data.lanes,
    ) as {
      cards: { vassalage: string; maintenance: boolean }[]
    }[]
    for (const lane of lanes) for (const c of lane.cards) if (c.vassalage === 'GLD') c.maintenance = true
    const sent = stubGamesApi({ ...answers, '/wps/relay/GCSGAME_gameVendor': { data: { lanes } } })
    sessionStorage.setItem('index-notice-seen', '1')
    await renderApp('/rng?page=GLD')
    const tab = await screen.findByRole('link', { name: /GLD Games/ })
    expect(tab.textContent).toContain('Maintenance')
    expect(await screen.findByText('GLD Games is under maintenance.')).toBeTruthy()
    expect(lists(sent).some((s) => s.query.get('vassalage') === 'GLD')).toBe(false)
  })
})
