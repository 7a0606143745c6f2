/**
 * The VIP upgrade (decision 030 section 5): a member whose month reaches Gold skips Silver
 * and is paid both levels' bonuses once, through the unlisted vipLevelUp promotion, with a
 * vip_level_up notice each; 20 progress reads at once upgrade once; a member dropped by the
 * operator stays there until play after the drop earns the level again, and is not paid
 * again; member info names the level in the caller's language; the promotions' and the
 * ledger's reconciles are clean after.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locale } from '#contract/locales'
import { VipProgressSchema, vipEndpoints } from '#contract/vip'
import { wallDate } from '#server/contracts/periods'
import {
  fundNotices,
  memberDailyStats,
  memberVipChanges,
  promotionClaims,
  promotions,
} from '#server/db/schema'
import { vipServicesOf } from '#server/loyalty/vip/service-of'
import type { MerchantRow } from '#server/money/common'
import { reconcile } from '#server/money/ledger-reconcile'
import { noticeText, vipLevelUpReason } from '#server/notify/notice-text'
import { noticeUrl } from '#server/notify/push-service'
import { reconcilePromotions } from '#server/promotions/reconcile'
import { merchantByCode } from '#server/system/brands-repository'
import { build, runOps, type TestServer } from '../build-server'
import { plainCall, valueOf } from '../identity-helpers'
import { mainMinor, moneyMember, type MoneyMember } from '../money-helpers'

let server: TestServer
let m: MerchantRow
let today: string
/** What each test member got added to its figures today (minor units), taken off at the end. */
const added = new Map<number, { bet: bigint; dep: bigint }>()

beforeAll(async () => {
  server = await build()
  const brand = await merchantByCode(server.db, server.config.MERCHANT_CODE)
  if (!brand) throw new Error('no brand')
  m = brand
  today = wallDate(m.timeZone, new Date())
})

afterAll(async () => {
  await server?.close()
})

/** Adds valid bets and deposits to the member's figures of today (whole dollars). */
async function play(member: MoneyMember, bet: number, dep: number) {
  const b = BigInt(bet) * 100n
  const d = BigInt(dep) * 100n
  await server.db
    .insert(memberDailyStats)
    .values({ memberId: member.id, merchantCode: m.code, day: today, validBet: b, deposits: d })
    .onConflictDoUpdate({
      target: [memberDailyStats.memberId, memberDailyStats.day],
      set: {
        validBet: sql`${memberDailyStats.validBet} + ${b}`,
        deposits: sql`${memberDailyStats.deposits} + ${d}`,
      },
    })
  const was = added.get(member.id) ?? { bet: 0n, dep: 0n }
  added.set(member.id, { bet: was.bet + b, dep: was.dep + d })
}

async function progress(member: MoneyMember, language: Locale = 'en') {
  const res = await plainCall(server, 'GET', vipEndpoints.progress.path, {
    token: member.token,
    headers: { language },
  })
  return valueOf(res, (v) => VipProgressSchema.parse(v))
}

async function levelUpClaims(memberId: number) {
  const rows = await server.db
    .select({
      period: promotionClaims.period,
      amount: promotionClaims.amount,
      status: promotionClaims.status,
      template: promotions.template,
    })
    .from(promotionClaims)
    .innerJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
    .where(eq(promotionClaims.memberId, memberId))
  return rows.sort((a, b) => a.period.localeCompare(b.period))
}

const notices = (memberId: number) =>
  server.db
    .select()
    .from(fundNotices)
    .where(and(eq(fundNotices.memberId, memberId), eq(fundNotices.kind, 'vip_level_up')))

