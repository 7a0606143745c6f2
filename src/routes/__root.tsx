/**
 * The root: the platform's status decides first (maintenance, region, blocked address
 * replace every route); the login-required flag sends visitors to /login; then the page,
 * with the popups (named by the search params), toasts, offline banner and update prompt
 * around it.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { QueryClient } from '@tanstack/react-query'
import { useQuery } from '@tanstack/react-query'
import { createRootRouteWithContext, Link, Outlet, redirect, useLocation } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { isFlagEnabled, openWithoutLogin } from '#contract/system'
import { RoutePending } from '../components/layout/route-states'
import { Toasts } from '../components/ui/toasts'
import { useLaunchState } from '../features/games/store'
import { memberInfoQueryOptions } from '../features/identity/api/get-member-info'
import { OfflineStatus } from '../features/offline/components/offline-status'
import { UpdatePrompt } from '../features/pwa/components/update-prompt'
import {
  BlockedIpPage,
  MaintenancePage,
  OfflineFirstVisitPage,
  RegionRestrictedPage,
} from '../features/status/components/status-pages'
import { useHydrated } from '../hooks/use-hydrated'
import { brandQueryOptions } from '../lib/brand-query'
import { validatePopupSearch } from '../lib/modal-store'
import { setMember, useSession } from '../lib/session'
import { statusQueryOptions } from '../lib/status-query'
import { sessionStore } from '../lib/storage'
import { applyBrandColor } from '../lib/theme'
import { ModalHost } from './-components/modal-host'

// Fund notices from the service worker, for a signed-in session only (its code stays out of a visitor's page).
const PushListener = lazy(() =>
  import('../features/notify/components/push-listener').then((m) => ({ default: m.PushListener })),
)
// The live channel: balance, notices and settlements as they happen, for a signed-in session.
const LiveListener = lazy(() =>
  import('../features/notify/components/live-listener').then((m) => ({ default: m.LiveListener })),
)
// What the first screen never shows loads when it is first needed: the launch veil when a
// game starts, the social sign-in return with its fragment. (The toasts stay: their live
// region must be in the page before the first message, or it is not announced.)
const LaunchLoader = lazy(() =>
  import('../features/games/launch/launch-loader').then((m) => ({ default: m.LaunchLoader })),
)
const SocialReturn = lazy(() =>
  import('../features/identity/components/social-return').then((m) => ({ default: m.SocialReturn })),
)
// Every feature's popups and member-centre pages, registered before the first search is read.
import './-components/popups'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // The open popups (docs/decisions/003-popups-as-routes.md); a bad value is dropped.
  validateSearch: validatePopupSearch,
  beforeLoad: async ({ context, location }) => {
    const status = await context.queryClient.ensureQueryData(statusQueryOptions()).catch(() => undefined)
    if (!status || status.maintenance || status.regionRestriction || status.ipBlocked) return
    const open = (openWithoutLogin as readonly string[]).includes(location.pathname)
    // Only the browser knows the session (this tab's storage): the server draws the page, and
    // a visitor of a log-in-only brand is sent to /login by the browser.
    if (typeof document === 'undefined') return
    if (!open && !sessionStore.token() && isFlagEnabled(status.info.whitelabel, 'LOGINREQUIRED3')) {
      throw redirect({ to: '/login' })
    }
  },
  component: Root,
  notFoundComponent: NotFound,
})

function Root() {
  const { t } = useLingui()
  const status = useQuery(statusQueryOptions())
  // The path alone: opening a popup changes the search, and need not redraw the root.
  const pathname = useLocation({ select: (l) => l.pathname })
  // App start with a stored session: the member's details load (spec section 4).
  const { token } = useSession()
  const member = useQuery(memberInfoQueryOptions(token))
  const launching = useLaunchState().busy !== null
  // A social sign-in comes back as /index#social_code=… (or social_error): only a page
  // opened with a fragment needs its handler.
  // Read once hydrated: the server never sees the fragment.
  const [fragmentAtStart] = useState(() => typeof window !== 'undefined' && window.location.hash.length > 1)
  const fragment = useHydrated() && fragmentAtStart
  useEffect(() => {
    if (member.data) setMember(member.data)
  }, [member.data])
  // The brand's colour, also after the operator changes it (the boot data set it first).
  const themeColor = useQuery(brandQueryOptions()).data?.themeColor
  useEffect(() => applyBrandColor(themeColor), [themeColor])
  if (!status.data) {
    if (status.isError) return <OfflineFirstVisitPage onRetry={() => void status.refetch()} />
    return <RoutePending />
  }
  const s = status.data
  if (s.maintenance) return <MaintenancePage message={s.maintenanceMessage} until={s.maintenanceUntil} />
  if (s.ipBlocked) return <BlockedIpPage ip={s.clientIp} />
  if (s.regionRestriction) return <RegionRestrictedPage />
  return (
    <>
      <OfflineStatus />
      <Outlet />
      <ModalHost />
      {launching ? (
        <Suspense fallback={null}>
          <LaunchLoader />
        </Suspense>
      ) : null}
      {fragment ? (
        <Suspense fallback={null}>
          <SocialReturn />
        </Suspense>
      ) : null}
      <Toasts dismissLabel={t`Dismiss`} />
      {token ? (
        <Suspense fallback={null}>
          <PushListener />
          <LiveListener />
        </Suspense>
      ) : null}
      <UpdatePrompt hidden={pathname === '/game'} />
    </>
  )
}

function NotFound() {
  return (
    <main className="page">
      <section className="card">
        <h1>
          <Trans>Page not found</Trans>
        </h1>
        <Link to="/index" className="button button-primary">
          <Trans>Back to home</Trans>
        </Link>
      </section>
    </main>
  )
}
