/**
 * Who may call the points calls (decision 030, section 9): a visitor is asked to log in, a
 * guest (trial account) to open a real account, and a member reads only their own points,
 * details and the brand's settings. With the points system switched off (PTSYS3) the calls
 * answer feature_disabled. The points details are the account record's call with
 * `book=points`; a type of the other book is refused.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pointEndpoints } from '#contract/points'
import { recordEndpoints } from '#contract/records'
import { pointAccounts, pointRedemptions } from '#server/db/schema'
import { writeVersion } from '#server/loyalty/points/point-config'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, plainCall, valueOf } from '../identity-helpers'
import { moneyMember, sealedMoneyCall, type MoneyMember } from '../money-helpers'

let server: TestServer
let alice: MoneyMember
let bob: MoneyMember
let guestToken: string

beforeAll(async () => {
  server = await build()
  await writeVersion(
    server.db,
    'DEMO',
    {
      enabled: true,
      rates: { RNG: 10, LIVE: 5, LOTT: 20 },
      conversions: [
        { type: 'cash', moneyPer100Points: 100, minPoints: 100, stepPoints: 100, turnoverTenths: 0 },
        { type: 'bonus', moneyPer100Points: 150, minPoints: 100, stepPoints: 100, turnoverTenths: 30 },
      ],
    },
    new Date(Date.now() - 1000),
  )
  alice = await moneyMember(server, undefined, 'pa')
  bob = await moneyMember(server, undefined, 'pa')
  await runOps(server, 'points', 'adjust', alice.username, '120.5', 'welcome points')
  await runOps(server, 'points', 'adjust', bob.username, '7', 'welcome points')
  await runOps(server, 'points', 'adjust', bob.username, '-2', 'correction')
  const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
  guestToken = (guest.json() as { value: { token: string } }).value.token
})
afterAll(async () => {
  await server?.close()
})

const calls = [
  { name: 'points.balance', path: pointEndpoints.balance.path },
  { name: 'points.config', path: pointEndpoints.config.path },
  { name: 'points.conversionTypes', path: pointEndpoints.conversionTypes.path },
  { name: 'points.rewards', path: pointEndpoints.rewards.path },
  { name: 'points.redemptions', path: pointEndpoints.redemptions.path },
  { name: 'records.movements (points)', path: `${recordEndpoints.movements.path}?book=points` },
]

/** The calls that spend points, with a body a member could send. */
const spends = [
  {
    name: 'points.redeem',
    path: pointEndpoints.redeem.path,
    body: { rewardId: 1, paymentPassword: '246810' },
  },
  {
    name: 'points.convert',
    path: pointEndpoints.convert.path,
    body: { type: 'cash', points: '100', paymentPassword: '246810' },
  },
]

