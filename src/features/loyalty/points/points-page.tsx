/**
 * The points page (/pointMall, decision 030 section 7): the overview (balance, how to earn,
 * ways to use points), the rewards, the redemption history and the points details, as the
 * `tab` search param, with the redeem and convert sheets over them. The figures are the
 * member's own: a visitor is asked to log in and a trial account to register, without asking
 * the server.
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
import { ConvertSheet } from './convert-sheet'
import { HistoryTab } from './history-tab'
import type { PointTab } from './mall-search'
import { PointsDetails } from './points-details'
import { PointsOverview } from './points-overview'
import { type PhoneFields, RedeemSheet } from './redeem-sheet'
import { RewardsTab } from './rewards-tab'
import './points.css'

export { parsePointTab, pointTabs, type PointTab } from './mall-search'

function useCurrency(): Currency {
  const { data } = useSuspenseQuery(brandQueryOptions())
  return { symbol: data.currencySymbol, decimals: data.currencyDecimals }
}

function Tabs({ tab }: { tab: PointTab }) {
  const { t } = useLingui()
  return (
    <nav className="points-tabs" aria-label={t`Points`}>
      {/* Exact: every other tab's search holds the overview's empty one. */}
      <Link
        to="/pointMall"
        search={{}}
        activeOptions={{ exact: true }}
        aria-current={tab === 'overview' ? 'page' : undefined}
      >
        <Trans>Overview</Trans>
      </Link>
      <Link to="/pointMall" search={{ tab: 'rewards' }} aria-current={tab === 'rewards' ? 'page' : undefined}>
        <Trans>Rewards</Trans>
      </Link>
      <Link to="/pointMall" search={{ tab: 'history' }} aria-current={tab === 'history' ? 'page' : undefined}>
        <Trans>History</Trans>
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

export function PointsPage({
  tab,
  reward,
  convert = false,
  PhoneFields,
}: {
  tab: PointTab
  /** The registration's country code and phone inputs, for a physical item's delivery. */
  PhoneFields: PhoneFields
  reward?: number | undefined
  convert?: boolean
}) {
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
        {tab === 'details' ? (
          <PointsDetails />
        ) : tab === 'rewards' ? (
          <RewardsTab currency={currency} />
        ) : tab === 'history' ? (
          <HistoryTab currency={currency} />
        ) : (
          <PointsOverview currency={currency} />
        )}
        {reward !== undefined ? (
          <RedeemSheet rewardId={reward} currency={currency} PhoneFields={PhoneFields} />
        ) : null}
        {convert ? <ConvertSheet currency={currency} /> : null}
      </>
    )
  }
  return <div className="points-page">{body}</div>
}
