import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { Skeleton } from '../../components/ui/skeleton'
import { announcementsQueryOptions } from '../../features/notify/api/get-announcements'
import { PromotionList } from '../../features/notify/components/promotion-list'

export const Route = createFileRoute('/_main/promotions')({
  component: Promotions,
})

function Promotions() {
  const { t, i18n } = useLingui()
  const notices = useQuery(announcementsQueryOptions(i18n.locale))
  return (
    <main className="page">
      <h1>
        <Trans>Promotions</Trans>
      </h1>
      {notices.data ? <PromotionList promotions={notices.data.promotion} /> : <Skeleton label={t`Loading`} />}
    </main>
  )
}