describe('who may call the points calls', () => {
  it.each(calls)('$name: a visitor must log in, a guest needs a real account', async ({ path }) => {
    const visitor = await plainCall(server, 'GET', path)
    expect(visitor.statusCode).toBe(401)
    expect(failureOf(visitor).errorCode).toBe('CUSTOMER_NOT_LOGIN')
    const guest = await plainCall(server, 'GET', path, { token: guestToken })
    expect(failureOf(guest).errorCode).toBe('in_need_true_account')
    expect((await plainCall(server, 'GET', path, { token: alice.token })).statusCode).toBe(200)
  })

  it.each(spends)(
    '$name: a visitor must log in, a guest needs a real account; nothing moves',
    async ({ path, body }) => {
      const visitor = await sealedMoneyCall(server, '', path, body)
      expect(visitor.statusCode).toBe(401)
      expect(failureOf(visitor).errorCode).toBe('CUSTOMER_NOT_LOGIN')
      const guest = await sealedMoneyCall(server, guestToken, path, body)
      expect(failureOf(guest).errorCode).toBe('in_need_true_account')
      const rows = await server.db.select().from(pointRedemptions)
      expect(rows).toEqual([])
    },
  )

  it('reads a balance without making an account', async () => {
    const carol = await moneyMember(server, undefined, 'pa')
    const res = await plainCall(server, 'GET', pointEndpoints.balance.path, { token: carol.token })
    expect(valueOf(res, (v) => pointEndpoints.balance.response.parse(v))).toEqual({ points: '0' })
    const rows = await server.db.select().from(pointAccounts).where(eq(pointAccounts.memberId, carol.id))
    expect(rows).toEqual([])
  })

  it('answers each member their own balance and details only', async () => {
    const balance = (token: string) =>
      plainCall(server, 'GET', pointEndpoints.balance.path, { token }).then((r) =>
        valueOf(r, (v) => pointEndpoints.balance.response.parse(v)),
      )
    expect(await balance(alice.token)).toEqual({ points: '120.5' })
    expect(await balance(bob.token)).toEqual({ points: '5' })
    const details = (token: string, query = '') =>
      plainCall(server, 'GET', `${recordEndpoints.movements.path}?book=points${query}`, { token }).then((r) =>
        valueOf(r, (v) => recordEndpoints.movements.response.parse(v)),
      )
    const mine = await details(bob.token)
    expect(mine.list.map((m) => [m.type, m.amount, m.balanceAfter, m.memo])).toEqual([
      ['ADJUSTMENT', '-2', '5', 'correction'],
      ['ADJUSTMENT', '7', '7', 'welcome points'],
    ])
    expect((await details(alice.token)).list).toHaveLength(1)
    expect((await details(bob.token, '&type=EARN')).list).toEqual([])
    // The money record is unchanged by points: no points movement shows among money's.
    const money = await plainCall(server, 'GET', recordEndpoints.movements.path, { token: bob.token })
    expect(valueOf(money, (v) => recordEndpoints.movements.response.parse(v)).list).toEqual([])
  })

  it('refuses a type of the other book', async () => {
    const pointsDeposit = await plainCall(
      server,
      'GET',
      `${recordEndpoints.movements.path}?book=points&type=DEPOSIT`,
      {
        token: alice.token,
      },
    )
    expect(failureOf(pointsDeposit).errorCode).toBe('validation_failed')
    const moneyEarn = await plainCall(server, 'GET', `${recordEndpoints.movements.path}?type=EARN`, {
      token: alice.token,
    })
    expect(failureOf(moneyEarn).errorCode).toBe('validation_failed')
  })

  it('shows the settings in force: rates per game type and the ways to convert', async () => {
    const config = valueOf(
      await plainCall(server, 'GET', pointEndpoints.config.path, { token: alice.token }),
      (v) => pointEndpoints.config.response.parse(v),
    )
    expect(config.enabled).toBe(true)
    expect(config.rates).toEqual([
      { productType: 'LOTT', pointsPerUnit: '0.2' },
      { productType: 'LIVE', pointsPerUnit: '0.05' },
      { productType: 'RNG', pointsPerUnit: '0.1' },
    ])
    const ways = valueOf(
      await plainCall(server, 'GET', pointEndpoints.conversionTypes.path, { token: alice.token }),
      (v) => pointEndpoints.conversionTypes.response.parse(v),
    )
    expect(ways.list).toEqual([
      { type: 'cash', moneyPer100Points: '1.00', minPoints: 100, stepPoints: 100, turnoverMultiple: '0' },
      { type: 'bonus', moneyPer100Points: '1.50', minPoints: 100, stepPoints: 100, turnoverMultiple: '3' },
    ])
  })

  it('answers feature_disabled while the points system is switched off', async () => {
    await runOps(server, 'flag', 'set', 'PTSYS3', 'off')
    try {
      for (const { path } of calls) {
        const res = await plainCall(server, 'GET', path, { token: alice.token })
        expect(failureOf(res).errorCode).toBe('feature_disabled')
      }
      // The money record is the same call without `book=points`: it stays.
      const money = await plainCall(server, 'GET', recordEndpoints.movements.path, { token: alice.token })
      expect(money.statusCode).toBe(200)
    } finally {
      await runOps(server, 'flag', 'set', 'PTSYS3', 'on')
    }
  })
})
