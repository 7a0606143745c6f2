/**
 * The birthday (decision 030 section 5): the member sets it once through the profile, a real
 * date of a member of the brand's minimum age (18, or 21 where the brand says so), and cannot
 * change it; the `vip.birthdays` job pays the level's birthday bonus once per member and year
 * in the brand's zone, across the brand's midnight and two instances at once; a Feb 29
 * birthday is paid on Feb 28 of a common year; a member without a birthday, or of a level
 * without a birthday bonus, gets nothing.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { identityEndpoints as ep, MemberInfoSchema } from '#contract/identity'
import { profileEndpoints } from '#contract/profile'
import { instantAtWall, wallDate } from '#server/contracts/periods'
import { fundNotices, merchants, promotionClaims, promotions } from '#server/db/schema'
import { vipServicesOf } from '#server/loyalty/vip/service-of'
import { createVipRepository } from '#server/loyalty/vip/vip-repository'
import type { MerchantRow } from '#server/money/common'
import { reconcile } from '#server/money/ledger-reconcile'
import { reconcilePromotions } from '#server/promotions/reconcile'
import { merchantByCode } from '#server/system/brands-repository'
import { build, type TestServer } from '../build-server'
import { failureOf, plainCall, valueOf } from '../identity-helpers'
import { mainMinor, moneyMember, type MoneyMember } from '../money-helpers'

let server: TestServer
let m: MerchantRow

beforeAll(async () => {
  server = await build()
  const found = await merchantByCode(server.db, server.config.MERCHANT_CODE)
  if (!found) throw new Error('no brand')
  m = found
})

afterAll(async () => {
  if (server) {
    expect((await reconcile(server.db)).ok).toBe(true)
    expect((await reconcilePromotions(server.db, m.code)).ok).toBe(true)
  }
  await server?.close()
})

const setBirthday = (member: MoneyMember, birthday: string) =>
  plainCall(server, 'POST', profileEndpoints.update.path, { token: member.token, body: { birthday } })

async function info(member: MoneyMember) {
  const res = await plainCall(server, 'GET', ep.memberInfo.path, { token: member.token })
  return valueOf(res, (v) => MemberInfoSchema.parse(v))
}

/** The day `years` years before the brand's today, YYYY-MM-DD (a Feb 29 taken as Feb 28). */
function yearsAgo(years: number, dayShift = 0): string {
  const today = wallDate(m.timeZone, new Date())
  const [y, mo, d] = today.split('-').map(Number) as [number, number, number]
  const t = new Date(Date.UTC(y - years, mo - 1, mo === 2 && d === 29 ? 28 : d) + dayShift * 86_400_000)
  return t.toISOString().slice(0, 10)
}

describe('setting the birthday', () => {
  it('refuses a date that is not one, a future one and an age under the brand’s minimum', async () => {
    const ann = await moneyMember(server)
    for (const bad of ['1990-02-30', '1990-13-01', '31-12-1990', '', '2999-01-01']) {
      expect(failureOf(await setBirthday(ann, bad)).errorCode, bad).toMatch(
        /^(birthday_invalid|validation_failed)$/,
      )
    }
    // One day short of 18.
    expect(failureOf(await setBirthday(ann, yearsAgo(18, 1)))).toMatchObject({
      errorCode: 'birthday_under_age',
      value: { minimumAge: 18 },
    })
    expect((await info(ann)).birthday).toBeNull()
  })

  it('takes 18 today, shows it in member info, and refuses any change after', async () => {
    const bob = await moneyMember(server)
    const eighteen = yearsAgo(18)
    expect(valueOf(await setBirthday(bob, eighteen), (v) => v)).toMatchObject({
      values: { birthday: eighteen },
    })
    expect((await info(bob)).birthday).toBe(eighteen)
    expect(failureOf(await setBirthday(bob, '1990-01-01')).errorCode).toBe('birthday_already_set')
    expect((await info(bob)).birthday).toBe(eighteen)
  })

  it('at a brand whose minimum age is 21 refuses a 20-year-old and takes a 21-year-old', async () => {
    await server.db.update(merchants).set({ minimumAge: 21 }).where(eq(merchants.code, m.code))
    try {
      const cy = await moneyMember(server)
      expect(failureOf(await setBirthday(cy, yearsAgo(20)))).toMatchObject({
        errorCode: 'birthday_under_age',
        value: { minimumAge: 21 },
      })
      expect((await setBirthday(cy, yearsAgo(21))).statusCode).toBe(200)
    } finally {
      await server.db.update(merchants).set({ minimumAge: 18 }).where(eq(merchants.code, m.code))
    }
  })

  it('20 settings at once keep exactly one birthday', async () => {
    const dee = await moneyMember(server)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => setBirthday(dee, `1990-01-${String(i + 1).padStart(2, '0')}`)),
    )
    const ok = answers.filter((r) => r.statusCode === 200)
    expect(ok).toHaveLength(1)
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(failureOf(r).errorCode).toBe('birthday_already_set')
    }
    expect((await info(dee)).birthday).toBe(
      (ok[0]?.json() as { value: { values: { birthday: string } } }).value.values.birthday,
    )
  })
})

