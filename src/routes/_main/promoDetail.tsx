import { createFileRoute } from '@tanstack/react-router'
import { safeId } from '../-components/search'
import { PromotionDetail } from '../../features/promotions/components/promotion-detail'
import { validateDialogSearch } from '../../features/promotions/components/promotion-dialogs'

export const Route = createFileRoute('/_main/promoDetail')({
  validateSearch: (s: Record<string, unknown>) => ({ id: safeId(s.id), ...validateDialogSearch(s) }),
  component: PromoDetail,
})

function PromoDetail() {
  const { id } = Route.useSearch()
  return (
    <main className="page">
      <PromotionDetail id={id} />
    </main>
  )
}
