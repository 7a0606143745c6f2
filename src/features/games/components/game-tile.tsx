/**
 * One game in a lobby grid: the art and name (a button that starts the game, spec section
 * 4: launch/use-launch-game.ts), Hot and New badges, and, where the grid keeps favourites,
 * a heart that keeps it in favourites.
 */
import { useLingui } from '@lingui/react/macro'
import type { Game } from '#contract/games'
import { LazyImage } from '../../../components/ui/lazy-image'
import { cdnUrl } from '../../../utils/cdn'
import { useLaunchGame } from '../launch/use-launch-game'

export interface GameTileProps {
  game: Game
  imageHost: string
  /** The heart: left out where favourites are not offered (the maintenance suggestions). */
  favorite?: boolean
  favoriteBusy?: boolean
  onFavorite?: (game: Game, favorite: boolean) => void
}

export function GameTile({
  game,
  imageHost,
  favorite = false,
  favoriteBusy = false,
  onFavorite,
}: GameTileProps) {
  const { t } = useLingui()
  const launch = useLaunchGame()
  const name = game.gameName
  const marks = [game.isHot ? t`Hot` : null, game.isNew ? t`New` : null].filter(Boolean)
  return (
    <li className="game-tile">
      <button
        type="button"
        className="game-tile-play"
        aria-label={[name, ...marks].join(', ')}
        onClick={() => launch(game)}
      >
        <span className="game-tile-art">
          <LazyImage src={cdnUrl(imageHost, game.iconUrl)} alt="" width={200} height={200} />
          <span className="game-tile-badges">
            {game.isHot ? <span className="game-badge game-badge-hot">{t`Hot`}</span> : null}
            {game.isNew ? <span className="game-badge game-badge-new">{t`New`}</span> : null}
          </span>
        </span>
        <span className="game-tile-name">{name}</span>
      </button>
      {onFavorite ? (
        <button
          type="button"
          className="game-fav"
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
}
