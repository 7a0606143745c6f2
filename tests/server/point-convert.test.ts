/**
 * Converting points to money (decision 030, section 3): at the settings in force, at least
 * the type's minimum and in its steps, within the balance; a bonus carries its turnover. Every
 * refusal moves nothing; the books reconcile. Runs on PostgreSQL too (TEST_DATABASE_URL).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pointEndpoints as ep } from '#contract/points'
import { pointRedemptions, turnoverRequirements } from '#server/db/schema'
import { writeVersion } from '#server/loyalty/points/point-config'
import { reconcile } from '#server/money/ledger-reconcile'
import { reconcilePromotions } from '#server/promotions/reconcile'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, plainCall, valueOf } from '../identity-helpers'
import {
  mainMinor,
  newKey,
  sealedMoneyCall,
  testPaymentPassword,
  withPaymentPassword,
  type MoneyMember,
} from '../money-helpers'

let server: TestServer

beforeAll(async () => {
  server = await build()
  await writeVersion(
    server.db,
    server.config.MERCHANT_CODE,
    {
      enabled: true,
      rates: { RNG: 10 },
      conversions: [
        { type: 'cash', moneyPer100Points: 100, minPoints: 100, stepPoints: 100, turnoverTenths: 0 },
        { type: 'bonus', moneyPer100Points: 150, minPoints: 200, stepPoints: 50, turnoverTenths: 30 },
      ],
    },
    new Date(Date.now() - 1000),
  )
})
afterAll(async () => {
  await server.close()
})

async function member(points: string): Promise<MoneyMember> {
  const m = await withPaymentPassword(server, undefined, 'pc')
  await runOps(server, 'points', 'adjust', m.username, points, 'test points')
  return m
}

const convert = (m: MoneyMember, type: string, points: string, paymentPassword = testPaymentPassword) =>
  sealedMoneyCall(server, m.token, ep.convert.path, { type, points, paymentPassword }, newKey())

async function pointsOf(m: MoneyMember) {
  const res = await plainCall(server, 'GET', ep.balance.path, { token: m.token })
  return valueOf(res, (v) => ep.balance.response.parse(v)).points
}

describe('converting points', () => {
  it('turns points into cash at the rate, recorded as an approved conversion', async () => {
    const m = await member('350')
    const r = valueOf(await convert(m, 'cash', '300'), (v) => ep.convert.response.parse(v))
    expect(r.redemption).toMatchObject({
      type: 'conversion',
      status: 'approved',
      points: '300',
      value: '3.00',
    })
    expect(r.points).toBe('50')
    expect(r.balance).toBe('3.00')
    expect(await mainMinor(server, m.token)).toBe(300n)
    const req = await server.db
      .select()
      .from(turnoverRequirements)
      .where(eq(turnoverRequirements.memberId, m.id))
    expect(req).toEqual([])
  })

  it('turns points into a bonus that carries its turnover', async () => {
    const m = await member('250')
    const r = valueOf(await convert(m, 'bonus', '250'), (v) => ep.convert.response.parse(v))
    expect(r.redemption.value).toBe('3.75')
    const req = await server.db
      .select({ required: turnoverRequirements.required })
      .from(turnoverRequirements)
      .where(eq(turnoverRequirements.memberId, m.id))
    expect(req).toEqual([{ required: 1125n }])
  })

  it.each([
    ['0', 'point_amount_invalid'],
    ['-100', 'point_amount_invalid'],
    ['150', 'point_amount_invalid'],
    ['100.5', 'point_amount_invalid'],
    ['abc', 'point_amount_invalid'],
    ['', 'point_amount_invalid'],
    ['99999900', 'points_insufficient'],
  ])('refuses %s points to cash as %s, moving nothing', async (points, errorCode) => {
    const m = await member('500')
    const res = await convert(m, 'cash', points)
    expect(failureOf(res).errorCode).toBe(errorCode)
    if (errorCode === 'point_amount_invalid') expect(failureOf(res).value).toEqual({ min: 100, step: 100 })
    expect(await pointsOf(m)).toBe('500')
    expect(await mainMinor(server, m.token)).toBe(0n)
    expect(
      await server.db.select().from(pointRedemptions).where(eq(pointRedemptions.memberId, m.id)),
    ).toEqual([])
  })

  it('refuses below the bonus minimum and off its step', async () => {
    const m = await member('500')
    for (const points of ['150', '225']) {
      expect(failureOf(await convert(m, 'bonus', points))).toMatchObject({
        errorCode: 'point_amount_invalid',
        value: { min: 200, step: 50 },
      })
    }
  })

  it('refuses a wrong payment password, counted, moving nothing', async () => {
    const m = await member('500')
    const res = await convert(m, 'cash', '100', '999999')
    expect(failureOf(res).errorCode).toBe('payment_password_wrong')
    expect(await pointsOf(m)).toBe('500')
  })

  it('pays 20 identical conversions at once only as far as the points go', async () => {
    const m = await member('500')
    const results = await Promise.all(Array.from({ length: 20 }, () => convert(m, 'cash', '200')))
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2)
    expect(new Set(results.filter((r) => r.statusCode !== 200).map((r) => failureOf(r).errorCode))).toEqual(
      new Set(['points_insufficient']),
    )
    expect(await pointsOf(m)).toBe('100')
    expect(await mainMinor(server, m.token)).toBe(400n)
  })

  it('answers point_conversion_unavailable when the brand offers no such conversion', async () => {
    await runOps(server, 'points', 'config', 'convert', 'bonus', 'none')
    try {
      const m = await member('500')
      expect(failureOf(await convert(m, 'bonus', '200')).errorCode).toBe('point_conversion_unavailable')
    } finally {
      await runOps(
        server,
        'points',
        'config',
        'convert',
        'bonus',
        '1.5',
        '--min',
        '200',
        '--step',
        '50',
        '--turnover',
        '3',
      )
    }
  })

  it('leaves the books reconciled', async () => {
    const r = await reconcile(server.db)
    expect(r.points.mallDrift).toEqual([])
    expect(r.ok).toBe(true)
    expect((await reconcilePromotions(server.db, server.config.MERCHANT_CODE)).ok).toBe(true)
  })
})
