/**
 * The rebate rates by game type (issue 35): for each running rebate, a table of the game
 * types with their rate, the member's valid bets of the current period so far and what they
 * pay, the total (at most the cap), and when the period's rebate is paid, all on the brand's
 * clock. Reached from the reward centre and from a rebate's detail. A visitor or a trial
 * account is asked to log in or register: the figures are the member's own.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { showMoney } from '#contract/money'
import { promotionEndpoints, type RebateEstimate } from '#contract/promotions'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { useHydrated } from '../../../hooks/use-hydrated'
import { api } from '../../../lib/api'
import { brandDateTime, calendarDay, zoneOffsetLabel } from '../../../lib/date-format'
import { gameTypeNames } from '../../../lib/game-type-names'
import { openProtected } from '../../../lib/guards'
import { openModal } from '../../../lib/modal-store'
import { promotionsKey } from '../api/promotion-keys'
import { PromotionStyles } from '../components/promotion-styles'
import { percent } from '../components/promotion-text'
import { useBrandCurrency } from '../components/use-brand-currency'
import { useViewer } from '../components/use-viewer'

/** The member's rebates now (under the promotions key: a claim refreshes them). */
export const rebateEstimatesQueryOptions = () =>
  queryOptions({
    queryKey: promotionsKey('rebates'),
    queryFn: ({ signal }) => api.call(promotionEndpoints.rebateRates, undefined, { signal }),
  })

/** A brand day (YYYY-MM-DD) as the language's date: the day is the brand's already, never moved by a zone. */
function useDayText(): (day: string) => string {
  const { i18n } = useLingui()
  return (day) => calendarDay(i18n.locale, day)
}

function RebateCard({ rebate: r, timeZone }: { rebate: RebateEstimate; timeZone: string }) {
  const { t, i18n } = useLingui()
  const currency = useBrandCurrency()
  const dayText = useDayText()
  const from = dayText(r.period.from)
  const to = dayText(r.period.to)
  const zone = zoneOffsetLabel(timeZone, r.period.endsAt)
  const paid = brandDateTime(i18n.locale, r.paidAt, timeZone)
  const cap = r.cap === null ? null : showMoney(r.cap, currency)
  const headingId = `rebate-${r.promotionId}`
  return (
    <section className="card rebate-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{r.title}</h2>
      <p className="rebate-period">
        {r.period.from === r.period.to
          ? t`Counting the bets of ${from} (${zone})`
          : t`Counting the bets of ${from} – ${to} (${zone})`}
      </p>
      <table className="rebate-table">
        <caption className="visually-hidden">{t`Rates and your valid bets by game type`}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Game type</Trans>
            </th>
            <th scope="col">
              <Trans>Rate</Trans>
            </th>
            <th scope="col">
              <Trans>Valid bets</Trans>
            </th>
            <th scope="col">
              <Trans>Rebate</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {r.rates.map((x) => (
            <tr key={x.gameType}>
              <th scope="row">{i18n._(gameTypeNames[x.gameType])}</th>
              <td>{percent(x.rate)}</td>
              <td>{showMoney(x.validBets, currency)}</td>
              <td>{showMoney(x.rebate, currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              <Trans>So far</Trans>
            </th>
            <td />
            <td>{showMoney(r.validBets, currency)}</td>
            <td>{showMoney(r.estimate, currency)}</td>
          </tr>
        </tfoot>
      </table>
      {cap ? (
        <p className="rebate-note">
          {r.capped ? t`At most ${cap} a period: the cap applies.` : t`At most ${cap} a period.`}
        </p>
      ) : null}
      <p className="rebate-paid">
        {r.claimMode === 'auto'
          ? t`Paid to your main wallet after ${paid}.`
          : t`Claim it in the reward centre from ${paid}.`}
      </p>
      <p className="rebate-note">
        <Trans>
          An estimate from the bets settled so far: the rebate is worked out when the period closes.
        </Trans>
      </p>
      <div className="rebate-links">
        <Link to="/promoDetail" search={{ id: r.promotionId }} className="button">
          <Trans>Rules</Trans>
        </Link>
        {r.claimMode === 'auto' ? null : (
          <button
            type="button"
            className="button"
            onClick={() => openProtected('memberCentre', { page: 'rewardCenter' })}
          >
            <Trans>Reward centre</Trans>
          </button>
        )}
      </div>
    </section>
  )
}

function MemberRebates() {
  const { t } = useLingui()
  const rebates = useQuery(rebateEstimatesQueryOptions())
  if (!rebates.data) {
    return rebates.isError ? (
      <EmptyState title={<Trans>The rebates could not be loaded.</Trans>}>
        <button type="button" className="button" onClick={() => void rebates.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </EmptyState>
    ) : (
      <Skeleton lines={6} label={t`Loading`} />
    )
  }
  const { list, timeZone } = rebates.data
  if (list.length === 0) {
    return (
      <EmptyState title={<Trans>No rebate is running right now.</Trans>}>
        <Link to="/promotions" search={{}}>
          <Trans>See all promotions</Trans>
        </Link>
      </EmptyState>
    )
  }
  return (
    <>
      {list.map((r) => (
        <RebateCard key={r.promotionId} rebate={r} timeZone={timeZone} />
      ))}
    </>
  )
}

export function RebatePage() {
  const { t } = useLingui()
  const viewer = useViewer()
  // The session is the browser's: the server and the hydrating page draw the wait alike.
  const hydrated = useHydrated()
  return (
    <div className="rebate-page">
      <PromotionStyles />
      <p>
        <Trans>Each game type pays its rate on your valid bets of the period.</Trans>
      </p>
      {!hydrated ? (
        <Skeleton lines={6} label={t`Loading`} />
      ) : viewer === 'member' ? (
        <MemberRebates />
      ) : viewer === 'guest' ? (
        <EmptyState title={<Trans>Rebates are paid to registered accounts.</Trans>}>
          <button
            type="button"
            className="button button-primary"
            onClick={() => openModal('needRealAccount')}
          >
            <Trans>Register</Trans>
          </button>
        </EmptyState>
      ) : (
        <EmptyState title={<Trans>Log in to see your rebate so far.</Trans>}>
          <div className="rebate-links">
            <button type="button" className="button button-primary" onClick={() => openModal('login')}>
              <Trans>Log in</Trans>
            </button>
            <button type="button" className="button" onClick={() => openModal('register')}>
              <Trans>Register</Trans>
            </button>
          </div>
        </EmptyState>
      )}
    </div>
  )
}
