/**
 * The rebate rates page's read and the Claim a member is shown (issue 35): the demo rebate's
 * rate per game type with the member's valid bets of today (the brand's day) and what they
 * pay, capped, and when the job pays them; a trial account is refused. A tap-to-claim rescue
 * or rebate whose reward computes to 0 is closed (nothingToClaim), not Claim, and is not
 * counted for the badge; with a loss or valid bets to pay on, it is Claim and a tap pays it.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import {
  PromotionListSchema,
  RebateEstimatesSchema,
  promotionEndpoints as ep,
  type Promotion,
} from '#contract/promotions'
import { instantAtWall, periodAt, wallDate } from '#server/contracts/periods'
import { betRecords, members, promotions } from '#server/db/schema'
import type { MerchantRow } from '#server/money/common'
import { previousPeriod } from '#server/promotions/engine'
import { rebateGraceMs } from '#server/promotions/rebate-service'
import { merchantByCode } from '#server/system/brands-repository'
import { build, type TestServer } from '../build-server'
import { failureOf, plainCall } from '../identity-helpers'
import { mainMinor, moneyCall, moneyMember } from '../money-helpers'

let server: TestServer
let m: MerchantRow
let n = 0

beforeAll(async () => {
  server = await build()
  const found = await merchantByCode(server.db, server.config.MERCHANT_CODE)
  if (!found) throw new Error('no brand')
  m = found
})

afterAll(async () => {
  await server?.close()
})

async function idOf(template: string): Promise<number> {
  const [p] = await server.db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.merchantCode, m.code), eq(promotions.template, template)))
  if (!p) throw new Error(`no demo ${template}`)
  return p.id
}

/** A settled bet at `settled`; the database's triggers keep the member's figures per day and game type. */
async function settledBet(memberId: number, type: string, bet: bigint, payout: bigint, settled: Date) {
  n += 1
  await server.db.insert(betRecords).values({
    merchantCode: m.code,
    memberId,
    betNo: `rates-${process.pid}-${n}`,
    productType: type,
    accountTypeId: 2,
    vendorName: 'test',
    gameName: 'test',
    betAmount: bet,
    validBet: bet,
    payout,
    status: 'SETTLED',
    betTime: settled,
    settledTime: settled,
  })
}

/** Noon of yesterday in the brand's zone: a bet of the closed period. */
function yesterdayNoon(): Date {
  const at = instantAtWall(m.timeZone, `${previousPeriod('daily', m.timeZone, new Date()).from}T12`)
  if (!at) throw new Error('no time')
  return at
}

async function rebatesOf(token: string) {
  const res = await plainCall(server, 'GET', ep.rebateRates.path, { token, headers: { language: 'EN' } })
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(RebateEstimatesSchema).parse(res.json()).value
}

async function listOf(token: string) {
  const res = await plainCall(server, 'GET', ep.available.path, { token })
  expect(res.statusCode, res.body).toBe(200)
  return successEnvelope(PromotionListSchema).parse(res.json()).value
}

const find = (list: Promotion[], id: number) => {
  const p = list.find((x) => x.id === id)
  if (!p) throw new Error(`promotion ${id} not listed`)
  return p
}

