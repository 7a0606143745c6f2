/**
 * The demo's referrals (decision 032, server/referral/seed.ts): after the demo start's
 * referral step, player01's Invite friends page reads real figures through its endpoints —
 * the rules on, four friends (rewarded, pending without a deposit, deposited short of the
 * turnover, held as a likely self-referral), the reward and the daily share paid as real
 * promotion claims (bonus details list them), the books reconciled; a second start pays
 * nothing again; a production install has no referral settings or rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { successEnvelope } from '#contract/envelope'
import { recordEndpoints } from '#contract/records'
import { referralEndpoints as ep } from '#contract/referral'
import { promotionClaims, referralSettings, referrals } from '#server/db/schema'
import { seedDemoReferralsStep, seedForStart } from '#server/db/seed'
import { reconcile } from '#server/money/ledger-reconcile'
import { build, type TestServer } from '../build-server'
import { plainCall, tokenOf } from '../identity-helpers'

let server: TestServer
let token: string

beforeAll(async () => {
  server = await build()
  // The suites' database is the demo brand alone; a demo start runs this step after the others.
  await seedDemoReferralsStep(
    server.db,
    server.config.MERCHANT_CODE,
    new Date(),
    server.services.passwords.hash,
  )
  token = await tokenOf(server, 'player01', 'lotus123')
})
afterAll(async () => {
  await server?.close()
})

async function read<T>(path: string, parse: (v: unknown) => T): Promise<T> {
  const res = await plainCall(server, 'GET', path, { token })
  expect(res.statusCode, res.body).toBe(200)
  return parse(res.json())
}

describe('player01’s Invite friends in a fresh demo', () => {
  it('shows the rules on, four friends and what they earned', async () => {
    const o = await read(ep.overview.path, (v) => successEnvelope(ep.overview.response).parse(v).value)
    expect(o).toEqual({
      totalInvitations: 4,
      deposited: 3,
      rewarded: 1,
      pending: 3,
      // 10.00 for friend01, and 0.5 % of their valid bets of the last two closed days (40.00, 45.00).
      totalEarned: '10.42',
      rules: {
        enabled: true,
        rewardAmount: '10.00',
        turnover: '200.00',
        shareBp: 50,
        rewardTurnoverMultiple: '0',
      },
    })
    const f = await read(
      `${ep.friends.path}?pageNo=1&pageSize=10`,
      (v) => successEnvelope(ep.friends.response).parse(v).value,
    )
    expect(f.total).toBe(4)
    expect(
      f.list.map(({ username, deposited, validBet, reward, rewardAmount }) => ({
        username,
        deposited,
        validBet,
        reward,
        rewardAmount,
      })),
    ).toEqual([
      { username: 'fr***04', deposited: true, validBet: '230.00', reward: 'held', rewardAmount: null },
      { username: 'fr***03', deposited: true, validBet: '50.00', reward: 'pending', rewardAmount: null },
      { username: 'fr***02', deposited: false, validBet: '0.00', reward: 'pending', rewardAmount: null },
      { username: 'fr***01', deposited: true, validBet: '325.00', reward: 'rewarded', rewardAmount: '10.00' },
    ])
  })

  it('pays the reward and the shares as promotion claims the bonus details list; reconciles', async () => {
    const b = await read(
      `${recordEndpoints.bonuses.path}?pageNo=1&pageSize=50`,
      (v) => successEnvelope(recordEndpoints.bonuses.response).parse(v).value,
    )
    const amounts = b.list.map((x) => x.amount)
    expect(amounts).toContain('10.00')
    expect(amounts).toContain('0.20')
    expect(amounts).toContain('0.22')
    const c = await read(
      `${ep.claims.path}?pageNo=1&pageSize=10`,
      (v) => successEnvelope(ep.claims.response).parse(v).value,
    )
    expect(c.total).toBe(3)
    expect(c.list.map(({ kind, friend, amount }) => ({ kind, friend, amount }))).toEqual([
      { kind: 'share', friend: null, amount: '0.20' },
      { kind: 'share', friend: null, amount: '0.22' },
      { kind: 'friend', friend: 'fr***01', amount: '10.00' },
    ])
    expect(c.list[0]?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const r = await reconcile(server.db)
    expect(r.statsDrift).toEqual([])
    expect(r.ok).toBe(true)
  })

  it('pays nothing again on a second start', async () => {
    const before = await server.db.select().from(promotionClaims)
    await seedDemoReferralsStep(
      server.db,
      server.config.MERCHANT_CODE,
      new Date(),
      server.services.passwords.hash,
    )
    expect(await server.db.select().from(promotionClaims)).toHaveLength(before.length)
    expect(await server.db.select().from(referrals)).toHaveLength(4)
  })

  it('gives a production install no referral settings or rows', async () => {
    const prod = await build({ empty: true })
    try {
      await seedForStart(prod.db, { DEMO: false, MERCHANT_CODE: 'LIVE' }, prod.services.passwords.hash)
      expect(await prod.db.select().from(referralSettings)).toEqual([])
      expect(await prod.db.select().from(referrals)).toEqual([])
    } finally {
      await prod.close()
    }
  })
})
