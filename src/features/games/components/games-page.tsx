/**
 * One games page for every game type: vendor tabs (each pushes ?page=<vendor>, so Back
 * returns to the previous tab), a Favourites tab for members, and the chosen tab's lobby.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { cdnUrl } from '#contract/first-screen'
import { gameTypeRoutes, type GameType, type VendorLane } from '#contract/games'
import { ScrollArrows } from '../../../components/scroll-row/scroll-arrows'
import { EmptyState } from '../../../components/ui/empty-state'
import { gameTypeNames } from '../../../lib/game-type-names'
import { useSession } from '../../../lib/session'
import { favoritesTab } from '../game-types'
import { usePageTitle } from '../use-page-title'
import { FavoriteLobby, VendorLobby } from './game-lobby'
import './games-page.css'

export interface GamesPageProps {
  types: readonly GameType[]
  lanes: readonly VendorLane[]
  page: string | undefined
  imageHost: string
}

export function GamesPage({ types, lanes, page, imageHost }: GamesPageProps) {
  const { t, i18n } = useLingui()
  const { token } = useSession()
  const cards = lanes.filter((l) => types.includes(l.gameType)).flatMap((l) => l.cards)
  const mainType = types[0] ?? 'RNG'
  const title = i18n._(gameTypeNames[mainType])
  usePageTitle(title)
  const showFavorites = !!token && page === favoritesTab
  const selected = showFavorites ? undefined : (cards.find((c) => c.vassalage === page) ?? cards[0])
  const to = gameTypeRoutes[mainType]
  const tabs = useRef<HTMLElement>(null)
  const current = showFavorites ? favoritesTab : selected?.vassalage
  const tabCount = cards.length + (token ? 1 : 0)
  useEffect(() => {
    // A tab opened by its link (the 8th vendor, say) is scrolled into the strip's view. The
    // first tab is in view already. Scrolling needs the page's layout: it waits for the next
    // frame, which lays the page out anyway, instead of forcing a layout of its own inside
    // the task that runs the effects (after hydration, a layout of the whole page).
    const el = tabs.current?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!el || !el.previousElementSibling) return
    const frame = requestAnimationFrame(() => el.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }))
    return () => cancelAnimationFrame(frame)
  }, [current])
  return (
    <main className="page games-page">
      <h1 className="games-title">{title}</h1>
      {cards.length === 0 ? (
        <EmptyState title={<Trans>No game providers are available here yet.</Trans>} />
      ) : (
        <>
          <div className="scroll-row">
            <nav ref={tabs} aria-label={t`Game providers`} className="vendor-tabs">
              {token ? (
                <Link
                  to={to}
                  search={{ page: favoritesTab }}
                  className="vendor-tab vendor-tab-fav"
                  aria-current={showFavorites ? 'page' : undefined}
                >
                  <span className="vendor-tab-icon" aria-hidden="true">
                    ♥
                  </span>
                  <span className="vendor-tab-name">
                    <Trans>Favourites</Trans>
                  </span>
                </Link>
              ) : null}
              {cards.map((c) => (
                <Link
                  key={c.vassalage}
                  to={to}
                  search={{ page: c.vassalage }}
                  className="vendor-tab"
                  aria-current={c.vassalage === selected?.vassalage ? 'page' : undefined}
                >
                  <img src={cdnUrl(imageHost, c.logo)} alt="" width={60} height={30} />
                  <span className="vendor-tab-name">{c.displayName}</span>
                  {c.maintenance ? (
                    <span className="vendor-tab-mark">
                      <Trans>Maintenance</Trans>
                    </span>
                  ) : null}
                </Link>
              ))}
            </nav>
            <ScrollArrows
              row={tabs}
              items={`${tabCount}|${cards[0]?.vassalage ?? ''}|${cards.at(-1)?.vassalage ?? ''}`}
            />
          </div>
          {showFavorites ? (
            <FavoriteLobby types={types} imageHost={imageHost} />
          ) : selected ? (
            <VendorLobby key={selected.vassalage} vendor={selected} imageHost={imageHost} />
          ) : null}
        </>
      )}
    </main>
  )
}
