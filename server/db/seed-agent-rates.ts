/**
 * The demo team's rebate rates (basis points of the valid bet), so My income shows what
 * agent01's and agent02's rates above their downline's come to in a fresh demo. Each rate is
 * at most its upline's, as the agent area's rebate service keeps them. Demo mode only
 * (seed.ts).
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { GameType } from '#contract/games'
import type { Tx } from '../plugins/external/db'
import * as s from './schema'

/** [username, its rates]: agent01's are the ceiling of the whole team. */
export const demoRebateRates: readonly (readonly [string, Partial<Record<GameType, number>>])[] = [
  [
    'agent01',
    { LOTT: 50, ELOTT: 50, LIVE: 80, SPORTS: 80, ESPORTS: 80, RNG: 120, FISH: 120, PVP: 100, COCKFIGHT: 50 },
  ],
  [
    'agent02',
    { LOTT: 30, ELOTT: 30, LIVE: 50, SPORTS: 50, ESPORTS: 50, RNG: 80, FISH: 80, PVP: 60, COCKFIGHT: 30 },
  ],
  ['team01', { LIVE: 20, RNG: 30 }],
  ['team03', { RNG: 40, FISH: 40 }],
  ['team04', { LOTT: 10 }],
]

export async function seedDemoAgentRates(tx: Tx, merchantCode: string, now: Date): Promise<void> {
  const names = demoRebateRates.map(([username]) => username)
  const rows = await tx
    .select({ id: s.members.id, username: s.members.username })
    .from(s.members)
    .where(and(eq(s.members.merchantCode, merchantCode), inArray(s.members.username, names)))
  const ids = new Map(rows.map((r) => [r.username, r.id]))
  const values = demoRebateRates.flatMap(([username, rates]) => {
    const memberId = ids.get(username)
    if (memberId === undefined) return []
    return Object.entries(rates).map(([productType, rate]) => ({
      memberId,
      productType,
      rate,
      updatedAt: now,
    }))
  })
  if (values.length > 0) await tx.insert(s.memberRebateRates).values(values).onConflictDoNothing()
}
