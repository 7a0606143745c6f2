import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { safeId } from '../-components/search'
import { EmptyState } from '../../components/ui/empty-state'
import { HtmlContent } from '../../components/ui/html-content'
import { Skeleton } from '../../components/ui/skeleton'
import { announcementsQueryOptions } from '../../features/notify/api/get-announcements'

export const Route = createFileRoute('/_main/promoDetail')({
  validateSearch: (s: Record<string, unknown>) => ({ id: safeId(s.id) }),
  component: PromoDetail,
})

function PromoDetail() {
  const { t, i18n } = useLingui()
  const { id } = Route.useSearch()
  const notices = useQuery(announcementsQueryOptions(i18n.locale))
  const promo = notices.data?.promotion.find((p) => p.id === id)
  return (
    <main className="page">
      {!notices.data ? (
        <Skeleton label={t`Loading`} />
      ) : promo ? (
        <article className="card">
          <h1>{promo.title}</h1>
          <HtmlContent html={promo.content} className="rich-text" />
        </article>
      ) : (
        <EmptyState title={<Trans>This promotion is no longer available.</Trans>}>
          <Link to="/promotions">
            <Trans>See all promotions</Trans>
          </Link>
        </EmptyState>
      )}
    </main>
  )
}
