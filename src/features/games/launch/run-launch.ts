/**
 * Fetches a game's address and opens it (spec section 4): the real-money launch with the
 * query the platform's clients send (a trial account's plays its play money), or the
 * free-play trial for a visitor; the address is
 * checked (frame-url.ts) and stored, and the app goes to /game unless it is there. A
 * refusal becomes what the member can act on: the maintenance popup with other games, the
 * balance popup with a deposit or a transfer, the real-account notice, or a message.
 */
import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { gameTypeRoutes, type Game } from '#contract/games'
import {
  LaunchBalanceValueSchema,
  LaunchMaintenanceValueSchema,
  playEndpoints,
  type Launch,
} from '#contract/play'
import { api } from '../../../lib/api'
import { ApiError } from '../../../lib/api-client'
import { errorText } from '../../../lib/error-messages'
import { i18n, languageHeader } from '../../../lib/i18n'
import { closeModal, openModal, openModals } from '../../../lib/modal-store'
import { statusQueryOptions } from '../../../lib/status-query'
import { showToast } from '../../../lib/toast-store'
import { launchState } from '../store'
import { safeFrameUrl } from './frame-url'
import { readStoredLaunch, storeLaunch } from './launch-storage'

export interface RunOptions {
  trial: boolean
  /** A trial account: its launch plays its play money, and an empty wallet means registering. */
  playMoney: boolean
  confirmTrans: boolean
  roomId?: string | undefined
  matchId?: string | undefined
  leagueId?: string | undefined
}

export interface LaunchContext {
  router: AnyRouter
  queryClient: QueryClient
}

/** The /game entry pushed by a launch: the entry below it is the page the game came from. */
export interface GameHistoryState {
  gameLaunch?: boolean
}

/** Where the game's exit goes: the page it was launched from, without its popups. */
function launchedFrom(router: AnyRouter, game: Game): string {
  const loc = router.state.location
  if (loc.pathname === '/game') return readStoredLaunch()?.from ?? gameTypeRoutes[game.gameType]
  const params = new URLSearchParams(loc.searchStr)
  for (const p of ['popup', 'centre', 'vendor']) params.delete(p)
  const search = params.toString()
  return `${loc.pathname}${search ? `?${search}` : ''}`
}

function fetchAddress(
  game: Game,
  { trial, confirmTrans, roomId, matchId, leagueId }: RunOptions,
): Promise<Launch> {
  const language = languageHeader()
  const platform = game.defaultPlayType
  if (trial) {
    return api.call(playEndpoints.trialLaunch, {
      gameId: game.gameId,
      vassalage: game.vassalage,
      platform,
      language,
    })
  }
  return api.call(playEndpoints.launchGame, {
    gameId: game.gameId,
    roomId,
    matchId,
    leagueId,
    vassalage: game.vassalage,
    accountType: 1,
    confirmTrans: confirmTrans ? 1 : 0,
    launchMode: 'GLS',
    platform,
    clientType: '3',
    language,
  })
}

export async function runLaunch(game: Game, opts: RunOptions, { router, queryClient }: LaunchContext) {
  launchState.busy = game.gameName
  try {
    const launched = await fetchAddress(game, opts)
    const status = await queryClient.ensureQueryData(statusQueryOptions())
    const raw = launched.content.game_url || launched.content.game_url2 || ''
    const url = safeFrameUrl(raw, status.info.launchGameCDNs)
    if (url === null) {
      showToast(i18n._(msg`This game's address is not allowed here, so it was not opened.`), 'error')
      return
    }
    const from = launchedFrom(router, game)
    storeLaunch({ url, game: launched.game, trial: opts.trial, playMoney: opts.playMoney, from })
    const open = openModals()
    if (router.state.location.pathname === '/game') {
      for (const name of open) closeModal(name)
      return
    }
    // From a popup, /game takes the popup's entry: Back from the game is the page beneath.
    await router.navigate({
      to: '/game',
      replace: open.length > 0,
      state: { gameLaunch: true } satisfies GameHistoryState,
    } as Parameters<AnyRouter['navigate']>[0])
  } catch (err) {
    refused(err, game, opts.playMoney)
  } finally {
    launchState.busy = null
  }
}

function refused(err: unknown, game: Game, playMoney: boolean): void {
  const code = err instanceof ApiError ? err.errorCode : undefined
  if (err instanceof ApiError && code === 'vendor_under_maintenance') {
    const v = LaunchMaintenanceValueSchema.safeParse(err.value)
    const data = v.success ? v.data.content.data : null
    launchState.maintenance = {
      kind: 'maintenance',
      game,
      gameType: data?.gameType ?? game.gameType,
      vassalage: data?.vassalage ?? game.vassalage,
      maintainTime: data?.maintainTime ?? null,
    }
    openModal('gameMaintenance')
    return
  }
  if (playMoney && code === 'launch_game_balance_not_enough') {
    // The play money is spent: more play needs a real account.
    showToast(i18n._(msg`Your play money has run out.`), 'info')
    openModal('needRealAccount')
    return
  }
  if (err instanceof ApiError && code === 'launch_game_balance_not_enough') {
    const v = LaunchBalanceValueSchema.safeParse(err.value)
    launchState.balance = { kind: 'balance', game, value: v.success ? v.data : null }
    openModal('gameBalance')
    return
  }
  if (code === 'in_need_true_account') {
    openModal('needRealAccount')
    return
  }
  showToast(errorText(i18n, err), 'error')
  // No free play for this game: real money needs an account.
  if (code === 'game_trial_unavailable') openModal('login')
}
