/** A catalogue row as the wire's game object. */
import { GameTypeSchema, type Game } from '#contract/games'
import { vendorInMaintenance, type GameWithVendor } from './games-repository'

export function toWireGame({ game, vendor }: GameWithVendor, now: Date): Game {
  return {
    gameId: game.code,
    gameName: game.name,
    // The column is written only from the contract's list (seed and operator input).
    gameType: GameTypeSchema.parse(game.gameType),
    gameClassify: game.subType,
    vassalage: game.vassalage,
    accountTypeId: vendor.accountTypeId,
    accountTypeName: vendor.name,
    iconUrl: game.thumbnail,
    isGame: game.isGame,
    defaultPlayType: game.defaultPlayType,
    isHot: game.isHot,
    isNew: game.isNew,
    freeplay: game.freeplay,
    hasRooms: (game.rooms?.length ?? 0) > 0,
    maintenance: vendorInMaintenance(vendor, now),
  }
}
