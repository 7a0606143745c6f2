/**
 * Home, as gaming portals lay it out: the banner carousel, the notice line, the winners
 * ticker, then rows that scroll sideways (hot games, the member's recent games, each game
 * type's vendors). The popup notices open once a visit, after the first screen has settled.
 * Customer service is in the side bar, once. The server's first screen draws the same boxes
 * (server/http/shell.ts).
 *
 * Each row is memoized and given stable props, so an answer arriving redraws its own row,
 * not the page; the lottery row (countdowns, its own chunk) loads lazily behind a box of its
 * height, and the rows below the fold are drawn in tasks of their own after the first paint.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { lazy, memo, Suspense, useEffect, useMemo } from 'react'
import type { Notice } from '#contract/content'
import type { Game, VendorLane } from '#contract/games'
import type { Winner } from '#contract/play'
import { Deferred } from '../../components/ui/deferred'
import {
  hotGamesQueryOptions,
  recentGamesQueryOptions,
  winnersQueryOptions,
} from '../../features/games/api/get-home-rows'
import { vendorsQueryOptions } from '../../features/games/api/get-vendors'
import { usePageTitle } from '../../features/games/use-page-title'
import {
  announcementsPlaceholder,
  announcementsQueryOptions,
  popupNoticesQueryOptions,
} from '../../features/notify/api/get-announcements'
import { Marquee as MarqueeRow } from '../../features/notify/components/marquee'
import { brandQueryOptions } from '../../lib/brand-query'
import { openModal, openModals } from '../../lib/modal-store'
import { preloadPopup } from '../../lib/popup-registry'
import { isRealMember, useSession } from '../../lib/session'
import { statusQueryOptions } from '../../lib/status-query'
import { pickCdn } from '../../utils/cdn'
import { afterFirstScreen, yieldToMain } from '../../utils/idle'
import { BannerCarousel as BannerRow } from './banner-carousel'
import { HotGamesRow as HotRow, RecentGamesRow as RecentRow, VendorLanes as LanesRow } from './home-rows'
import { WinnersTicker as WinnersRow } from './winners-ticker'

const BannerCarousel = memo(BannerRow)
const Marquee = memo(MarqueeRow)
const WinnersTicker = memo(WinnersRow)
const HotGamesRow = memo(HotRow)
const RecentGamesRow = memo(RecentRow)
const VendorLanes = memo(LanesRow)
const HomeLotteryRow = lazy(() =>
  import('../../features/lottery/home/home-lottery-row').then((m) => ({ default: m.HomeLotteryRow })),
)

/** Stable empties, so a memoized row is not redrawn by a new `[]` on each render. */
const noNotices: readonly Notice[] = []
const noWinners: readonly Winner[] = []
const noGames: readonly Game[] = []
const noLanes: readonly VendorLane[] = []

/** The lottery row's box while its chunk loads: the same height, so nothing below moves. */
function LotteryRowPlaceholder() {
  return (
    <div className="home-row" aria-hidden="true">
      <div className="row-head">
        <span className="skeleton-line row-title-skeleton" />
      </div>
      <div className="skeleton-block lott-row-placeholder" />
    </div>
  )
}

const seenKey = 'index-notice-seen'
const openNotices = () => openModal('notice')

