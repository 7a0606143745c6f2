/**
 * One game in a lobby grid: the art and name (a button: a visitor is asked to log in
 * first, spec section 4), Hot and New badges, and a heart that keeps it in favourites.
 */
import { useLingui } from '@lingui/react/macro'
import type { Game } from '#contract/games'
import { LazyImage } from '../../../components/ui/lazy-image'
import { openModal } from '../../../lib/modal-store'
import { session } from '../../../lib/session'
import { cdnUrl } from '../../../utils/cdn'

export interface GameTileProps {
  game: Game
  imageHost: string
  favorite: boolean
  favoriteBusy: boolean
  onFavorite: (game: Game, favorite: boolean) => void
}

/**
 * Launching a game is not built yet: a visitor gets the login popup, which every real-money
 * launch needs first; for a member the tile does nothing until launch arrives. When it does,
 * a visitor's tap on an RNG game with `freeplay` starts a trial instead (spec section 4).
 */
function onPlay(): void {
  if (!session.token) openModal('login')
}

export function GameTile({ game, imageHost, favorite, favoriteBusy, onFavorite }: GameTileProps) {
  const { t } = useLingui()
  const name = game.gameName
  const marks = [game.isHot ? t`Hot` : null, game.isNew ? t`New` : null].filter(Boolean)
  return (
    <li className="game-tile">
      <button
        type="button"
        className="game-tile-play"
        aria-label={[name, ...marks].join(', ')}
        onClick={onPlay}
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
    </li>
  )
}
