/**
 * What the launch tests share (launch.test.tsx, launch-refusals.test.tsx,
 * launch-lottery-rooms.test.tsx): the endpoints, a vendor's list, the launch answer, a member
 * or a visitor with the games API stubbed, a lobby tile and the game frame.
 */
import { screen, within } from '@testing-library/react'
import { vi } from 'vitest'
import type { Game } from '#contract/games'
import type { Launch } from '#contract/play'
import { launchState } from '#src/features/games/store.ts'
import { endSession } from '#src/lib/session.ts'
import {
  defaultAnswers,
  game,
  logIn,
  moneyAnswers,
  stubGamesApi,
  type GameAnswer,
  type GameSent,
} from './fixtures'

/** Each launch test starts with no session, no stubs and no launch in flight. */
export function resetLaunch() {
  endSession()
  vi.unstubAllGlobals()
  launchState.busy = null
  launchState.maintenance = null
  launchState.balance = null
}

export type Sent = GameSent
export type Answer = GameAnswer

export const listPath = '/wps/relay/GCSGAME_gameList'
export const launchPath = '/wps/game/launchGame'
export const trialPath = '/wps/relay/GCS_gameTrialLaunch'
export const balancePath = '/wps/v2/wallets/balance'
export const transferPath = '/wps/relay/GCS_walletTransfer'

/** A vendor's list: game 1 is a free-play slot, the others real money only. */
export function gameList(s: Sent) {
  const vendor = s.query.get('vassalage') ?? 'DSL'
  const list = [1, 2, 3].map((n) => game(vendor, n, { freeplay: n === 1 }))
  return { list, total: list.length, pageNo: 1, pageSize: 60 }
}

export const launched = (g: Game, url = `/demo-vendor/play/${g.gameId}?t=abc`): Launch => ({
  content: { game_url: url },
  game: g,
})

/** The launch answer for the game the query names. */
export const launchAnswer = (url?: (gameId: string) => string) => (s: Sent) => {
  const id = s.query.get('gameId') ?? ''
  const [vendor = 'DSL', n = '1'] = id.split('-')
  return launched(game(vendor, Number(n)), url?.(id))
}

export const count = (sent: Sent[], path: string) => sent.filter((s) => s.path === path).length

export function member(answers: Record<string, Answer> = {}): Sent[] {
  logIn()
  return stubGamesApi(moneyAnswers({ [listPath]: gameList, [launchPath]: launchAnswer(), ...answers }))
}

export function visitor(answers: Record<string, Answer> = {}): Sent[] {
  sessionStorage.setItem('index-notice-seen', '1')
  return stubGamesApi(defaultAnswers({ [listPath]: gameList, ...answers }))
}

export async function tile(name: string) {
  const grid = await screen.findByRole('list', { name: 'DSL Games games' })
  return within(grid).getByRole('button', { name })
}

export function frame(): HTMLIFrameElement {
  const f = document.querySelector('iframe')
  if (!f) throw new Error('no game frame')
  return f
}
