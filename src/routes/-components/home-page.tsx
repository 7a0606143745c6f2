/**
 * Home: banners, the notice line, the popup notices once a visit, hot game providers and
 * customer service.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import { LazyImage } from '../../components/ui/lazy-image'
import { Skeleton } from '../../components/ui/skeleton'
import { openModal } from '../../lib/modal-store'
import { cdnUrl, pickCdn } from '../../utils/cdn'
import { brandQueryOptions } from '../../lib/brand-query'
import { statusQueryOptions } from '../../lib/status-query'
import { CustomerServiceList } from '../../features/brand/components/customer-service-list'
import { vendorsQueryOptions } from '../../features/games/api/get-vendors'
import { gameTypeRoute } from '../../features/games/game-types'
import { announcementsQueryOptions } from '../../features/notices/api/get-announcements'
import { Marquee } from '../../features/notices/components/marquee'
import './home-page.css'

const seenKey = 'index-notice-seen'

export function HomePage() {
  const { t, i18n } = useLingui()
  const { data: brand } = useSuspenseQuery(brandQueryOptions())
  const status = useQuery(statusQueryOptions())
  const notices = useQuery(announcementsQueryOptions(i18n.locale))
  const vendors = useQuery(vendorsQueryOptions())
  const imageHost = pickCdn(status.data?.info.imageCDNs ?? [])
  const hot = (vendors.data?.data.lanes ?? []).flatMap((l) => l.cards).filter((c) => c.isHot)
  // NOTE: the login and register routes show this page too, without the search param.
  const search = useSearch({ strict: false })
  const deposit = 'deposit' in search ? search.deposit : undefined
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  // Back from the payment gateway: the member sees the deposit page with fresh figures.
  useEffect(() => {
    if (!deposit) return
    void queryClient.invalidateQueries({ queryKey: ['money'] })
    // In place of the return address, so Back does not come here again.
    void navigate({ to: '/index', search: { popup: 'memberCentre', centre: 'depositv2' }, replace: true })
  }, [deposit, queryClient, navigate])

  // The popup notices open by themselves once per visit (session storage "index notice").
  const popupCount = notices.data?.popup.length ?? 0
  useEffect(() => {
    if (popupCount === 0) return
    try {
      if (sessionStorage.getItem(seenKey)) return
      sessionStorage.setItem(seenKey, '1')
    } catch {
      return
    }
    openModal('notice')
  }, [popupCount])

  return (
    <main className="page">
      <Marquee notices={notices.data?.player ?? []} onOpen={() => openModal('notice')} />
      <section className="card hero">
        <h1>
          <Trans>Welcome to {brand.brandName}</Trans>
        </h1>
        <p>
          <Trans>
            Lottery, live casino, sports, slots, fish and card games. Balances in {brand.currency} (
            {brand.currencySymbol}).
          </Trans>
        </p>
        <div className="banners">
          {notices.data?.banners.map((b) => (
            <p key={b.id} className="banner">
              <strong>{b.title}</strong> {b.content.replace(/<[^>]*>/g, '')}
            </p>
          ))}
        </div>
        <button type="button" className="button" onClick={() => openModal('notice')}>
          <Trans>Announcements</Trans>
        </button>
      </section>
      <section className="card" aria-labelledby="hot-title">
        <h2 id="hot-title">
          <Trans>Popular providers</Trans>
        </h2>
        {vendors.data ? (
          <ul className="vendor-grid">
            {hot.map((v) => (
              <li key={`${v.gameType}-${v.vassalage}`}>
                <Link to={gameTypeRoute[v.gameType]} search={{ page: v.vassalage }} className="vendor-card">
                  <LazyImage src={cdnUrl(imageHost, v.logo)} alt="" width={120} height={60} />
                  <span>{v.displayName}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <div className="vendor-grid-placeholder">
            <Skeleton lines={4} label={t`Loading`} />
          </div>
        )}
      </section>
      {status.data ? <CustomerServiceList entries={status.data.info.customerService} /> : null}
    </main>
  )
}
