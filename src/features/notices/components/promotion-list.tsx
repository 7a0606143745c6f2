import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Notice } from '#contract/content'
import { EmptyState } from '../../../components/ui/empty-state'
import { HtmlContent } from '../../../components/ui/html-content'
import './promotion-list.css'

export function PromotionList({ promotions }: { promotions: readonly Notice[] }) {
  if (promotions.length === 0) {
    return <EmptyState title={<Trans>No promotions are running right now.</Trans>} />
  }
  return (
    <ul className="card-list">
      {promotions.map((p) => (
        <li key={p.id} className="card">
          <h2>{p.title}</h2>
          <HtmlContent html={p.content} className="rich-text" />
          <Link to="/promoDetail" search={{ id: p.id }}>
            <Trans>Details</Trans>
          </Link>
        </li>
      ))}
    </ul>
  )
}
