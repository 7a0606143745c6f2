/**
 * Game vendors per game type (lanes of vendor cards), as the header nav and the games
 * pages show them.
 */
import type { Endpoints } from '#contract/endpoints'
import { gameTypes, GameTypeSchema, type VendorLane } from '#contract/games'
import { asc, eq } from 'drizzle-orm'
import * as s from '../db/schema'
import type { HandlerGroup } from '../http/contract-routes'
import type { Db } from '../plugins/external/db'

export function gameHandlers(db: Db): HandlerGroup<Endpoints['games']> {
  return {
    async gameVendor({ caller }) {
      const rows = await db
        .select()
        .from(s.vendors)
        .where(eq(s.vendors.merchantCode, caller.merchantCode))
        .orderBy(asc(s.vendors.sort), asc(s.vendors.vassalage))
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
              maintenance: r.maintenance,
            },
          ]
        })
        if (cards.length > 0) lanes.push({ title: gameType, gameType, cards })
      }
      return { data: { lanes } }
    },
  }
}
