/**
 * Starting a game from any tile (spec sections 4 and 6), in the order the spec gives:
 * - a lottery game opens its lottery page (lottery-start.ts), GPI excepted, which launches;
 * - a vendor entry (isGame VASSALAGE) opens that vendor's game list in the game popup;
 * - a visitor gets the login popup, except on an RNG game with free play, which starts a trial;
 * - a trial account (type 4) plays the RNG games with free play the same way, in the same
 *   frame, marked as free play; any other game offers it registration ("Register to play
 *   for real");
 * - a PVP game with rooms opens the room picker first, then starts in the room picked;
 * - otherwise the loader shows while the address is fetched (run-launch.ts, loaded on the
 *   first launch so a lobby's code stays small), then the game opens on /game.
 */
import { msg } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { Game } from '#contract/games'
import { i18n } from '../../../lib/i18n'
import { openModal } from '../../../lib/modal-store'
import { isGuestType, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast-store'
import { launchState } from '../store'
import { lotteryTarget, openLotteryPage } from './lottery-start'

export interface LaunchOptions {
  /**
   * Multi-wallet: the member has just moved money into the vendor's wallet, so the launch
   * confirms it (confirmTrans=1) instead of offering the transfer again.
   */
  confirmTrans?: boolean
  /** Real money only (the frame's "Play for real"): a visitor is asked to log in, never a trial. */
  real?: boolean
  /** A PVP room picked from the game's rooms (GLS2_roomList). */
  roomId?: string
  /** Sports and esports: the featured fixture to open on. */
  matchId?: string
  leagueId?: string
}

/** Whether a visitor may start this game as a free-play trial. */
export function offersTrial(game: Game): boolean {
  return game.gameType === 'RNG' && game.freeplay && game.isGame === 'GAME'
}

/** The network_error text of src/lib/error-messages.ts, without loading every error's text. */
const networkError = msg`Network abnormal, please retry.`

export function useLaunchGame(): (game: Game, opts?: LaunchOptions) => void {
  const router = useRouter()
  const queryClient = useQueryClient()
  return useCallback(
    (game: Game, opts: LaunchOptions = {}) => {
      if (launchState.busy !== null) return
      const lottery = lotteryTarget(game)
      if (lottery?.kind === 'page') {
        void openLotteryPage(router, lottery)
        return
      }
      if (game.isGame === 'VASSALAGE') {
        openModal('gamePopup', { vendor: game.vassalage })
        return
      }
      // A visitor plays free (the vendor's play money); a trial account plays the same games
      // with its own play money; anything else needs an account, or a real one.
      const guest = session.token !== null && isGuestType(session.member?.type)
      const trial = !session.token
      if ((trial || guest) && (opts.real || !offersTrial(game))) {
        openModal(guest ? 'needRealAccount' : 'login')
        return
      }
      if (game.gameType === 'PVP' && game.hasRooms && opts.roomId === undefined) {
        launchState.rooms = game
        openModal('gameRooms')
        return
      }
      launchState.busy = game.gameName
      import('./run-launch')
        .then((m) =>
          m.runLaunch(
            game,
            {
              trial,
              playMoney: guest,
              confirmTrans: opts.confirmTrans ?? false,
              roomId: opts.roomId,
              matchId: opts.matchId,
              leagueId: opts.leagueId,
            },
            { router, queryClient },
          ),
        )
        .catch(() => {
          // The launch code itself did not load (offline, a new deploy).
          launchState.busy = null
          showToast(i18n._(networkError), 'error')
        })
    },
    [router, queryClient],
  )
}
