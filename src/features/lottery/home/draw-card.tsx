/**
 * A game as a card: its name, the open issue's countdown and the last result; the whole
 * card opens the game's betting page. Used by the home row and the e-lottery lobby. The
 * countdown comes as children, so the card itself (a router link) is drawn once and only
 * the countdown redraws each second.
 */
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { DrawResult, LotteryGame } from '#contract/lottery'
import { ResultBalls } from './draw-parts'
import './draw-card.css'

export function DrawCard({
  game,
  last,
  children,
}: {
  game: LotteryGame
  last: DrawResult | null
  /** The countdown (IssueCountdown or LiveCountdown, size small). */
  children: ReactNode
}) {
  return (
    <Link to="/lottery" search={{ gameCode: game.lottoGameCode }} className="draw-card">
      <span className="draw-card-head">
        <img src={game.iconUrl} alt="" width="32" height="32" loading="lazy" />
        <span className="draw-card-name">{game.name}</span>
      </span>
      {children}
      <span className="draw-card-last">
        <ResultBalls main={last?.main ?? null} size="small" />
      </span>
    </Link>
  )
}
