/**
 * One game in a lobby grid: the art and name (a button that starts the game, spec section
 * 4: launch/use-launch-game.ts), Hot and New badges, and, where the grid keeps favourites,
 * a heart that keeps it in favourites.
 *
 * The button's name is its visible text in reading order, the game's name first, then the
 * badges (text "Lucky Lotus Hot", name "Lucky Lotus, Hot"), so a player who says what they
 * see reaches it. Offline the
 * button is disabled and described by the list's reason (useOfflineHint).
 */
import { useLingui } from '@lingui/react/macro'
import { Fragment, memo, useId, type ReactNode } from 'react'
import { cdnUrl } from '#contract/first-screen'
import type { Game } from '#contract/games'
import { LazyImage } from '../../../components/ui/lazy-image'
import { NeedsNetwork } from '../../../components/ui/needs-network'
import { useOnline } from '../../../lib/network'
import { useLaunchGame } from '../launch/use-launch-game'

/**
 * Why a list's tiles cannot start a game while offline: `hint` goes above the list (it
 * shows only offline) and `hintId` to each tile, as the deposit form does for its submit.
 */
export function useOfflineHint(): { hintId: string; hint: ReactNode } {
  const online = useOnline()
  const hintId = useId()
  return { hintId, hint: <NeedsNetwork id={hintId} online={online} /> }
}

export interface GameTileProps {
  game: Game
  imageHost: string
  /** The heart: left out where favourites are not offered (the maintenance suggestions). */
  favorite?: boolean
  favoriteBusy?: boolean
  onFavorite?: (game: Game, favorite: boolean) => void
  /** The list's offline reason (useOfflineHint), read with the disabled button. */
  offlineHintId?: string
  /** In the first rows: its art loads at once rather than as it nears the screen. */
  eager?: boolean
}

/**
 * Memoized: a row that grows a few tiles a task (useGrowingCount) redraws only the new ones.
 */
export const GameTile = memo(function GameTile({
  game,
  imageHost,
  favorite = false,
  favoriteBusy = false,
  onFavorite,
  offlineHintId,
  eager = false,
}: GameTileProps) {
  const { t } = useLingui()
  const launch = useLaunchGame()
  const online = useOnline()
  const name = game.gameName
  const marks = [game.isHot ? t`Hot` : null, game.isNew ? t`New` : null].filter(Boolean)
  return (
    <li className="game-tile">
      <button
        type="button"
        className="game-tile-play"
        data-tap={`game:${game.gameId}`}
        aria-label={[name, ...marks].join(', ')}
        aria-describedby={online ? undefined : offlineHintId}
        disabled={!online}
        onClick={() => launch(game)}
      >
        <span className="game-tile-art">
          <LazyImage src={cdnUrl(imageHost, game.iconUrl)} alt="" width={200} height={200} eager={eager} />
        </span>
        <span className="game-tile-name">{name}</span>
        {/* After the name in the text (a space apart), drawn on the art's corner. */}
        {marks.length > 0 ? ' ' : null}
        {marks.length > 0 ? (
          <span className="game-tile-badges">
            {marks.map((mark, i) => (
              <Fragment key={i}>
                {i > 0 ? ' ' : null}
                <span
                  className={
                    i === 0 && game.isHot ? 'game-badge game-badge-hot' : 'game-badge game-badge-new'
                  }
                >
                  {mark}
                </span>
              </Fragment>
            ))}
          </span>
        ) : null}
      </button>
      {onFavorite ? (
        <button
          type="button"
          className="game-fav"
          data-tap={`fav:${game.gameId}`}
          aria-pressed={favorite}
          aria-label={t`Favourite: ${name}`}
          disabled={favoriteBusy}
          onClick={() => onFavorite(game, !favorite)}
        >
          <span aria-hidden="true">{favorite ? '♥' : '♡'}</span>
        </button>
      ) : null}
    </li>
  )
})
