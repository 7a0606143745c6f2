/**
 * The home page's rows, each a titled strip that scrolls sideways with a "See all" link:
 * hot games, the member's recent games, and the vendors of each game type with their
 * logos. A row keeps its height from the first frame (skeleton tiles while it loads, the
 * same boxes after), so nothing below it moves.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { memo, useMemo, useRef, type ReactNode } from 'react'
import { cdnUrl } from '#contract/first-screen'
import {
  gameTypeRoutes,
  type Game,
  type GameTypeRoute,
  type VendorCard,
  type VendorLane,
} from '#contract/games'
import { ScrollArrows } from '../../components/scroll-row/scroll-arrows'
import { useGrowingCount } from '../../components/ui/deferred'
import { LazyImage } from '../../components/ui/lazy-image'
import { GameTile, useOfflineHint } from '../../features/games/components/game-tile'
import { GameTypeLabel } from '../../features/games/components/game-type-label'
import { useFavorites } from '../../features/games/components/use-favorites'
import { lotteryVendorStart } from '../../features/games/launch/lottery-start'
import { gameTypeNames } from '../../lib/game-type-names'
import { openModal } from '../../lib/modal-store'
import '../../features/games/components/games-page.css'

function RowHead({ id, title, more }: { id: string; title: ReactNode; more?: ReactNode }) {
  return (
    <div className="row-head">
      <h2 id={id} className="row-title">
        {title}
      </h2>
      {more}
    </div>
  )
}

/** The lobby of a row's games (its first vendor's tab). */
function SeeAll({ to, label }: { to: GameTypeRoute; label: string }) {
  return (
    <Link to={to} search={{ page: undefined }} className="row-more" aria-label={label}>
      <Trans>See all</Trans>
      <span aria-hidden="true"> ›</span>
    </Link>
  )
}

function TileSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="game-tile game-tile-skeleton" aria-hidden="true">
          <span className="game-tile-art skeleton-block" />
          <span className="skeleton-line" />
        </li>
      ))}
    </>
  )
}

/** A row's tiles drawn with the row: what a phone shows, and a few more to swipe to. */
const tilesFirst = 6

/** A strip of game tiles (launch, badges and hearts are the lobby's own GameTile). */
function GameStrip({
  games,
  imageHost,
  label,
  empty,
}: {
  games: readonly Game[] | undefined
  imageHost: string
  label: string
  empty: ReactNode
}) {
  const { t } = useLingui()
  const { favorite, busy, toggle } = useFavorites()
  const { hint, hintId } = useOfflineHint()
  // The tiles a phone shows first, then the rest of the row a task later.
  const shown = useGrowingCount(games?.length ?? 0, tilesFirst)
  const row = useRef<HTMLUListElement>(null)
  if (!games) {
    return (
      <div role="status" aria-busy="true" className="row-status">
        <span className="visually-hidden">{t`Loading games…`}</span>
        <ul className="game-row" aria-hidden="true">
          <TileSkeletons count={6} />
        </ul>
      </div>
    )
  }
  if (games.length === 0) return <p className="row-empty">{empty}</p>
  return (
    <>
      {hint}
      <div className="scroll-row">
        <ul ref={row} className="game-row" aria-label={label}>
          {games.slice(0, shown).map((g) => (
            <GameTile
              key={g.gameId}
              game={g}
              imageHost={imageHost}
              favorite={favorite.has(g.gameId)}
              favoriteBusy={busy(g.gameId)}
              onFavorite={toggle}
              offlineHintId={hintId}
            />
          ))}
        </ul>
        {/* The row's ends, as they are now: the arrows watch these tiles. */}
        <ScrollArrows
          row={row}
          items={`${shown}|${games[0]?.gameId ?? ''}|${games[Math.min(shown, games.length) - 1]?.gameId ?? ''}`}
        />
      </div>
    </>
  )
}

export function HotGamesRow({ games, imageHost }: { games: readonly Game[] | undefined; imageHost: string }) {
  const { t } = useLingui()
  const name = t`Hot games`
  return (
    <section className="home-row" aria-labelledby="hot-games-title">
      <RowHead
        id="hot-games-title"
        title={
          <>
            <span className="row-flame" aria-hidden="true" />
            <Trans>Hot games</Trans>
          </>
        }
        more={<SeeAll to="/rng" label={t`See all: ${name}`} />}
      />
      <GameStrip
        games={games}
        imageHost={imageHost}
        label={name}
        empty={<Trans>No hot games right now.</Trans>}
      />
    </section>
  )
}

