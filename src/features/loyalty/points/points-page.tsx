/**
 * The points page (/pointMall, decision 030 section 7) for what the server serves today:
 * the overview (balance, how to earn, ways to use points) and the points details, as the
 * `tab` search param. The figures are the member's own: a visitor is asked to log in and a
 * trial account to register, without asking the server.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Currency } from '#contract/money'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { useHydrated } from '../../../hooks/use-hydrated'
import { brandQueryOptions } from '../../../lib/brand-query'
import { openModal } from '../../../lib/modal-store'
import { isGuestType, useSession } from '../../../lib/session'
import { PointsDetails } from './points-details'
import { PointsOverview } from './points-overview'
import './points.css'

export const pointTabs = ['overview', 'details'] as const
export type PointTab = (typeof pointTabs)[number]

/**
 * The `tab` search param: a tab other than the overview, or nothing (the overview, so
 * /pointMall itself is the page's one address and is served as it is, without a redirect).
 */
export function parsePointTab(value: unknown): Exclude<PointTab, 'overview'> | undefined {
  return pointTabs.find((t): t is Exclude<PointTab, 'overview'> => t === value && t !== 'overview')
}

function useCurrency(): Currency {
  const { data } = useSuspenseQuery(brandQueryOptions())
  return { symbol: data.currencySymbol, decimals: data.currencyDecimals }
}

function Tabs({ tab }: { tab: PointTab }) {
  const { t } = useLingui()
  return (
    <nav className="points-tabs" aria-label={t`Points`}>
      <Link to="/pointMall" search={{}} aria-current={tab === 'overview' ? 'page' : undefined}>
        <Trans>Overview</Trans>
      </Link>
      <Link to="/pointMall" search={{ tab: 'details' }} aria-current={tab === 'details' ? 'page' : undefined}>
        <Trans>Details</Trans>
      </Link>
    </nav>
  )
}

function Note() {
  return (
    <p className="muted">
      <Trans>Points never expire.</Trans>
    </p>
  )
}

function Prompt({ guest }: { guest: boolean }) {
  return guest ? (
    <EmptyState title={<Trans>Points are earned by registered accounts.</Trans>}>
      <button type="button" className="button button-primary" onClick={() => openModal('needRealAccount')}>
        <Trans>Register</Trans>
      </button>
      <Note />
    </EmptyState>
  ) : (
    <EmptyState title={<Trans>Log in to see your points.</Trans>}>
      <div className="points-prompt">
        <button type="button" className="button button-primary" onClick={() => openModal('login')}>
          <Trans>Log in</Trans>
        </button>
        <button type="button" className="button" onClick={() => openModal('register')}>
          <Trans>Register</Trans>
        </button>
      </div>
      <Note />
    </EmptyState>
  )
}

export function PointsPage({ tab }: { tab: PointTab }) {
  const { t } = useLingui()
  const currency = useCurrency()
  const { token, member } = useSession()
  // The session is the browser's: the server and the hydrating page draw the wait alike.
  const hydrated = useHydrated()
  let body
  if (!hydrated) body = <Skeleton lines={6} label={t`Loading`} />
  else if (token === null || isGuestType(member?.type)) body = <Prompt guest={token !== null} />
  else {
    body = (
      <>
        <Tabs tab={tab} />
        {tab === 'details' ? <PointsDetails /> : <PointsOverview currency={currency} />}
      </>
    )
  }
  return <div className="points-page">{body}</div>
}
