import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { cdnUrl, fallbackBannerArt } from '#contract/first-screen'
import type { Promotion } from '#contract/promotions'
import { statusQueryOptions } from '../../../lib/status-query'
import { pickCdn } from '../../../utils/cdn'

/**
 * The promotion's art: the operator's from the brand's CDN, else one of the generated
 * drawings (as the home page's banners). Its box is set before it loads, so nothing moves.
 */
export function PromotionArt({ promotion, eager }: { promotion: Promotion; eager: boolean }) {
  const imageCdns = useQuery(statusQueryOptions()).data?.info.imageCDNs
  const imageHost = useMemo(() => pickCdn(imageCdns ?? []), [imageCdns])
  return (
    <img
      className="promotion-art"
      src={promotion.imageUrl ? cdnUrl(imageHost, promotion.imageUrl) : fallbackBannerArt(promotion.id)}
      alt=""
      width={1080}
      height={300}
      decoding="async"
      loading={eager ? 'eager' : 'lazy'}
    />
  )
}
