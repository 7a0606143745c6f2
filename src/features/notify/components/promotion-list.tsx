import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import type { Notice } from '#contract/content'
import { cdnUrl, fallbackBannerArt } from '#contract/first-screen'
import { EmptyState } from '../../../components/ui/empty-state'
import { HtmlContent } from '../../../components/ui/html-content'
import { statusQueryOptions } from '../../../lib/status-query'
import { pickCdn } from '../../../utils/cdn'
import { PromotionListStyles } from './promotion-list-styles'

/**
 * The running promotions as portals show them: each one's art (the operator's, else one of
 * the generated drawings, as the home page's banners), its title and text, and a button to
 * its details. The art has its box before it loads, so nothing below it moves.
 */
export function PromotionList({ promotions }: { promotions: readonly Notice[] }) {
  const imageCdns = useQuery(statusQueryOptions()).data?.info.imageCDNs
  const imageHost = useMemo(() => pickCdn(imageCdns ?? []), [imageCdns])
  if (promotions.length === 0) {
    return <EmptyState title={<Trans>No promotions are running right now.</Trans>} />
  }
  return (
    <ul className="card-list promotion-list">
      <PromotionListStyles />
      {promotions.map((p, i) => (
        <li key={p.id} className="card promotion-card">
          <img
            className="promotion-art"
            src={p.imageUrl ? cdnUrl(imageHost, p.imageUrl) : fallbackBannerArt(i)}
            alt=""
            width={1080}
            height={300}
            decoding="async"
            loading={i === 0 ? 'eager' : 'lazy'}
          />
          <div className="promotion-body">
            <h2 id={`promotion-${p.id}`}>{p.title}</h2>
            <HtmlContent html={p.content} className="rich-text" />
            {/* One "Details" per promotion: each says which one it opens. */}
            <Link
              to="/promoDetail"
              search={{ id: p.id }}
              className="button button-primary promotion-details"
              aria-describedby={`promotion-${p.id}`}
            >
              <Trans>Details</Trans>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  )
}
