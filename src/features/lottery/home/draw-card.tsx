/**
 * A game as a card: its name, the open issue's countdown and the last result; the whole
 * card opens the game's betting page. Used by the home row and the e-lottery lobby.
 */
import { Link } from '@tanstack/react-router'
import type { DrawResult, Issue, LotteryGame } from '#contract/lottery'
import { IssueCountdown, ResultBalls } from './draw-parts'
import './draw-card.css'

export function DrawCard({
  game,
  issue,
  last,
  serverNow,
}: {
  game: LotteryGame
  issue: Issue | null
  last: DrawResult | null
  serverNow: number | null
}) {
  return (
    <Link to="/lottery" search={{ gameCode: game.lottoGameCode }} className="draw-card">
      <span className="draw-card-head">
        <img src={game.iconUrl} alt="" width="32" height="32" loading="lazy" />
        <span className="draw-card-name">{game.name}</span>
      </span>
      <IssueCountdown issue={issue} serverNow={serverNow} size="small" />
      <span className="draw-card-last">
        <ResultBalls main={last?.main ?? null} size="small" />
      </span>
    </Link>
  )
}