describe('the upgrade', () => {
  let ann: MoneyMember

  it('a month reaching Gold skips Silver and pays each level’s bonus once, with a notice each', async () => {
    ann = await moneyMember(server)
    expect((await progress(ann)).rank).toBe(1)
    const before = await mainMinor(server, ann.token)
    // Gold: 20,000 valid bets and 2,000 deposits this month.
    await play(ann, 21_000, 2_500)
    const p = await progress(ann)
    expect(p).toMatchObject({ rank: 3, playerRankName: 'Gold', next: { rank: 4, name: 'Platinum' } })
    expect(p.next?.shortest).toEqual([
      { figure: 'monthlyTurnover', more: '59000.00' },
      { figure: 'monthlyDeposit', more: '5500.00' },
    ])
    expect(await levelUpClaims(ann.id)).toEqual([
      { period: 'rank:2', amount: 1000n, status: 'claimed', template: 'vipLevelUp' },
      { period: 'rank:3', amount: 3800n, status: 'claimed', template: 'vipLevelUp' },
    ])
    expect(await mainMinor(server, ann.token)).toBe(before + 4800n)
    const told = await notices(ann.id)
    expect(told.map((n) => n.amount).sort()).toEqual([1000n, 3800n])
    const changes = await server.db
      .select()
      .from(memberVipChanges)
      .where(eq(memberVipChanges.memberId, ann.id))
    expect(changes).toEqual([
      expect.objectContaining({ fromRank: 1, toRank: 3, reason: 'upgrade', by: 'system' }),
    ])
  })

  it('member info names the level in the caller’s language', async () => {
    for (const [language, name] of [
      ['en', 'Gold'],
      ['km', 'មាស'],
      ['zh', '黄金'],
    ] as const) {
      const res = await plainCall(server, 'GET', '/wps/member/info', {
        token: ann.token,
        headers: { language },
      })
      expect(res.statusCode, res.body).toBe(200)
      expect((res.json() as { value: { clubLabel: unknown } }).value.clubLabel).toEqual({ labelName: name })
    }
  })

  it('dropped by the operator, the member stays there until play after the drop climbs back, unpaid', async () => {
    expect(await runOps(server, 'vip', 'set', ann.username, '1', 'test', 'drop')).toMatch(/level 3 → 1/)
    const balance = await mainMinor(server, ann.token)
    // The month's play before the drop no longer counts: the read and the job leave level 1.
    expect((await progress(ann)).rank).toBe(1)
    await vipServicesOf(server.db).vip.upgradeActive(m)
    expect((await progress(ann)).rank).toBe(1)
    // The next brand day's play reaches Gold again: the climb back is told without a bonus.
    const tomorrow = new Date(Date.now() + 86_400_000)
    const day = wallDate(m.timeZone, tomorrow)
    await server.db
      .insert(memberDailyStats)
      .values({ memberId: ann.id, merchantCode: m.code, day, validBet: 2_100_000n, deposits: 250_000n })
    try {
      const later = vipServicesOf(server.db, { now: () => tomorrow })
      expect((await later.vip.progress(m, ann.id, 'en')).rank).toBe(3)
    } finally {
      await server.db
        .delete(memberDailyStats)
        .where(and(eq(memberDailyStats.memberId, ann.id), eq(memberDailyStats.day, day)))
    }
    expect(await levelUpClaims(ann.id)).toHaveLength(2)
    expect(await mainMinor(server, ann.token)).toBe(balance)
    const told = await notices(ann.id)
    expect(told).toHaveLength(3)
    expect(told.filter((n) => n.amount === 0n)).toHaveLength(1)
  })

  it('20 progress reads at once upgrade once and pay once', async () => {
    const ben = await moneyMember(server)
    await play(ben, 6_000, 600)
    const reads = await Promise.all(Array.from({ length: 20 }, () => progress(ben)))
    expect(reads.every((r) => r.rank === 2)).toBe(true)
    expect(await levelUpClaims(ben.id)).toEqual([
      expect.objectContaining({ period: 'rank:2', amount: 1000n }),
    ])
    expect(
      await server.db.select().from(memberVipChanges).where(eq(memberVipChanges.memberId, ben.id)),
    ).toHaveLength(1)
    expect(await notices(ben.id)).toHaveLength(1)
  })

  it('the job upgrades the members with figures today', async () => {
    const cat = await moneyMember(server)
    await play(cat, 5_500, 500)
    const { vip } = vipServicesOf(server.db)
    expect(await vip.upgradeActive(m)).toBeGreaterThanOrEqual(1)
    expect(await vip.upgradeActive(m)).toBe(0)
    expect(await levelUpClaims(cat.id)).toHaveLength(1)
  })

  it('the level-up promotion is not listed to members', async () => {
    const res = await plainCall(server, 'GET', '/wps/relay/MCSFE_getMerchantAvailablePromotions', {})
    expect(res.statusCode, res.body).toBe(200)
    const [p] = await server.db.select().from(promotions).where(eq(promotions.template, 'vipLevelUp'))
    expect(p).toBeDefined()
    expect(res.body).not.toContain(`"id":${p?.id ?? 0},`)
  })

  it('the promotions’ and the ledger’s reconciles are clean', async () => {
    for (const [id, a] of added) {
      await server.db
        .update(memberDailyStats)
        .set({
          validBet: sql`${memberDailyStats.validBet} - ${a.bet}`,
          deposits: sql`${memberDailyStats.deposits} - ${a.dep}`,
        })
        .where(and(eq(memberDailyStats.memberId, id), eq(memberDailyStats.day, today)))
    }
    const promo = await reconcilePromotions(server.db, m.code)
    expect(promo.mismatches).toEqual([])
    const ledger = await reconcile(server.db)
    expect(ledger.ok, JSON.stringify(ledger)).toBe(true)
  })
})

describe('the vip_level_up notice', () => {
  const usd = { symbol: '$', decimals: 2 }
  const reason = vipLevelUpReason({
    rank: 3,
    names: { en: 'Gold', km: 'មាស', zh: '黄金', th: 'โกลด์', vi: 'Vàng' },
  })

  it('names the level in each language, with the bonus when one was paid', () => {
    expect(noticeText('vip_level_up', 'en', 3800n, usd, reason)).toEqual({
      title: 'VIP level up',
      body: 'You reached Gold. Your level-up bonus of $38.00 is in your balance.',
    })
    expect(noticeText('vip_level_up', 'en', 0n, usd, reason).body).toBe('You reached Gold.')
    for (const [l, name] of [
      ['km', 'មាស'],
      ['zh', '黄金'],
      ['th', 'โกลด์'],
      ['vi', 'Vàng'],
    ] as const) {
      const t = noticeText('vip_level_up', l, 3800n, usd, reason)
      expect(t.title).not.toBe('')
      expect(t.body).toContain(name)
      expect(t.body).toContain('$38.00')
    }
  })

  it('opens the level page', () => {
    expect(noticeUrl('vip_level_up', reason)).toBe('/index?popup=memberCentre&centre=playerRank')
  })
})
