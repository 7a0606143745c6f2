/**
 * The tab bar on phones (CSS hides it from 768 px, where the header nav shows): Home,
 * Games, Lottery, Promotions and Me (the member centre for a member, login for a visitor).
 * The current tab is marked with aria-current; a running game (/game) has no tab bar. Me
 * carries the count of rewards a member may claim.
 */
import { useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { icons } from '#contract/first-screen'
import { gameTypeRoutes } from '#contract/games'
import { RewardBadge } from '../../features/promotions/reward-centre/reward-badge'
import { openProtected } from '../../lib/guards'
import { openModal } from '../../lib/modal-store'
import { useSession } from '../../lib/session'

/** The lobbies the Games tab stands for: every game type's page but the lottery's (a tab of its own). */
const gamePaths: readonly string[] = Object.values(gameTypeRoutes).filter((p) => p !== gameTypeRoutes.LOTT)

const icon = (d: string): ReactNode => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d={d} />
  </svg>
)

export function TabBar() {
  const { t } = useLingui()
  const pathname = useLocation({ select: (l) => l.pathname })
  const { token } = useSession()
  if (pathname === '/game') return null
  // The router marks a tab whose path is the page's; Games stands for every lobby.
  const games = gamePaths.includes(pathname) ? ({ 'aria-current': 'page' } as const) : {}

  return (
    <nav className="tab-bar" aria-label={t`Sections`}>
      <Link to="/index" className="tab">
        {icon(icons.home)}
        <span>{t`Home`}</span>
      </Link>
      <Link to="/rng" search={{ page: undefined }} className="tab" {...games}>
        {icon(icons.games)}
        <span>{t`Games`}</span>
      </Link>
      <Link to="/lottery" search={{ gameCode: undefined, playType: undefined }} className="tab">
        {icon(icons.lottery)}
        <span>{t`Lottery`}</span>
      </Link>
      <Link to="/promotions" className="tab">
        {icon(icons.promotions)}
        <span>{t`Promotions`}</span>
      </Link>
      <button
        type="button"
        className="tab"
        onClick={() => (token ? openProtected('memberCentre') : openModal('login'))}
      >
        {icon(icons.me)}
        <span>{t`Me`}</span>
        {/* The rewards to claim: asked once the app has taken over, so the first paint is the server's. */}
        <RewardBadge corner />
      </button>
    </nav>
  )
}
