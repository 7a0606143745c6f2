import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router'
import { brandQueryOptions } from '../lib/brand-query'
import { SiteHeader } from './-components/site-header'

/**
 * Header-only pages (lottery, seamless, a running game); the lottery pages can fold the nav
 * away, and a running game's page is one screen tall (its frame fills what the header leaves).
 */
export const Route = createFileRoute('/_bar')({
  loader: ({ context }) => context.queryClient.ensureQueryData(brandQueryOptions()),
  component: HeaderOnly,
})

function HeaderOnly() {
  const { pathname } = useLocation()
  const lottery = pathname === '/lottery' || pathname === '/vnlottery'
  return (
    <div className={pathname === '/game' ? 'layout layout-bar layout-game' : 'layout layout-bar'}>
      <SiteHeader nav={lottery ? 'toggle' : 'shown'} />
      <Outlet />
    </div>
  )
}
