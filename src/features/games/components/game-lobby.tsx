/**
 * A tab's lobby: a vendor's games (name search, RNG sub-type chips, the grid), or the
 * member's favourite games of this page's types.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import {
  maxGameSearchLength,
  rngSubTypes,
  type GameClassify,
  type GameType,
  type VendorCard,
} from '#contract/games'
import { ApiError } from '../../../lib/api-client'
import { favoriteListInfiniteOptions } from '../api/get-favorites'
import { gameListInfiniteOptions } from '../api/get-game-list'
import { searchDelayMs, useDebounced } from '../use-debounced'
import { FeaturedMatches } from './featured-matches'
import { GameGrid } from './game-grid'
import { gameClassifyNames } from './game-type-label'

export function VendorLobby({ vendor, imageHost }: { vendor: VendorCard; imageHost: string }) {
  const { t, i18n } = useLingui()
  const [typed, setTyped] = useState('')
  const [classify, setClassify] = useState<GameClassify | undefined>(undefined)
  const searchId = useId()
  const errorId = useId()
  const term = useDebounced(typed.trim(), searchDelayMs)
  const tooLong = typed.trim().length > maxGameSearchLength
  const query = useInfiniteQuery({
    ...gameListInfiniteOptions({
      gameType: vendor.gameType,
      vassalage: vendor.vassalage,
      gameClassify: classify,
      gameName: term || undefined,
    }),
    enabled: !vendor.maintenance && term.length <= maxGameSearchLength,
    // While a new search or sub-type loads, the last games stay in place (no flash).
    placeholderData: keepPreviousData,
  })

  if (vendor.maintenance) {
    return (
      <section className="lobby" aria-labelledby="vendor-title">
        <h2 id="vendor-title" className="lobby-title">
          {vendor.displayName}
        </h2>
        <div className="lobby-maintenance" role="status">
          <p className="lobby-maintenance-title">
            <Trans>{vendor.displayName} is under maintenance.</Trans>
          </p>
          <p>
            <Trans>Its games are not available right now. Please try another provider.</Trans>
          </p>
        </div>
      </section>
    )
  }

  return (
    <section className="lobby" aria-labelledby="vendor-title">
      <h2 id="vendor-title" className="lobby-title">
        {vendor.displayName}
      </h2>
      {vendor.gameType === 'SPORTS' || vendor.gameType === 'ESPORTS' ? (
        <FeaturedMatches
          gameType={vendor.gameType}
          vassalage={vendor.vassalage}
          game={query.data?.pages[0]?.list.find((g) => g.isGame === 'GAME')}
        />
      ) : null}
      <div className="lobby-tools">
        <label htmlFor={searchId} className="visually-hidden">
          {t`Search games`}
        </label>
        <input
          id={searchId}
          type="search"
          className="lobby-search"
          placeholder={t`Search games`}
          value={typed}
          autoComplete="off"
          enterKeyHint="search"
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? errorId : undefined}
          onChange={(e) => setTyped(e.target.value)}
        />
        {tooLong ? (
          <p id={errorId} role="alert" className="form-error">
            {t`Search with at most ${maxGameSearchLength} characters.`}
          </p>
        ) : null}
      </div>
      {vendor.gameType === 'RNG' ? (
        <div className="lobby-chips" role="group" aria-label={t`Game kind`}>
          <button
            type="button"
            className="lobby-chip"
            aria-pressed={classify === undefined}
            onClick={() => setClassify(undefined)}
          >
            <Trans>All</Trans>
          </button>
          {rngSubTypes.map((c) => (
            <button
              key={c}
              type="button"
              className="lobby-chip"
              aria-pressed={classify === c}
              onClick={() => setClassify(c)}
            >
              {i18n._(gameClassifyNames[c])}
            </button>
          ))}
        </div>
      ) : null}
      {tooLong ? null : (
        <GameGrid
          query={query}
          imageHost={imageHost}
          label={t`${vendor.displayName} games`}
          refusal={(err) =>
            term && err instanceof ApiError && err.errorCode === 'validation_failed'
              ? t`This search cannot be used. Try other words.`
              : undefined
          }
          empty={
            term ? <Trans>No games match “{term}”.</Trans> : <Trans>No games are listed here yet.</Trans>
          }
        />
      )}
    </section>
  )
}

export function FavoriteLobby({ types, imageHost }: { types: readonly GameType[]; imageHost: string }) {
  const { t } = useLingui()
  const query = useInfiniteQuery(favoriteListInfiniteOptions())
  return (
    <section className="lobby" aria-labelledby="vendor-title">
      <h2 id="vendor-title" className="lobby-title">
        <Trans>Favourites</Trans>
      </h2>
      <GameGrid
        query={query}
        imageHost={imageHost}
        label={t`Favourite games`}
        keep={(g) => types.includes(g.gameType)}
        empty={<Trans>No favourite games here yet. Tap the heart on a game to keep it here.</Trans>}
      />
    </section>
  )
}