describe('the rebate rates by game type', () => {
  it("shows each game type's rate, today's valid bets and rebate, the total, and when the job pays it", async () => {
    const rebateId = await idOf('rebate')
    const me = await moneyMember(server)
    const now = new Date()
    // Today: RNG 1,000.00 at 0.80% -> 8.00; LIVE 2,500.50 at 0.50% -> 12.50 (12.5025);
    // a cockfight bet has no rate. Yesterday's RNG is another period's.
    await settledBet(me.id, 'RNG', 100_000n, 0n, now)
    await settledBet(me.id, 'LIVE', 250_050n, 100_000n, now)
    await settledBet(me.id, 'COCKFIGHT', 50_000n, 0n, now)
    await settledBet(me.id, 'RNG', 100_000n, 0n, yesterdayNoon())

    const value = await rebatesOf(me.token)
    expect(value.timeZone).toBe(m.timeZone)
    const r = value.list.find((x) => x.promotionId === rebateId)
    expect(r).toBeDefined()
    const today = wallDate(m.timeZone, now)
    expect(r).toMatchObject({
      title: 'Daily rebate',
      claimMode: 'auto',
      frequency: 'daily',
      cap: null,
      period: { from: today, to: today, endsAt: periodAt('day', m.timeZone, now).end.getTime() },
      paidAt: periodAt('day', m.timeZone, now).end.getTime() + rebateGraceMs,
      validBets: '3500.50',
      estimate: '20.50',
      capped: false,
    })
    expect(r?.rates.find((x) => x.gameType === 'RNG')).toEqual({
      gameType: 'RNG',
      rate: 80,
      validBets: '1000.00',
      rebate: '8.00',
    })
    expect(r?.rates.find((x) => x.gameType === 'LIVE')).toEqual({
      gameType: 'LIVE',
      rate: 50,
      validBets: '2500.50',
      rebate: '12.50',
    })
    expect(r?.rates.find((x) => x.gameType === 'FISH')).toMatchObject({ validBets: '0.00', rebate: '0.00' })
    expect(r?.rates.map((x) => x.gameType)).not.toContain('COCKFIGHT')
  })

  it('caps the estimate at the rule’s cap and says so', async () => {
    const rebateId = await idOf('rebate')
    const [p] = await server.db.select().from(promotions).where(eq(promotions.id, rebateId))
    const rule = p?.rule as { kind: string; rates: unknown[]; cap: number }
    await server.db
      .update(promotions)
      .set({ rule: { ...rule, cap: 1000 } })
      .where(eq(promotions.id, rebateId))
    try {
      const me = await moneyMember(server)
      await settledBet(me.id, 'RNG', 200_000n, 0n, new Date())
      const r = (await rebatesOf(me.token)).list.find((x) => x.promotionId === rebateId)
      expect(r).toMatchObject({ cap: '10.00', validBets: '2000.00', estimate: '10.00', capped: true })
      expect(r?.rates.find((x) => x.gameType === 'RNG')?.rebate).toBe('16.00')
    } finally {
      await server.db.update(promotions).set({ rule }).where(eq(promotions.id, rebateId))
    }
  })

  it('refuses a trial account', async () => {
    const me = await moneyMember(server)
    await server.db.update(members).set({ type: 4 }).where(eq(members.id, me.id))
    const res = await plainCall(server, 'GET', ep.rebateRates.path, { token: me.token })
    expect(failureOf(res).errorCode).toBe('in_need_true_account')
  })
})

describe('a tap-to-claim reward that computes to 0', () => {
  it('is closed with nothing to claim and left out of the badge; with a loss it is Claim and pays', async () => {
    const rescueId = await idOf('rescue')
    const me = await moneyMember(server)
    const before = await listOf(me.token)
    const rescue = find(before.list, rescueId)
    expect(rescue).toMatchObject({ state: 'closed', reason: 'nothingToClaim' })
    // The next day may pay: the countdown reaches the brand's midnight.
    expect(rescue.changesAt).toBe(periodAt('day', m.timeZone, new Date()).end.getTime())
    expect(before.claimable).toBe(
      before.list.filter((p) => p.state === 'claim' || p.state === 'issued').length,
    )
    expect(
      failureOf(await moneyCall(server, me.token, ep.claim.path, { promotionId: rescueId })).errorCode,
    ).toBe('promotion_nothing_to_claim')

    // A net loss of 100.00 yesterday: 5% is 5.00.
    await settledBet(me.id, 'RNG', 10_000n, 0n, yesterdayNoon())
    const after = await listOf(me.token)
    expect(find(after.list, rescueId)).toMatchObject({ state: 'claim', reason: null })
    expect(after.claimable).toBe(before.claimable + 1)
    const paid = await moneyCall(server, me.token, ep.claim.path, { promotionId: rescueId })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(await mainMinor(server, me.token)).toBe(500n)
  })

  it('a rebate claimed by hand: closed without valid bets yesterday, Claim with them', async () => {
    const rebateId = await idOf('rebate')
    await server.db.update(promotions).set({ claimMode: 'claim' }).where(eq(promotions.id, rebateId))
    try {
      const idle = await moneyMember(server)
      expect(find((await listOf(idle.token)).list, rebateId)).toMatchObject({
        state: 'closed',
        reason: 'nothingToClaim',
      })
      const player = await moneyMember(server)
      await settledBet(player.id, 'RNG', 100_000n, 0n, yesterdayNoon())
      expect(find((await listOf(player.token)).list, rebateId)).toMatchObject({ state: 'claim' })
      // Claimed by hand, today's rebate is claimable once the day closes.
      const r = (await rebatesOf(player.token)).list.find((x) => x.promotionId === rebateId)
      expect(r?.paidAt).toBe(periodAt('day', m.timeZone, new Date()).end.getTime())
      const paid = await moneyCall(server, player.token, ep.claim.path, { promotionId: rebateId })
      expect(paid.statusCode, paid.body).toBe(200)
      expect(await mainMinor(server, player.token)).toBe(800n)
    } finally {
      await server.db.update(promotions).set({ claimMode: 'auto' }).where(eq(promotions.id, rebateId))
    }
  })
})
