/**
 * The monthly evaluation (decision 030 section 5) of October 2026 in America/New_York, one
 * member per short transaction: a raise by the total path pays the level's level-up bonus once
 * ever with its vip_level_up notice, as an upgrade does; a run that stops midway leaves the
 * members it wrote committed and the rest untouched, and the operator's `vip evaluate`
 * finishes the rest without changing or paying anybody twice. Runs on PostgreSQL too.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  fundNotices,
  memberDailyStats,
  memberVip,
  memberVipChanges,
  promotionClaims,
  promotions,
  vipEvaluations,
} from '#server/db/schema'
import { monthPeriod } from '#server/loyalty/vip/evaluate'
import { vipServicesOf } from '#server/loyalty/vip/service-of'
import type { MerchantRow } from '#server/money/common'
import { reconcilePromotions } from '#server/promotions/reconcile'
import { merchantByCode } from '#server/system/brands-repository'
import { build, runOps, type TestServer } from '../build-server'
import { mainMinor, moneyMember, type MoneyMember } from '../money-helpers'

let server: TestServer
let m: MerchantRow
const clock = () => new Date('2026-11-02T12:00:00Z')
/** Three Silver members whose September reached Gold's total (200,000 bets, 20,000 deposits). */
const climbers: MoneyMember[] = []

beforeAll(async () => {
  server = await build()
  const brand = await merchantByCode(server.db, server.config.MERCHANT_CODE)
  if (!brand) throw new Error('no brand')
  m = { ...brand, timeZone: 'America/New_York' }
  for (let i = 0; i < 3; i++) {
    const x = await moneyMember(server, undefined, 'vipr')
    climbers.push(x)
    await server.db
      .insert(memberVip)
      .values({ memberId: x.id, merchantCode: m.code, rank: 2, since: new Date('2026-10-05T12:00:00Z') })
    await server.db.insert(memberVipChanges).values({
      memberId: x.id,
      merchantCode: m.code,
      fromRank: 1,
      toRank: 2,
      reason: 'upgrade',
      at: new Date('2026-10-05T12:00:00Z'),
      by: 'test',
    })
    await server.db.insert(memberDailyStats).values([
      {
        memberId: x.id,
        merchantCode: m.code,
        day: '2026-09-15',
        validBet: 25_000_000n,
        deposits: 2_500_000n,
      },
      { memberId: x.id, merchantCode: m.code, day: '2026-10-10', validBet: 100_00n, deposits: 0n },
    ])
  }
})

afterAll(async () => {
  await server?.close()
})

const ids = () => climbers.map((c) => c.id)

async function rankOf(id: number) {
  const [r] = await server.db.select().from(memberVip).where(eq(memberVip.memberId, id))
  return r?.rank
}

async function levelUps(id: number) {
  return server.db
    .select({ period: promotionClaims.period, amount: promotionClaims.amount })
    .from(promotionClaims)
    .innerJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
    .where(and(eq(promotionClaims.memberId, id), eq(promotions.template, 'vipLevelUp')))
}

const notices = (id: number) =>
  server.db
    .select({ amount: fundNotices.amount })
    .from(fundNotices)
    .where(and(eq(fundNotices.memberId, id), eq(fundNotices.kind, 'vip_level_up')))

describe('the monthly evaluation, one member at a time', () => {
  it('a run stopped at the second member keeps the first one’s raise and its bonus, and nobody else’s', async () => {
    const p = monthPeriod(m.timeZone, '2026-10')
    if (!p) throw new Error('no month')
    const before = await mainMinor(server, climbers[0]?.token ?? '')
    const { evaluation } = vipServicesOf(server.db, {
      now: clock,
      chunkSize: 2,
      onMember: (memberId) => {
        // The crash: inside the second member's transaction, after its writes.
        if (memberId === climbers[1]?.id) throw new Error('stopped')
      },
    })
    await expect(evaluation.month(m, p)).rejects.toThrow('stopped')
    const [a, b, c] = ids()
    expect([await rankOf(a ?? 0), await rankOf(b ?? 0), await rankOf(c ?? 0)]).toEqual([3, 2, 2])
    // Gold's level-up bonus, 38.00, paid with its notice, in the member's own transaction.
    expect(await levelUps(a ?? 0)).toEqual([{ period: 'rank:3', amount: 3800n }])
    expect(await notices(a ?? 0)).toEqual([{ amount: 3800n }])
    expect(await mainMinor(server, climbers[0]?.token ?? '')).toBe(before + 3800n)
    expect(await levelUps(b ?? 0)).toEqual([])
    expect(await server.db.select().from(vipEvaluations).where(eq(vipEvaluations.period, '2026-10'))).toEqual(
      [],
    )
  })

  it('the operator’s evaluate finishes the rest: each raised and paid once, nobody twice', async () => {
    const out = await runOps(server, 'vip', 'evaluate', '2026-10')
    expect(out).toMatch(/^2026-10: \d+ members evaluated, \d+ changed/)
    for (const id of ids()) {
      expect(await rankOf(id)).toBe(3)
      expect(await levelUps(id)).toEqual([{ period: 'rank:3', amount: 3800n }])
      expect(await notices(id)).toEqual([{ amount: 3800n }])
      const monthly = await server.db
        .select()
        .from(memberVipChanges)
        .where(and(eq(memberVipChanges.memberId, id), eq(memberVipChanges.reason, 'monthly')))
      expect(monthly).toEqual([expect.objectContaining({ fromRank: 2, toRank: 3, period: '2026-10' })])
    }
    expect(out).not.toContain(`member ${ids()[0]}:`)
    expect(await runOps(server, 'vip', 'evaluate', '2026-10')).toMatch(/evaluated already/)
  })

  it('the promotions’ reconcile matches every bonus paid to its claim', async () => {
    const promo = await reconcilePromotions(server.db, m.code)
    expect(promo.mismatches).toEqual([])
  })
})
