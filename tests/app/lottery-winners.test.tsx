/**
 * The winners board on the lottery pages: the settled lottery wins the server's winners board
 * answers (play.winnerBoard) run in the ticker on /lottery (both lottery types, newest first),
 * /vnlottery (the lottery) and /elott (the e-lottery); no wins, no ticker.
 */
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Winner } from '#contract/play'
import { endSession } from '#src/lib/session.ts'
import { moneyAnswers, stubMoneyApi, type Sent } from './fixtures'
import { lotteryAnswers, serverT } from './lottery-fixtures'
import { renderApp } from './render'

afterEach(() => {
  endSession()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const win = (over: Partial<Winner>): Winner => ({
  username: 'da***ra',
  gameId: 'E5D1',
  gameName: 'Lucky 5 (1 min)',
  gameType: 'ELOTT',
  vassalage: 'LOTTERY',
  payout: '163.33',
  multiplier: '16.3',
  time: serverT - 60_000,
  ...over,
})

const elottWin = win({})
const lottWin = win({
  username: 'so***ka',
  gameId: 'VN_MB',
  gameName: 'Miền Bắc',
  gameType: 'LOTT',
  payout: '85000.00',
  multiplier: '85.0',
  time: serverT - 3_600_000,
})

/** The board answers by the game type asked for, as the server does. */
const board = (s: Sent) => ({
  list: [elottWin, lottWin].filter((w) => w.gameType === s.query.get('gameType')),
})

const boardCalls = (sent: Sent[]) =>
  sent.filter((s) => s.path === '/wps/relay/ODSFE2_getWinnerBoard').map((s) => s.query.get('gameType'))

/** The ticker's wins as read (the second copy of the run is hidden from the reader). */
async function wins(): Promise<string[]> {
  const ticker = await screen.findByRole('region', { name: 'Big wins' })
  const [list] = within(ticker).getAllByRole('list')
  return within(list!)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '')
}

const pageAnswers = moneyAnswers(
  lotteryAnswers({
    '/lgw/vn/games/game_menu': { gameMenus: [] },
    '/lgw/vn/numeros/opened/game': { list: [] },
  }),
)

describe('the winners board on the lottery pages', () => {
  test('/lottery runs the lottery and e-lottery wins together, newest first', async () => {
    const sent = stubMoneyApi(pageAnswers, { '/wps/relay/ODSFE2_getWinnerBoard': board })
    await renderApp('/lottery?gameCode=E5D1')
    expect(await wins()).toEqual([
      'da***ra $163.33 Lucky 5 (1 min) ×16.3',
      'so***ka $85,000.00 Miền Bắc ×85.0',
    ])
    expect(boardCalls(sent).sort()).toEqual(['ELOTT', 'LOTT'])
  })

  test('/vnlottery runs the lottery wins', async () => {
    const sent = stubMoneyApi(pageAnswers, { '/wps/relay/ODSFE2_getWinnerBoard': board })
    await renderApp('/vnlottery')
    expect(await wins()).toEqual(['so***ka $85,000.00 Miền Bắc ×85.0'])
    expect(boardCalls(sent)).toEqual(['LOTT'])
  })

  test('/elott runs the e-lottery wins above the draws, and lists no vendor lobby', async () => {
    const elottVendor = {
      accountTypeId: 102,
      accountTypeName: 'ELT',
      vassalage: 'ELT',
      gameType: 'ELOTT' as const,
      displayName: 'Quick Lotto',
      logo: 'vendors/elt.svg',
      isHot: true,
      maintenance: false,
    }
    const sent = stubMoneyApi(
      {
        ...pageAnswers,
        '/wps/relay/GCSGAME_gameVendor': {
          data: { lanes: [{ title: 'ELOTT', gameType: 'ELOTT', cards: [elottVendor] }] },
        },
      },
      { '/wps/relay/ODSFE2_getWinnerBoard': board },
    )
    await renderApp('/elott')
    expect(await wins()).toEqual(['da***ra $163.33 Lucky 5 (1 min) ×16.3'])
    expect(boardCalls(sent)).toEqual(['ELOTT'])
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('E-lottery')
    expect(await screen.findByText('Lucky 5 (1 min)', { selector: '.elott-grid *' })).toBeTruthy()
    // The e-lottery vendor's games are not listed here: a lottery entry opens this page.
    expect(screen.queryByRole('tab', { name: /Quick Lotto/ })).toBeNull()
    expect(sent.some((s) => s.path === '/wps/relay/GCSGAME_gameList')).toBe(false)
  })

  test('no wins, no ticker', async () => {
    const sent = stubMoneyApi(pageAnswers, { '/wps/relay/ODSFE2_getWinnerBoard': () => ({ list: [] }) })
    await renderApp('/lottery?gameCode=E5D1')
    await screen.findByRole('group', { name: 'Bet type' })
    expect(boardCalls(sent).length).toBe(2)
    expect(screen.queryByRole('region', { name: 'Big wins' })).toBeNull()
  })
})
