/**
 * The games group of the endpoint table: vendor lanes here, the catalogue reads in
 * catalogue-handlers.ts, a member's favourites and recent games in member-handlers.ts.
 */
import type { Endpoints } from '#contract/endpoints'
import { gameTypes, GameTypeSchema, type VendorLane } from '#contract/games'
import type { HandlerGroup } from '../http/contract-routes'
import type { Db } from '../plugins/external/db'
import type { VendorRegistry } from '../vendors/registry'
import { catalogueHandlers } from './catalogue-handlers'
import { createGamesRepository, vendorInMaintenance, type GamesRepository } from './games-repository'
import { memberGameHandlers } from './member-handlers'

/** Game vendors per game type (lanes of vendor cards), as the header nav and the games pages show them. */
async function vendorLanes(repo: GamesRepository, merchantCode: string, now: Date) {
  const rows = await repo.vendors(merchantCode)
  const lanes: VendorLane[] = []
  for (const gameType of gameTypes) {
    const cards = rows.flatMap((r) => {
      const t = GameTypeSchema.safeParse(r.gameType)
      if (!t.success || t.data !== gameType) return []
      return [
        {
          accountTypeId: r.accountTypeId,
          accountTypeName: r.vassalage,
          vassalage: r.vassalage,
          gameType: t.data,
          displayName: r.name,
          logo: r.logo,
          isHot: r.isHot,
          maintenance: vendorInMaintenance(r, now),
        },
      ]
    })
    if (cards.length > 0) lanes.push({ title: gameType, gameType, cards })
  }
  return { data: { lanes } }
}

export function gameHandlers(
  db: Db,
  now: () => Date = () => new Date(),
  registry?: Pick<VendorRegistry, 'adapterFor'>,
): HandlerGroup<Endpoints['games']> {
  const repo = createGamesRepository(db)
  return {
    gameVendor: ({ caller }) => vendorLanes(repo, caller.merchantCode, now()),
    newGameVendor: ({ caller }) => vendorLanes(repo, caller.merchantCode, now()),
    ...catalogueHandlers(repo, now, registry),
    ...memberGameHandlers(repo, now),
  }
}
