/**
 * The daily rebate and the automatic loss rescue (issue 35): the demo's rebate pays each
 * member yesterday's valid bets per game type times the type's rate, in the brand's zone, as
 * a hand-computed table says; once per member and period under reruns, parallel runs and a
 * crash midway (the figures per day and game type kept from settled bets); the operator's dry run writes nothing; reconcile agrees, and names a claim
 * changed behind its back. An automatic rescue pays yesterday's net loss share, capped.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { instantAtWall, periodAt, wallDate } from '#server/contracts/periods'
import {
  betRecords,
  fundNotices,
  ledgerTransactions,
  members,
  operatorActions,
  promotionClaims,
  promotions,
} from '#server/db/schema'
import type { MerchantRow } from '#server/money/common'
import { createLedger } from '#server/money/ledger'
import { sweptNotices } from '#server/notify/notices'
import { previousPeriod } from '#server/promotions/engine'
import { createPromotionRepository } from '#server/promotions/promotions-repository'
import { rebateServiceOf, type RebateDeps } from '#server/promotions/rebate-service'
import { merchantByCode } from '#server/system/brands-repository'
import { build, runOps, type TestServer } from '../build-server'
import { mainMinor, moneyMember, type MoneyMember } from '../money-helpers'

let server: TestServer
let m: MerchantRow
let rebateId: number
let yesterday: string
let dayBefore: string
const at = new Date()
const who: Record<string, MoneyMember> = {}

/** One member's settled bets of a day and game type (minor units). */
interface Play {
  day: 'yesterday' | 'dayBefore' | 'today'
  type: string
  bet: bigint
  valid: bigint
  payout: bigint
}

/**
 * The table: the demo rebate's rates are RNG 0.80%, LIVE and SPORTS 0.50%, PVP 0.40%, LOTT
 * 0.30% of valid bets, rounded down per game type.
 *   ann   RNG 1,000.00 -> 8.00; LIVE 2,500.50 -> 12.50 (12.5025)            = 20.50
 *   ben   SPORTS 123.45 -> 0.61; PVP 999.99 -> 3.99; LOTT 0.07 -> 0          =  4.60
 *   cat   RNG 500.00 -> 4.00 yesterday; RNG 500.00 the day before -> 4.00 (its own period)
 *   dan   no bets                                                             nothing
 *   eve   a trial account, RNG 1,000.00                                       nothing
 *   fay   LOTT 0.10 -> 0                                                      nothing
 *   gus   RNG 1,000.00 today (not closed)                                    nothing
 */
const table: Record<string, Play[]> = {
  ann: [
    { day: 'yesterday', type: 'RNG', bet: 100_000n, valid: 100_000n, payout: 0n },
    { day: 'yesterday', type: 'LIVE', bet: 250_050n, valid: 250_050n, payout: 100_000n },
  ],
  ben: [
    { day: 'yesterday', type: 'SPORTS', bet: 12_345n, valid: 12_345n, payout: 20_000n },
    { day: 'yesterday', type: 'PVP', bet: 100_000n, valid: 99_999n, payout: 92_851n },
    { day: 'yesterday', type: 'LOTT', bet: 7n, valid: 7n, payout: 0n },
  ],
  cat: [
    { day: 'yesterday', type: 'RNG', bet: 50_000n, valid: 50_000n, payout: 30_000n },
    { day: 'dayBefore', type: 'RNG', bet: 50_000n, valid: 50_000n, payout: 50_000n },
  ],
  dan: [],
  eve: [{ day: 'yesterday', type: 'RNG', bet: 100_000n, valid: 100_000n, payout: 0n }],
  fay: [{ day: 'yesterday', type: 'LOTT', bet: 10n, valid: 10n, payout: 0n }],
  gus: [{ day: 'today', type: 'RNG', bet: 100_000n, valid: 100_000n, payout: 0n }],
}

const rebateOwed: Record<string, { yesterday?: bigint; dayBefore?: bigint }> = {
  ann: { yesterday: 2050n },
  ben: { yesterday: 460n },
  cat: { yesterday: 400n, dayBefore: 400n },
}

/** The rebate service over the test's database and clock, with the given chunking and fault. */
const rebates = (over: Partial<RebateDeps> = {}) =>
  rebateServiceOf({
    db: server.db,
    ledger: createLedger(server.db),
    notices: sweptNotices,
    now: () => at,
    merchants: async () => [m],
    ...over,
  })

const idOf = (name: string) => {
  const x = who[name]
  if (!x) throw new Error(`no member ${name}`)
  return x.id
}

async function claimsOf(promotionId: number) {
  const rows = await server.db
    .select()
    .from(promotionClaims)
    .where(eq(promotionClaims.promotionId, promotionId))
  const byName = new Map(Object.keys(who).map((n) => [idOf(n), n]))
  return rows
    .map((r) => ({
      who: byName.get(r.memberId) ?? `#${r.memberId}`,
      period: r.period,
      amount: r.amount,
      base: r.base,
      status: r.status,
    }))
    .sort((a, b) => (a.who + a.period).localeCompare(b.who + b.period))
}