describe('the birthday bonus', () => {
  /** A member at `rank` (set straight, no level-up bonus) born on `birthday` (or none). */
  async function born(birthday: string | null, rank = 2) {
    const x = await moneyMember(server)
    if (birthday) expect((await setBirthday(x, birthday)).statusCode).toBe(200)
    if (rank > 1) {
      await server.db.transaction((tx) =>
        createVipRepository(server.db).set(tx, m.code, x.id, 1, rank, new Date(), 'test', 'test'),
      )
    }
    return x
  }

  /** The job's pass at the brand's wall time `wall` (YYYY-MM-DDTHH:MM): how many this run paid. */
  async function runAt(wall: string) {
    const at = instantAtWall(m.timeZone, wall)
    if (!at) throw new Error(`no time ${wall}`)
    return vipServicesOf(server.db, { now: () => at }).birthdays.payDue(m)
  }

  async function claimsOf(member: MoneyMember) {
    const rows = await server.db
      .select({ period: promotionClaims.period, amount: promotionClaims.amount })
      .from(promotionClaims)
      .innerJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
      .where(and(eq(promotionClaims.memberId, member.id), eq(promotions.template, 'vipBirthday')))
    return rows.map((r) => `${r.period} ${r.amount}`).sort()
  }

  it('pays the level’s bonus once on the birthday, across the brand’s midnight and two instances', async () => {
    const silver = await born('1990-07-15')
    const gold = await born('1991-07-15', 3)
    const nextDay = await born('1990-07-16')
    const before = await mainMinor(server, silver.token)
    // 23:59 on the birthday: two instances at once, then the same minute again.
    await Promise.all([runAt('2031-07-15T23:59'), runAt('2031-07-15T23:59')])
    await runAt('2031-07-15T23:59')
    // Silver's birthday bonus is 10.00, Gold's 28.00 (the demo's levels).
    expect(await claimsOf(silver)).toEqual(['2031 1000'])
    expect(await claimsOf(gold)).toEqual(['2031 2800'])
    expect(await claimsOf(nextDay)).toEqual([])
    // 00:01 the next brand day: yesterday's birthdays are not paid again; today's are.
    await runAt('2031-07-16T00:01')
    expect(await claimsOf(silver)).toEqual(['2031 1000'])
    expect(await claimsOf(nextDay)).toEqual(['2031 1000'])
    expect(await mainMinor(server, silver.token)).toBe(before + 1000n)
    const told = await server.db
      .select({ amount: fundNotices.amount })
      .from(fundNotices)
      .where(and(eq(fundNotices.memberId, silver.id), eq(fundNotices.kind, 'vip_birthday')))
    expect(told).toEqual([{ amount: 1000n }])
    // The next year's birthday is paid again, once.
    await runAt('2032-07-15T09:00')
    await runAt('2032-07-15T10:00')
    expect(await claimsOf(silver)).toEqual(['2031 1000', '2032 1000'])
  })

  it('a Feb 29 birthday is paid on Feb 28 of a common year, and on Feb 29 of a leap year', async () => {
    const leap = await born('2000-02-29')
    await runAt('2027-02-27T12:00')
    expect(await claimsOf(leap)).toEqual([])
    await runAt('2027-02-28T12:00')
    await runAt('2027-03-01T00:30')
    expect(await claimsOf(leap)).toEqual(['2027 1000'])
    await runAt('2028-02-28T12:00')
    expect(await claimsOf(leap)).toEqual(['2027 1000'])
    await runAt('2028-02-29T12:00')
    expect(await claimsOf(leap)).toEqual(['2027 1000', '2028 1000'])
  })

  it('a member without a birthday, or at a level without a birthday bonus, gets nothing', async () => {
    const none = await born(null)
    const bronze = await born('1990-09-09', 1)
    await runAt('2031-09-09T12:00')
    expect(await claimsOf(none)).toEqual([])
    expect(await claimsOf(bronze)).toEqual([])
  })
})
