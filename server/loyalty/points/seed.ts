/**
 * The demo's points (decision 030, section 11): the settings (rates per game type, cash and
 * bonus conversions) in force from the seed on, and player01's welcome points. Demo mode
 * only (seedForStart); a production brand starts with no settings, so nothing is earned
 * until the operator sets rates (`ops points config`, the README's go-live path).
 */
import { and, eq, sql } from 'drizzle-orm'
import { members } from '../../db/schema'
import { rowsOf, type Tx } from '../../plugins/external/db'
import type { PointConfigInput } from './point-config'
import { writeVersion } from './point-config'
import { createPointsLedger } from './points-ledger'

export const demoPointConfig: PointConfigInput = {
  enabled: true,
  // Points per 1.00 of valid bet, in hundredths: 0.1 on slots and most games, 0.05 on live
  // casino, 0.2 on lottery.
  rates: { RNG: 10, FISH: 10, PVP: 10, SPORTS: 10, ESPORTS: 10, LIVE: 5, LOTT: 20, ELOTT: 20 },
  conversions: [
    { type: 'bonus', moneyPer100Points: 150, minPoints: 100, stepPoints: 100, turnoverTenths: 30 },
    { type: 'cash', moneyPer100Points: 100, minPoints: 100, stepPoints: 100, turnoverTenths: 0 },
  ],
}

/** player01's points from an adjustment, as a brand's welcome gift would give them. */
export const demoWelcomePoints = { username: 'player01', centipoints: 1_250_000n, memo: 'Welcome points' }

export async function seedDemoPoints(tx: Tx, merchantCode: string, now: Date): Promise<void> {
  // In force after every bet the seed settled (the history brought in earns nothing).
  const [last] = rowsOf<{ at: string | null }>(
    await tx.execute(
      sql`select max(settled_time)::text as at from bet_records where merchant_code = ${merchantCode}`,
    ),
  )
  const settled = last?.at ? new Date(last.at).getTime() + 1000 : 0
  await writeVersion(tx, merchantCode, demoPointConfig, new Date(Math.max(now.getTime(), settled)))
  const [m] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, demoWelcomePoints.username)))
  if (!m) return
  const points = createPointsLedger(tx)
  const account = await points.memberAccount(merchantCode, m.id, tx)
  const house = await points.houseAccount(merchantCode, 'points_adjustments', m.id, tx)
  await points.post(tx, {
    merchantCode,
    type: 'ADJUSTMENT',
    memberId: m.id,
    memo: demoWelcomePoints.memo,
    actor: 'system',
    at: now,
    postings: [
      { accountId: house, amount: -demoWelcomePoints.centipoints },
      { accountId: account, amount: demoWelcomePoints.centipoints },
    ],
  })
}
