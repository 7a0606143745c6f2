/**
 * The demo brand's missions (decision 030, section 11): the 7-day sign-in, the six newbie
 * tasks, the rescue task and the weekly milestones, running since the demo promotions'
 * start; and player01's check-ins on the three brand days before the seed's, with their
 * points, so its next check-in is day 4 and the badge shows it. Demo mode only (db/seed.ts).
 */
import { and, eq } from 'drizzle-orm'
import { wallDate, instantAtWall } from '../../contracts/periods'
import { members } from '../../db/schema/identity'
import type { Tx } from '../../plugins/external/db'
import { createPromotionRepository } from '../../promotions/promotions-repository'
import { demoPromotionsStart } from '../../promotions/seed'
import { merchantByCode } from '../../system/brands-repository'
import { createPointsLedger } from '../points/points-ledger'
import { createMissionAdmin } from './missions-admin'
import { createMissionRepository } from './missions-repository'
import { missionClaimReference } from './missions-service'
import { dayBefore } from './state'
import { demoTemplates } from './templates'

export async function seedDemoMissions(tx: Tx, merchantCode: string, now = new Date()): Promise<void> {
  const m = await merchantByCode(tx, merchantCode)
  if (!m) throw new Error(`no brand ${merchantCode}`)
  const repo = createMissionRepository(tx)
  const admin = createMissionAdmin({ repo, promotionRepo: createPromotionRepository(tx), now: () => now })
  let signIn: Awaited<ReturnType<typeof admin.create>> | undefined
  for (const t of demoTemplates()) {
    const x = await admin.create(
      m,
      t.kind,
      { ...(t.goal ? { goal: t.goal } : {}), startsAt: demoPromotionsStart },
      'seed',
      tx,
    )
    if (x.kind === 'signIn') signIn = x
  }
  const [player] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, 'player01')))
  if (!player || !signIn || signIn.rule.kind !== 'signIn') return
  const points = createPointsLedger(tx)
  const account = await points.memberAccount(m.code, player.id, tx)
  const house = await points.houseAccount(m.code, 'points_issued', player.id, tx)
  let day = wallDate(m.timeZone, now)
  const days: string[] = []
  for (let i = 0; i < 3; i++) days.unshift((day = dayBefore(day)))
  for (const [i, d] of days.entries()) {
    const at = instantAtWall(m.timeZone, `${d}T12:00`) ?? now
    const amount = BigInt(signIn.rule.days[i] ?? 0)
    const c = await repo.insertClaim(
      {
        missionId: signIn.id,
        memberId: player.id,
        merchantCode: m.code,
        period: d,
        step: 0,
        streakDay: i + 1,
        points: amount,
        amount: 0n,
        score: signIn.score,
        claimedAt: at,
      },
      tx,
    )
    if (!c) continue
    const posted = await points.post(tx, {
      merchantCode: m.code,
      type: 'MISSION',
      memberId: player.id,
      reference: missionClaimReference(c.id),
      memo: signIn.titles.en ?? 'sign-in',
      actor: 'system',
      at,
      postings: [
        { accountId: house, amount: -amount },
        { accountId: account, amount },
      ],
    })
    await repo.setPaid(c.id, { pointTransactionId: posted.transactionId }, tx)
  }
}