async function ledgerCount() {
  const [r] = await server.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions)
  return r?.n ?? 0
}

beforeAll(async () => {
  server = await build()
  const found = await merchantByCode(server.db, server.config.MERCHANT_CODE)
  if (!found) throw new Error('no brand')
  m = found
  const prev = previousPeriod('daily', m.timeZone, at)
  yesterday = prev.from
  dayBefore = wallDate(m.timeZone, new Date(periodAt('day', m.timeZone, at).start.getTime() - 86_400_000 - 1))
  const days = { yesterday, dayBefore, today: wallDate(m.timeZone, at) }
  const [p] = await server.db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.merchantCode, m.code), eq(promotions.template, 'rebate')))
  if (!p) throw new Error('no demo rebate')
  rebateId = p.id
  // The demo's rebate has run for three days.
  await runOps(
    server,
    'promotion',
    'edit',
    String(rebateId),
    'start',
    new Date(at.getTime() - 3 * 86_400_000).toISOString(),
  )
  for (const name of Object.keys(table)) who[name] = await moneyMember(server, undefined, name)
  await server.db
    .update(members)
    .set({ type: 4 })
    .where(eq(members.id, idOf('eve')))
  // Settled bets; the database's triggers keep the members' figures per day and game type.
  let n = 0
  for (const [name, plays] of Object.entries(table)) {
    for (const pl of plays) {
      n += 1
      const settled = pl.day === 'today' ? at : instantAtWall(m.timeZone, `${days[pl.day]}T12`)
      if (!settled) throw new Error('no time')
      await server.db.insert(betRecords).values({
        merchantCode: m.code,
        memberId: idOf(name),
        betNo: `reb-${process.pid}-${n}`,
        productType: pl.type,
        accountTypeId: 2,
        vendorName: 'test',
        gameName: 'test',
        betAmount: pl.bet,
        validBet: pl.valid,
        payout: pl.payout,
        status: 'SETTLED',
        betTime: settled,
        settledTime: settled,
      })
    }
  }
})

afterAll(async () => {
  await server?.close()
})

describe('the daily rebate', () => {
  it('the dry run lists each member, base and amount and the total, and writes nothing', async () => {
    const before = await ledgerCount()
    const out = await runOps(server, 'rebates', 'run', String(rebateId), yesterday, '--dry-run')
    expect(out.split('\n')[0]).toMatch(/dry run, nothing written\): 3 members would be credited 29\.10$/)
    expect(out).toContain(`${who.ann?.username} base 3,500.50 amount 20.50`)
    expect(out).toContain(`${who.ben?.username} base 1,123.51 amount 4.60`)
    expect(out).toContain(`${who.cat?.username} base 500.00 amount 4.00`)
    expect(out).not.toContain(who.eve?.username ?? '?')
    expect(out).not.toContain(who.fay?.username ?? '?')
    expect(await claimsOf(rebateId)).toEqual([])
    expect(await ledgerCount()).toBe(before)
  })

  it('a crash inside the second chunk leaves the first whole, and the rerun pays the rest once', async () => {
    const crashing = rebates({
      chunkSize: 1,
      onChunk: (i) => {
        if (i === 1) throw new Error('the process died')
      },
    })
    await expect(crashing.payDue()).rejects.toThrow('the process died')
    // The day before is paid first (cat alone, its chunk 0); then yesterday's first chunk
    // (ann), and its second (ben) died whole.
    const afterCrash = await claimsOf(rebateId)
    expect(afterCrash.map((c) => `${c.who} ${c.period}`)).toEqual([`ann ${yesterday}`, `cat ${dayBefore}`])
    const crashAgain = rebates({
      chunkSize: 1,
      onChunk: (i) => {
        if (i === 1) throw new Error('the process died again')
      },
    })
    await expect(crashAgain.payDue()).rejects.toThrow('the process died again')
    // Nothing left of the day before; yesterday's ben (chunk 0) paid, cat (chunk 1) died.
    expect((await claimsOf(rebateId)).map((c) => `${c.who} ${c.period}`)).toEqual([
      `ann ${yesterday}`,
      `ben ${yesterday}`,
      `cat ${dayBefore}`,
    ])
    // Two instances at once, then a third run: each member's period is paid once.
    const [a, b] = await Promise.all([rebates({ chunkSize: 1 }).payDue(), rebates().payDue()])
    const written = [...(a ?? []), ...(b ?? [])].reduce((s, p) => s + p.written, 0)
    expect(written).toBe(1)
    const third = await rebates().payDue()
    expect(third.reduce((s, p) => s + p.written, 0)).toBe(0)
  })

  it('pays each member exactly the table, into the wallet, with a notice, and nothing to the rest', async () => {
    const claims = await claimsOf(rebateId)
    expect(claims).toEqual([
      { who: 'ann', period: yesterday, amount: 2050n, base: 350_050n, status: 'claimed' },
      { who: 'ben', period: yesterday, amount: 460n, base: 112_351n, status: 'claimed' },
      { who: 'cat', period: dayBefore, amount: 400n, base: 50_000n, status: 'claimed' },
      { who: 'cat', period: yesterday, amount: 400n, base: 50_000n, status: 'claimed' },
    ])
    for (const name of Object.keys(table)) {
      const owed = rebateOwed[name]
      const total = (owed?.yesterday ?? 0n) + (owed?.dayBefore ?? 0n)
      expect(await mainMinor(server, who[name]?.token ?? ''), name).toBe(total)
      const notices = await server.db
        .select({ amount: fundNotices.amount })
        .from(fundNotices)
        .where(and(eq(fundNotices.memberId, idOf(name)), eq(fundNotices.kind, 'promotion_credited')))
      expect(notices.map((n) => n.amount).sort(), name).toEqual(
        [owed?.dayBefore, owed?.yesterday].filter((x) => x !== undefined).sort(),
      )
    }
  })

  it('reconcile agrees, and names a claim whose amount was changed behind its back', async () => {
    expect(await runOps(server, 'reconcile')).toMatch(
      /promotion money reconciles for \w+: 4 credited claims, 3310/,
    )
    const [ann] = await server.db
      .select({ id: promotionClaims.id })
      .from(promotionClaims)
      .where(and(eq(promotionClaims.memberId, idOf('ann')), eq(promotionClaims.promotionId, rebateId)))
    if (!ann) throw new Error('no claim')
    await server.db.update(promotionClaims).set({ amount: 9999n }).where(eq(promotionClaims.id, ann.id))
    await expect(runOps(server, 'reconcile')).rejects.toThrow(
      new RegExp(
        `PROMOTION MONEY DOES NOT RECONCILE[\\s\\S]*claim ${ann.id}: amount 9999, 1 BONUS movements moving 2050`,
      ),
    )
    await server.db.update(promotionClaims).set({ amount: 2050n }).where(eq(promotionClaims.id, ann.id))
    expect(await runOps(server, 'reconcile')).toMatch(/promotion money reconciles/)
  })

  it('the operator refuses a period not closed and a promotion the job does not pay', async () => {
    await expect(
      runOps(server, 'rebates', 'run', String(rebateId), wallDate(m.timeZone, at)),
    ).rejects.toThrow(/has not closed yet/)
    const [login] = await server.db
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(eq(promotions.merchantCode, m.code), eq(promotions.template, 'dailyLogin')))
    await expect(runOps(server, 'rebates', 'run', String(login?.id), yesterday)).rejects.toThrow(
      /only automatic daily, weekly or monthly rebates and loss rescues/,
    )
  })
})