export function HomePage() {
  const { t, i18n } = useLingui()
  const { data: brand } = useSuspenseQuery(brandQueryOptions())
  const status = useQuery(statusQueryOptions())
  const queryClient = useQueryClient()
  const notices = useQuery({
    ...announcementsQueryOptions(i18n.locale),
    placeholderData: announcementsPlaceholder(queryClient),
  })
  const vendors = useQuery(vendorsQueryOptions())
  const hot = useQuery(hotGamesQueryOptions())
  const winners = useQuery(winnersQueryOptions())
  const s = useSession()
  const { token } = s
  const recent = useQuery({ ...recentGamesQueryOptions(), enabled: isRealMember(s) })
  const imageCdns = status.data?.info.imageCDNs
  // Picked once per list (a random host on every render would redraw every row).
  const imageHost = useMemo(() => pickCdn(imageCdns ?? []), [imageCdns])
  const currency = useMemo(
    () => ({ symbol: brand.currencySymbol, decimals: brand.currencyDecimals }),
    [brand.currencySymbol, brand.currencyDecimals],
  )
  // NOTE: the login and register routes show this page too, without the search param.
  // Only the deposit return: a popup opening (the search) does not redraw the page.
  const deposit = useSearch({ strict: false, select: (s) => ('deposit' in s ? s.deposit : undefined) })
  const navigate = useNavigate()
  usePageTitle(t`Home`)

  // Back from the payment gateway: the member sees the deposit page with the payment's
  // result (the order stays in the address, so a reload shows it again) and fresh figures.
  useEffect(() => {
    if (!deposit) return
    void queryClient.invalidateQueries({ queryKey: ['money'] })
    // In place of the return address, so Back does not come here again.
    void navigate({
      to: '/index',
      search: { popup: 'memberCentre', centre: 'depositv2', deposit },
      replace: true,
    })
  }, [deposit, queryClient, navigate])

  // The popup notices open by themselves once per visit (session storage "index notice"),
  // once the first screen has painted and settled: only then are they asked for.
  const locale = i18n.locale
  useEffect(() => {
    let live = true
    const cancel = afterFirstScreen(() => {
      try {
        if (sessionStorage.getItem(seenKey)) return
      } catch {
        return
      }
      // Its notices and code load and run first; the popup opens in a task after that.
      void queryClient
        .fetchQuery(popupNoticesQueryOptions(locale))
        .then((popups) => {
          if (popups.length === 0) throw new Error('no popup notices')
          return preloadPopup('notice')
        })
        .then(yieldToMain)
        .then(() => {
          if (!live) return
          const open = openModals()
          // Never over another popup (a /register or /login link, a tap on Log in meanwhile):
          // it opens on the next visit to the home page instead. Already open (the notice
          // line tapped, a link to it), this visit has shown it.
          if (open.length > 0 && !open.includes('notice')) return
          try {
            sessionStorage.setItem(seenKey, '1')
          } catch {
            return
          }
          openModal('notice')
        })
        // None to show, or not reachable (offline): they wait for the next visit.
        .catch(() => undefined)
    })
    return () => {
      live = false
      cancel()
    }
  }, [queryClient, locale])

  return (
    <main className="page home">
      <h1 className="visually-hidden">
        <Trans>Welcome to {brand.brandName}</Trans>
      </h1>
      {/* Taking over the server's first screen, each part is drawn in a task of its own. */}
      {/* Offline with none saved, the banners' box goes rather than staying empty. */}
      <BannerCarousel
        banners={notices.isError || (notices.isPaused && !notices.data) ? noNotices : notices.data?.banners}
        imageHost={imageHost}
      />
      <Marquee notices={notices.data?.player ?? noNotices} onOpen={openNotices} />
      <WinnersTicker list={winners.data?.list ?? noWinners} currency={currency} />
      {/* A row that cannot load shows as empty rather than loading for ever. */}
      <HotGamesRow games={hot.isError ? noGames : hot.data?.list} imageHost={imageHost} />
      {/* Its code loads in a task of its own, not inside the render of the rows above. */}
      <Deferred fallback={<LotteryRowPlaceholder />}>
        <Suspense fallback={<LotteryRowPlaceholder />}>
          <HomeLotteryRow />
        </Suspense>
      </Deferred>
      {/* Below the fold: drawn in tasks of their own after the rows above have painted. */}
      {token ? (
        <Deferred fallback={<RecentGamesRow games={undefined} imageHost={imageHost} />}>
          <RecentGamesRow games={recent.isError ? noGames : recent.data?.list} imageHost={imageHost} />
        </Deferred>
      ) : null}
      <Deferred fallback={<VendorLanes lanes={undefined} imageHost={imageHost} />}>
        <VendorLanes lanes={vendors.isError ? noLanes : vendors.data?.data.lanes} imageHost={imageHost} />
      </Deferred>
    </main>
  )
}
