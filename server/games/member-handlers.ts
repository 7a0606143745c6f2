/**
 * A member's own game lists: favourites (add, remove, ids, page) and recent games. Real
 * accounts only (auth 'member': a trial account is refused before these run).
 */
import type { Endpoints } from '#contract/endpoints'
import { maxFavoriteGames } from '#contract/games'
import { pageOf } from '../db/paging'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError } from '../http/errors'
import type { CallerContext } from '../http/request-context'
import type { GamesRepository } from './games-repository'
import { toWireGame } from './wire'

type MemberGames = Pick<
  HandlerGroup<Endpoints['games']>,
  'favoriteIds' | 'favoriteList' | 'addFavorite' | 'removeFavorite' | 'recentGames'
>

function memberOf(caller: CallerContext): number {
  const id = caller.session?.memberId
  if (id === undefined) throw new AppError('CUSTOMER_NOT_LOGIN', 'please log in')
  return id
}

export function memberGameHandlers(repo: GamesRepository, now: () => Date): MemberGames {
  const ids = async (memberId: number) => ({
    gameIds: await repo.favoriteCodes(memberId),
    max: maxFavoriteGames,
  })
  const gameOrThrow = async (merchantCode: string, code: string) => {
    const found = await repo.byCode(merchantCode, code)
    if (!found) throw new AppError('game_not_found', `no game ${code}`)
    return found.game
  }

  return {
    favoriteIds: ({ caller }) => ids(memberOf(caller)),

    async favoriteList({ input, caller }) {
      const at = now()
      const { rows, total } = await repo.favoritePage(memberOf(caller), input)
      return pageOf(
        rows.map((r) => toWireGame(r, at)),
        total,
        input,
      )
    },

    async addFavorite({ input, caller }) {
      const memberId = memberOf(caller)
      const game = await gameOrThrow(caller.merchantCode, input.gameId)
      // Adding a favourite twice changes nothing and answers like the first time.
      const outcome = await repo.addFavorite(memberId, game.id, maxFavoriteGames, now())
      if (outcome === 'limit') {
        throw new AppError('favorite_game_limit', `at most ${maxFavoriteGames} favourite games`, {
          max: maxFavoriteGames,
        })
      }
      return ids(memberId)
    },

    async removeFavorite({ input, caller }) {
      const memberId = memberOf(caller)
      const game = await gameOrThrow(caller.merchantCode, input.gameId)
      await repo.removeFavorite(memberId, game.id)
      return ids(memberId)
    },

    async recentGames({ input, caller }) {
      const at = now()
      const rows = await repo.recent(memberOf(caller), input.limit)
      return { list: rows.map((r) => toWireGame(r, at)) }
    },
  }
}