describe('the automatic loss rescue', () => {
  it('pays 5% of yesterday’s net loss, at most 100.00 and from a loss of 10.00, through the operator’s command', async () => {
    const rescue = await createPromotionRepository(server.db).add({
      merchantCode: m.code,
      template: 'rescue',
      category: 'others',
      claimMode: 'auto',
      frequency: 'daily',
      rule: { kind: 'lossPercent', rate: 500, cap: 10_000, minLoss: 1_000 },
      eligibility: {},
      turnover: { multipleTenths: 10, base: 'bonus' },
      code: null,
      codeUses: null,
      titles: { en: 'Loss rescue' },
      contents: { en: '' },
      imageUrl: null,
      startsAt: new Date(at.getTime() - 86_400_000 * 2),
      endsAt: null,
      pausedAt: null,
      sort: 1,
      createdAt: at,
      createdBy: 'test',
    })
    // Net losses yesterday: ann 3,500.50 - 1,000.00 = 2,500.50 -> 125.025, capped 100.00;
    // ben won; cat 500.00 - 300.00 = 200.00 -> 10.00; eve is a trial account; fay 0.10 is
    // below the minimum loss; cat's day before broke even.
    const out = await runOps(server, 'rebates', 'run', String(rescue.id), yesterday)
    expect(out).toMatch(/: 2 members credited 110\.00$/)
    expect(await claimsOf(rescue.id)).toEqual([
      { who: 'ann', period: yesterday, amount: 10_000n, base: 250_050n, status: 'claimed' },
      { who: 'cat', period: yesterday, amount: 1_000n, base: 20_000n, status: 'claimed' },
    ])
    const due = await runOps(server, 'rebates', 'due')
    expect(due.split('\n')[0]).toMatch(/ 0 members credited 0\.00$/)
    expect(await mainMinor(server, who.ann?.token ?? '')).toBe(2050n + 10_000n)
    expect(await runOps(server, 'reconcile')).toMatch(
      /promotion money reconciles for \w+: 6 credited claims, 14310/,
    )
    const audit = await server.db
      .select({ words: operatorActions.words, target: operatorActions.target })
      .from(operatorActions)
      .where(sql`${operatorActions.words}->>0 = 'rebates'`)
    expect(audit.map((a) => a.target)).toEqual([`promotion #${rescue.id} period ${yesterday}`, 'rebates due'])
  })
})
