import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router'
import { brandQueryOptions } from '../lib/brand-query'
import { SiteHeader } from './-components/site-header'
import { TabBar } from './-components/tab-bar'

/**
 * Header-only pages (lottery, seamless, a running game); the lottery pages can fold the nav
 * away, and a running game's page is one screen tall (its frame fills what the header leaves).
 * The tab bar shows on phones, except around a running game.
 */
export const Route = createFileRoute('/_bar')({
  loader: ({ context }) => context.queryClient.ensureQueryData(brandQueryOptions()),
  component: HeaderOnly,
})

function HeaderOnly() {
  const pathname = useLocation({ select: (l) => l.pathname })
  const lottery = pathname === '/lottery' || pathname === '/vnlottery'
  const game = pathname === '/game'
  return (
    <div className={game ? 'layout layout-bar layout-game' : 'layout layout-bar layout-tabs'}>
      <SiteHeader nav={lottery ? 'toggle' : 'shown'} />
      <Outlet />
      <TabBar />
    </div>
  )
}
