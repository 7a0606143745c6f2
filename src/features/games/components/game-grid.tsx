/**
 * A lobby's game grid over an infinite query: skeleton tiles while the first page loads,
 * the error or the empty state, then the tiles and, while more remain, a sentinel that
 * loads the next page as it scrolls into view and a "Load more" button for when it cannot.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { useEffect, useRef, type ReactNode } from 'react'
import { eagerGameTiles } from '#contract/first-screen'
import type { Game } from '#contract/games'
import { EmptyState } from '../../../components/ui/empty-state'
import { errorText } from '../../../lib/error-messages'
import { GameTile, useOfflineHint } from './game-tile'
import { useFavorites } from './use-favorites'

interface GamePage {
  list: Game[]
  total: number
}

export interface GameGridProps {
  query: UseInfiniteQueryResult<InfiniteData<GamePage>>
  imageHost: string
  label: string
  empty: ReactNode
  /** Keeps only some games (the favourites of this page's types). */
  keep?: (game: Game) => boolean
  /** The lobby's own words for a refusal (a search the server cannot take), else the code's. */
  refusal?: (err: unknown) => string | undefined
}

export function GameGrid({ query, imageHost, label, empty, keep, refusal }: GameGridProps) {
  const { t, i18n } = useLingui()
  const { favorite, busy, toggle } = useFavorites()
  const { hint, hintId } = useOfflineHint()
  const sentinel = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query

  useEffect(() => {
    const el = sentinel.current
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
      },
      { rootMargin: '400px 0px' },
    )
    io.observe(el)
    return () => io.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  if (query.isPending) {
    // Keyed, so the list that replaces it never reuses this box for the "Load more" below
    // the games (a box moving from the top of the grid to its end counts as a layout shift).
    return (
      <div key="pending" role="status" aria-busy="true" className="game-grid-status">
        <span className="visually-hidden">{t`Loading games…`}</span>
        <ul className="game-grid" aria-hidden="true">
          {Array.from({ length: 12 }, (_, i) => (
            <li key={i} className="game-tile game-tile-skeleton">
              <span className="game-tile-art skeleton-block" />
              <span className="skeleton-line" />
            </li>
          ))}
        </ul>
      </div>
    )
  }
  if (!query.data) {
    return (
      <EmptyState title={refusal?.(query.error) ?? errorText(i18n, query.error)}>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </EmptyState>
    )
  }
  const all = query.data.pages.flatMap((p) => p.list).filter((g) => (keep ? keep(g) : true))
  const games = all
  return (
    <>
      {games.length === 0 ? null : hint}
      {games.length === 0 && !hasNextPage ? (
        <EmptyState title={empty} />
      ) : (
        <ul className="game-grid" aria-label={label}>
          {games.map((g, i) => (
            <GameTile
              key={g.gameId}
              eager={i < eagerGameTiles}
              game={g}
              imageHost={imageHost}
              favorite={favorite.has(g.gameId)}
              favoriteBusy={busy(g.gameId)}
              onFavorite={toggle}
              offlineHintId={hintId}
            />
          ))}
        </ul>
      )}
      {hasNextPage ? (
        <div key="more" ref={sentinel} className="game-grid-more">
          <button
            type="button"
            className="button"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
          </button>
        </div>
      ) : null}
      {query.isFetchNextPageError ? (
        <p role="alert" className="form-error">
          {errorText(i18n, query.error)}
        </p>
      ) : null}
    </>
  )
}
