/**
 * The demo catalogue's seed step: vendor art and maintenance windows, a few thousand games
 * and the featured fixtures, written in one transaction with the step's marker (seed.ts).
 */
import { and, eq } from 'drizzle-orm'
import { GameTypeSchema } from '#contract/games'
import type { Tx } from '../plugins/external/db'
import * as s from './schema'
import * as d from './seed-data'
import { demoGamesOf, gameArtVersion } from './seed-games'

const hour = 3_600_000
const chunk = 500

export async function seedDemoGames(tx: Tx, merchantCode: string, now: Date): Promise<void> {
  for (const [, vassalage, gameType] of d.demoVendors) {
    await tx
      .update(s.vendors)
      .set({ logo: `logos/${vassalage.toLowerCase()}.webp?v=${gameArtVersion}` })
      .where(
        and(
          eq(s.vendors.merchantCode, merchantCode),
          eq(s.vendors.vassalage, vassalage),
          eq(s.vendors.gameType, gameType),
        ),
      )
  }
  for (const [vassalage, gameType, from, until] of d.demoVendorMaintenance) {
    await tx
      .update(s.vendors)
      .set({
        maintenanceFrom: new Date(now.getTime() + from * hour),
        maintenanceUntil: new Date(now.getTime() + until * hour),
      })
      .where(
        and(
          eq(s.vendors.merchantCode, merchantCode),
          eq(s.vendors.vassalage, vassalage),
          eq(s.vendors.gameType, gameType),
        ),
      )
  }
  const rows = d.demoVendors.flatMap(([, vassalage, gameType]) => {
    const parsed = GameTypeSchema.safeParse(gameType)
    return parsed.success
      ? demoGamesOf(vassalage, parsed.data).map((g) => ({
          merchantCode,
          ...g,
          thumbnail: `games/${g.code}.webp?v=${gameArtVersion}`,
        }))
      : []
  })
  for (let i = 0; i < rows.length; i += chunk) {
    await tx
      .insert(s.games)
      .values(rows.slice(i, i + chunk))
      .onConflictDoNothing()
  }
}
