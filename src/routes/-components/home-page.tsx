/**
 * Home, as gaming portals lay it out: the banner carousel, the notice line, the winners
 * ticker, then rows that scroll sideways (hot games, the member's recent games, each game
 * type's vendors). The popup notices open once a visit. Customer service is in the side
 * bar, once. The server's first screen draws the same boxes (server/http/shell.ts).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import { openModal } from '../../lib/modal-store'
import { useSession } from '../../lib/session'
import { pickCdn } from '../../utils/cdn'
import { brandQueryOptions } from '../../lib/brand-query'
import { statusQueryOptions } from '../../lib/status-query'
import { vendorsQueryOptions } from '../../features/games/api/get-vendors'
import {
  hotGamesQueryOptions,
  recentGamesQueryOptions,
  winnersQueryOptions,
} from '../../features/games/api/get-home-rows'
import { usePageTitle } from '../../features/games/use-page-title'
import { announcementsQueryOptions } from '../../features/notices/api/get-announcements'
import { Marquee } from '../../features/notices/components/marquee'
import { BannerCarousel } from './banner-carousel'
import { HomeLotteryRow } from '../../features/lottery/home/home-lottery-row'
import { HotGamesRow, RecentGamesRow, VendorLanes } from './home-rows'
import { WinnersTicker } from './winners-ticker'

const seenKey = 'index-notice-seen'

export function HomePage() {
  const { t, i18n } = useLingui()
  const { data: brand } = useSuspenseQuery(brandQueryOptions())
  const status = useQuery(statusQueryOptions())
  const notices = useQuery(announcementsQueryOptions(i18n.locale))
  const vendors = useQuery(vendorsQueryOptions())
  const hot = useQuery(hotGamesQueryOptions())
  const winners = useQuery(winnersQueryOptions())
  const { token } = useSession()
  const recent = useQuery({ ...recentGamesQueryOptions(), enabled: token !== null })
  const imageHost = pickCdn(status.data?.info.imageCDNs ?? [])
  // NOTE: the login and register routes show this page too, without the search param.
  const search = useSearch({ strict: false })
  const deposit = 'deposit' in search ? search.deposit : undefined
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  usePageTitle(t`Home`)

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
    <main className="page home">
      <h1 className="visually-hidden">
        <Trans>Welcome to {brand.brandName}</Trans>
      </h1>
      <BannerCarousel banners={notices.data?.banners ?? []} imageHost={imageHost} />
      <Marquee notices={notices.data?.player ?? []} onOpen={() => openModal('notice')} />
      <WinnersTicker
        list={winners.data?.list ?? []}
        currency={{ symbol: brand.currencySymbol, decimals: brand.currencyDecimals }}
      />
      {/* A row that cannot load shows as empty rather than loading for ever. */}
      <HotGamesRow games={hot.isError ? [] : hot.data?.list} imageHost={imageHost} />
      <HomeLotteryRow />
      {token ? (
        <RecentGamesRow games={recent.isError ? [] : recent.data?.list} imageHost={imageHost} />
      ) : null}
      <VendorLanes lanes={vendors.isError ? [] : vendors.data?.data.lanes} imageHost={imageHost} />
    </main>
  )
}