export function RecentGamesRow({
  games,
  imageHost,
}: {
  games: readonly Game[] | undefined
  imageHost: string
}) {
  const { t } = useLingui()
  return (
    <section className="home-row" aria-labelledby="recent-games-title">
      <RowHead id="recent-games-title" title={<Trans>Recently played</Trans>} />
      <GameStrip
        games={games}
        imageHost={imageHost}
        label={t`Recently played`}
        empty={<Trans>The games you play will show here.</Trans>}
      />
    </section>
  )
}

function VendorChipFace({ vendor: v, imageHost }: { vendor: VendorCard; imageHost: string }) {
  return (
    <>
      <LazyImage src={cdnUrl(imageHost, v.logo)} alt="" width={120} height={60} />
      <span className="vendor-chip-name">{v.displayName}</span>
      {v.isHot ? (
        <span className="vendor-chip-hot">
          <Trans>Hot</Trans>
        </span>
      ) : null}
      {v.maintenance ? (
        <span className="vendor-chip-off">
          <Trans>Maintenance</Trans>
        </span>
      ) : null}
    </>
  )
}

/** One game type's vendors, with their logos, each opening its lobby tab (lottery: its start). */
/** Memoized: the lanes grow one a task (useGrowingCount), and each redraws only itself. */
const VendorLaneRow = memo(function VendorLaneRow({
  lane,
  imageHost,
}: {
  lane: VendorLane
  imageHost: string
}) {
  const { t, i18n } = useLingui()
  const name = i18n._(gameTypeNames[lane.gameType])
  const to = gameTypeRoutes[lane.gameType]
  const id = `lane-${lane.gameType}`
  const row = useRef<HTMLUListElement>(null)
  return (
    <section className="home-row" aria-labelledby={id}>
      <RowHead
        id={id}
        title={<GameTypeLabel type={lane.gameType} />}
        more={<SeeAll to={to} label={t`See all: ${name}`} />}
      />
      <div className="scroll-row">
        <ul ref={row} className="vendor-row">
          {lane.cards.map((v) => {
            // Lottery vendors start by the lottery start rule (spec section 4), not a lobby tab.
            const start = lotteryVendorStart({ ...v, gameType: lane.gameType })
            const inner = <VendorChipFace vendor={v} imageHost={imageHost} />
            return (
              <li key={v.vassalage}>
                {start?.kind === 'games' ? (
                  <button
                    type="button"
                    className="vendor-chip"
                    onClick={() => openModal('gamePopup', { vendor: start.vendor })}
                  >
                    {inner}
                  </button>
                ) : (
                  <Link {...(start?.link ?? { to, search: { page: v.vassalage } })} className="vendor-chip">
                    {inner}
                  </Link>
                )}
              </li>
            )
          })}
        </ul>
        <ScrollArrows row={row} items={lane.cards} />
      </div>
    </section>
  )
})

export function VendorLanes({
  lanes,
  imageHost,
}: {
  lanes: readonly VendorLane[] | undefined
  imageHost: string
}) {
  const { t } = useLingui()
  const drawn = useMemo(() => (lanes ?? []).filter((l) => l.cards.length > 0), [lanes])
  // A lane a task: the lanes arrive together, and most are below the fold.
  const shown = useGrowingCount(drawn.length, 1)
  if (!lanes) {
    return (
      <div role="status" aria-busy="true" className="row-status">
        <span className="visually-hidden">{t`Loading`}</span>
        {[0, 1].map((i) => (
          <div key={i} className="home-row" aria-hidden="true">
            <div className="row-head">
              <span className="skeleton-line row-title-skeleton" />
            </div>
            <ul className="vendor-row">
              {Array.from({ length: 4 }, (_, j) => (
                <li key={j}>
                  <span className="vendor-chip vendor-chip-skeleton skeleton-block" />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    )
  }
  return (
    <>
      {drawn.slice(0, shown).map((lane) => (
        <VendorLaneRow key={lane.gameType} lane={lane} imageHost={imageHost} />
      ))}
    </>
  )
}
