import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PromotionCategorySchema, type PromotionCategory } from '#contract/promotions'
import {
  type DialogSearch,
  validateDialogSearch,
} from '../../features/promotions/components/promotion-dialogs'
import { PromotionList } from '../../features/promotions/components/promotion-list'

export const Route = createFileRoute('/_main/promotions')({
  // The chosen type stays in the URL, so Back returns to it; an unknown one is no filter (an
  // undefined key, so the raw value is not kept).
  validateSearch: (s: Record<string, unknown>): { type?: PromotionCategory | undefined } & DialogSearch => {
    const type = PromotionCategorySchema.safeParse(s.type)
    return { type: type.success ? type.data : undefined, ...validateDialogSearch(s) }
  },
  component: Promotions,
})

function Promotions() {
  const { type } = Route.useSearch()
  return (
    <main className="page">
      <h1>
        <Trans>Promotions</Trans>
      </h1>
      <PromotionList category={type} />
    </main>
  )
}
