/**
 * /game (spec sections 2 and 4): the launched game in a sandboxed frame. On a wide screen it
 * fills the screen below the header, under a bar with its name and an exit back to its lobby;
 * on a phone (game-frame.css) it fills the whole screen, with only a small handle that opens
 * the game's menu: balance, free play, Exit game (game-menu.tsx).
 * - The frame runs scripts and forms only: no allow-same-origin, so a vendor page served
 *   from this site cannot reach the portal's storage, cookies or DOM.
 * - The address comes from session storage (a reload keeps the game) and is checked again
 *   against the brand's launch hosts before it opens.
 * - A settled round reported by the frame (postMessage from that frame only, checked with
 *   zod) and leaving the game refresh the balance.
 * - Free play says so, with a way to play for real.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { useEffect, useRef, type ReactNode } from 'react'
import { z } from 'zod/mini'
import { EmptyState } from '../../../components/ui/empty-state'
import { moneyRootKey } from '../../../lib/member-keys'
import { openModal } from '../../../lib/modal-store'
import { session } from '../../../lib/session'
import { statusQueryOptions } from '../../../lib/status-query'
import { useLaunchState } from '../store'
import { usePageTitle } from '../use-page-title'
import { safeFrameUrl } from './frame-url'
import { GameFrameStyles } from './game-frame-styles'
import { GameMenu } from './game-menu'
import { forgetLaunch, readStoredLaunch } from './launch-storage'
import type { GameHistoryState } from './run-launch'
import { useLaunchGame } from './use-launch-game'

/** What the frame may tell the portal: a round was settled, so the balance changed. */
export const FrameMessageSchema = z.object({
  source: z.literal('game-frame'),
  type: z.literal('round-settled'),
})

/** What the frame may do: run the game's scripts and submit its forms, nothing else. */
export const frameSandbox = 'allow-scripts allow-forms'

/** `balance`: the member's balance for the phone's game menu (the route brings it from money). */
export function GameFramePage({ balance = null }: { balance?: ReactNode }) {
  // The stored game is read on each draw. Reading frameVersion subscribes this page to it: a
  // launch that stores a new game bumps it, and the page draws (and reads) again.
  const { frameVersion: _redrawOnLaunch } = useLaunchState()
  const stored = readStoredLaunch()
  const status = useQuery(statusQueryOptions())
  if (!stored) return <NoGame />
  const url = safeFrameUrl(stored.url, status.data?.info.launchGameCDNs ?? [])
  if (url === null) return <NoGame refused />
  return (
    <GameFrame
      url={url}
      name={stored.game.gameName}
      from={stored.from}
      trial={stored.trial}
      playMoney={stored.playMoney === true}
      balance={balance}
    />
  )
}

function NoGame({ refused = false }: { refused?: boolean }) {
  const { t } = useLingui()
  usePageTitle(t`Game`)
  return (
    <main className="page">
      <GameFrameStyles />
      <EmptyState
        title={
          refused ? <Trans>This game's address is not allowed here.</Trans> : <Trans>No game is open.</Trans>
        }
      >
        <Link to="/index" className="button button-primary">
          <Trans>Back to home</Trans>
        </Link>
      </EmptyState>
    </main>
  )
}

interface GameFrameProps {
  url: string
  name: string
  from: string
  trial: boolean
  /** A trial account's game: its play money. */
  playMoney: boolean
  balance: ReactNode
}

function GameFrame({ url, name, from, trial, playMoney, balance }: GameFrameProps) {
  const { t } = useLingui()
  usePageTitle(name)
  const router = useRouter()
  const queryClient = useQueryClient()
  const launch = useLaunchGame()
  const frame = useRef<HTMLIFrameElement>(null)

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: moneyRootKey })
    const onMessage = (e: MessageEvent) => {
      const own = frame.current?.contentWindow
      if (!own || e.source !== own) return
      if (FrameMessageSchema.safeParse(e.data).success) refresh()
    }
    window.addEventListener('message', onMessage)
    return () => {
      window.removeEventListener('message', onMessage)
      // Leaving the game, by its exit or by Back: the balance is what the rounds left.
      refresh()
    }
  }, [queryClient])

  // `fromLayer`: the phone's game menu is open, on a history entry of its own over the game's.
  const exit = (fromLayer = false) => {
    forgetLaunch()
    const state = router.history.location.state as GameHistoryState
    // The launch pushed /game over the lobby: going back leaves the history as Back would.
    if (state.gameLaunch === true) router.history.go(fromLayer ? -2 : -1)
    else void router.navigate({ href: from, replace: true })
  }

  const playForReal = () => {
    const stored = readStoredLaunch()
    if (!session.token || !stored) openModal('login')
    else launch(stored.game, { real: true })
  }

  return (
    <main className="game-page">
      <GameFrameStyles />
      <div className="game-bar">
        <button type="button" className="button game-exit" onClick={() => exit()}>
          <span aria-hidden="true">‹</span> <Trans>Exit</Trans>
        </button>
        <h1 className="game-name">{name}</h1>
        {trial ? (
          <div className="game-trial">
            <span className="play-tag">
              <Trans>Free play</Trans>
            </span>
            <button type="button" className="button button-primary game-real" onClick={playForReal}>
              <Trans>Play for real</Trans>
            </button>
          </div>
        ) : playMoney ? (
          <div className="game-trial">
            <span className="play-tag">
              <Trans>Play money</Trans>
            </span>
            <button type="button" className="button button-primary game-real" onClick={playForReal}>
              <Trans>Register to play for real</Trans>
            </button>
          </div>
        ) : null}
      </div>
      <iframe
        ref={frame}
        key={url}
        className="game-frame"
        title={trial ? t`${name} (free play)` : playMoney ? t`${name} (play money)` : name}
        src={url}
        sandbox={frameSandbox}
        allow="fullscreen; autoplay"
        allowFullScreen
      />
      <GameMenu
        name={name}
        trial={trial}
        playMoney={playMoney}
        balance={balance}
        exit={exit}
        playForReal={playForReal}
      />
    </main>
  )
}
