/**
 * The promotions page: the spec's type filter as chips (the categories that have a
 * promotion, in the filter's order), then each promotion as a card with its art, its title,
 * its reward in a line, its countdown and its state as its button.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Promotion, PromotionCategory } from '#contract/promotions'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { promotionCategoriesQueryOptions, promotionsQueryOptions } from '../api/get-promotions'
import { Countdown } from './countdown'
import { PromotionAction } from './promotion-action'
import { PromotionArt } from './promotion-art'
import { PromotionDates } from './promotion-dates'
import { PromotionDialogs } from './promotion-dialogs'
import { PromotionStyles } from './promotion-styles'
import { categoryNames, rewardSummary } from './promotion-text'
import { SignUpProgress } from './sign-up-progress'
import { useBrandCurrency } from './use-brand-currency'
import { useViewer, type Viewer } from './use-viewer'

function Chips({ category }: { category: PromotionCategory | undefined }) {
  const { t, i18n } = useLingui()
  const categories = useQuery(promotionCategoriesQueryOptions()).data?.list ?? []
  return (
    <nav className="promotion-chips" aria-label={t`Promotion types`}>
      <ul>
        <li>
          <Link
            to="/promotions"
            search={{}}
            className="chip"
            aria-current={category === undefined ? 'page' : undefined}
          >
            <Trans>All</Trans>
          </Link>
        </li>
        {categories.map((c) => (
          <li key={c.category}>
            <Link
              to="/promotions"
              search={{ type: c.category }}
              className="chip"
              aria-current={category === c.category ? 'page' : undefined}
            >
              {i18n._(categoryNames[c.category])}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function PromotionCard({
  promotion: p,
  viewer,
  index,
  timeZone,
}: {
  promotion: Promotion
  viewer: Viewer
  index: number
  /** The brand's, which the dates are written in. */
  timeZone: string
}) {
  const { i18n } = useLingui()
  const currency = useBrandCurrency()
  return (
    <li className="card promotion-card">
      <Link
        to="/promoDetail"
        search={{ id: p.id }}
        tabIndex={-1}
        aria-hidden="true"
        className="promotion-art-link"
      >
        <PromotionArt promotion={p} eager={index === 0} />
      </Link>
      <div className="promotion-body">
        <p className="promotion-category">{i18n._(categoryNames[p.category])}</p>
        <h2 id={`promotion-${p.id}`}>
          <Link to="/promoDetail" search={{ id: p.id }}>
            {p.title}
          </Link>
        </h2>
        <p className="promotion-summary">{rewardSummary(i18n, p, currency)}</p>
        <PromotionDates promotion={p} timeZone={timeZone} />
        <Countdown promotion={p} timeZone={timeZone} />
        {p.state === 'signedUp' && p.progress ? <SignUpProgress progress={p.progress} /> : null}
        <PromotionAction promotion={p} viewer={viewer} place="card" />
      </div>
    </li>
  )
}

export function PromotionList({ category }: { category: PromotionCategory | undefined }) {
  const { t, i18n } = useLingui()
  const viewer = useViewer()
  const list = useQuery(promotionsQueryOptions(viewer === 'member', i18n.locale, category))
  return (
    <>
      <PromotionStyles />
      <Chips category={category} />
      {list.data ? (
        list.data.list.length === 0 ? (
          <EmptyState title={<Trans>No promotions are running right now.</Trans>}>
            {category ? (
              <Link to="/promotions" search={{}}>
                <Trans>See all promotions</Trans>
              </Link>
            ) : null}
          </EmptyState>
        ) : (
          <ul className="card-list promotion-list">
            {list.data.list.map((p, i) => (
              <PromotionCard
                key={p.id}
                promotion={p}
                viewer={viewer}
                index={i}
                timeZone={list.data.timeZone}
              />
            ))}
          </ul>
        )
      ) : list.isError ? (
        <EmptyState title={<Trans>The promotions could not be loaded.</Trans>}>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </EmptyState>
      ) : (
        <Skeleton label={t`Loading`} />
      )}
      {list.data ? <PromotionDialogs promotions={list.data.list} /> : null}
    </>
  )
}
