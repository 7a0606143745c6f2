/**
 * The point mall through its endpoints and the operator's commands (decision 030, section 3):
 * the catalogue, redemptions of items, cash and bonuses behind the payment password, the
 * stock and the per-member limit under 20 requests at once, refusals that move nothing, the
 * operator's approval and rejection (points, money and stock back; the member told), and
 * the books reconciled. Runs on PostgreSQL too (TEST_DATABASE_URL).
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pointEndpoints as ep } from '#contract/points'
import { fundNotices, pointRedemptions, pointRewards, turnoverRequirements } from '#server/db/schema'
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
const code = () => server.config.MERCHANT_CODE
const ids: Record<string, number> = {}
/** The rewards the suite adds, by name. */
const rewards = new Proxy(ids, {
  get: (t, key: string) => {
    const id = t[key]
    if (id === undefined) throw new Error(`no reward ${key}`)
    return id
  },
}) as Readonly<Record<'bank' | 'shirt' | 'phone' | 'cash' | 'bonus' | 'gone', number>>

/** Adds a reward through the operator's command and answers its id. */
async function addReward(key: string, ...args: string[]) {
  const out = await runOps(server, 'reward', 'add', ...args)
  const id = /#(\d+)/.exec(out)?.[1]
  if (!id) throw new Error(out)
  ids[key] = Number(id)
}

beforeAll(async () => {
  server = await build()
  await writeVersion(
    server.db,
    code(),
    {
      enabled: true,
      rates: { RNG: 10 },
      conversions: [
        { type: 'cash', moneyPer100Points: 100, minPoints: 100, stepPoints: 100, turnoverTenths: 0 },
        { type: 'bonus', moneyPer100Points: 150, minPoints: 100, stepPoints: 50, turnoverTenths: 30 },
      ],
    },
    new Date(Date.now() - 1000),
  )
  await addReward(
    'bank',
    'physical',
    '{"en":"Power bank","km":"ថ្មបម្រុង"}',
    '--points',
    '50',
    '--stock',
    '10',
    '--limit',
    '1',
  )
  await addReward(
    'shirt',
    'physical',
    '{"en":"T-shirt"}',
    '--points',
    '20',
    '--amount',
    '5',
    '--stock',
    '50',
    '--limit',
    '2',
  )
  await addReward('phone', 'physical', '{"en":"Phone"}', '--points', '10', '--stock', '1')
  await addReward('cash', 'cash', '{"en":"10.00 cash"}', '--points', '10', '--value', '10')
  await addReward(
    'bonus',
    'bonus',
    '{"en":"25.00 bonus"}',
    '--points',
    '20',
    '--value',
    '25',
    '--turnover',
    '5',
    '--limit',
    '3',
  )
  await addReward('gone', 'cash', '{"en":"Retired"}', '--points', '1', '--value', '1')
  await runOps(server, 'reward', 'disable', String(rewards.gone))
})
afterAll(async () => {
  await server.close()
})

/** A member with the payment password, `points` loyalty points and `money` on the main wallet. */
async function member(points: string, money?: string): Promise<MoneyMember> {
  const m = await withPaymentPassword(server, money, 'pm')
  await runOps(server, 'points', 'adjust', m.username, points, 'test points')
  return m
}

const address = { address: '12 Street 310, Phnom Penh', phone: '012345678', countryDialingCode: '855' }

function redeem(m: MoneyMember, body: Record<string, unknown>, key: string = newKey()) {
  return sealedMoneyCall(
    server,
    m.token,
    ep.redeem.path,
    { paymentPassword: testPaymentPassword, ...body },
    key,
  )
}

const redeemed = (res: Awaited<ReturnType<typeof redeem>>) => valueOf(res, (v) => ep.redeem.response.parse(v))

async function pointsOf(m: MoneyMember) {
  const res = await plainCall(server, 'GET', ep.balance.path, { token: m.token })
  return valueOf(res, (v) => ep.balance.response.parse(v)).points
}

async function catalogue(m: MoneyMember) {
  const res = await plainCall(server, 'GET', ep.rewards.path, { token: m.token, headers: { language: 'en' } })
  return valueOf(res, (v) => ep.rewards.response.parse(v)).list
}

async function redemptionRows(memberId: number) {
  return server.db.select().from(pointRedemptions).where(eq(pointRedemptions.memberId, memberId))
}

async function booksClean() {
  const r = await reconcile(server.db)
  expect(r.points.mallDrift).toEqual([])
  expect(r.points.ok).toBe(true)
  expect(
    r.ok,
    JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  ).toBe(true)
  const p = await reconcilePromotions(server.db, code())
  expect(p.ok, JSON.stringify(p)).toBe(true)
}

describe('the catalogue', () => {
  it('lists the rewards on offer with their prices, stock and the member’s limit; a disabled one is gone', async () => {
    const m = await member('100')
    const list = await catalogue(m)
    expect(list.map((r) => r.id)).not.toContain(rewards.gone)
    const bank = list.find((r) => r.id === rewards.bank)
    expect(bank).toMatchObject({
      kind: 'physical',
      name: 'Power bank',
      points: '50',
      amountRequired: null,
      value: null,
      memberLimit: 1,
      memberLeft: 1,
    })
    expect(bank?.stockLeft).toBeGreaterThan(0)
    expect(list.find((r) => r.id === rewards.bonus)).toMatchObject({
      kind: 'bonus',
      value: '25.00',
      turnoverMultiple: '5',
      stockLeft: null,
    })
    expect(list.find((r) => r.id === rewards.shirt)).toMatchObject({ amountRequired: '5.00' })
  })

  it('names a reward in the member’s language, else the brand’s', async () => {
    const m = await member('1')
    const res = await plainCall(server, 'GET', ep.rewards.path, {
      token: m.token,
      headers: { language: 'km' },
    })
    const list = valueOf(res, (v) => ep.rewards.response.parse(v)).list
    expect(list.find((r) => r.id === rewards.bank)?.name).toBe('ថ្មបម្រុង')
  })
})

describe('redeeming', () => {
  it('sends a physical item to "in process", takes its points and a unit of stock', async () => {
    const m = await member('120')
    const before = (await catalogue(m)).find((r) => r.id === rewards.bank)?.stockLeft ?? 0
    const r = redeemed(await redeem(m, { rewardId: rewards.bank, ...address }))
    expect(r.redemption).toMatchObject({
      type: 'physical',
      // The call carries no language: the brand's own (Khmer) names it.
      itemName: 'ថ្មបម្រុង',
      quantity: 1,
      points: '50',
      status: 'inProcess',
      address: address.address,
      phone: '+85512345678',
    })
    expect(r.redemption.transactionNo).toMatch(/^PR\d{8}$/)
    expect(r.points).toBe('70')
    const after = (await catalogue(m)).find((x) => x.id === rewards.bank)
    expect(after?.stockLeft).toBe(before - 1)
    expect(after?.memberLeft).toBe(0)
    await booksClean()
  })

  it('refuses a physical item without an address or a phone, or with a phone of the wrong length', async () => {
    const m = await member('120')
    for (const body of [
      {},
      { address: '  ', phone: '012345678', countryDialingCode: '855' },
      { address: 'Somewhere' },
    ]) {
      const res = await redeem(m, { rewardId: rewards.bank, ...body })
      expect(failureOf(res).errorCode).toBe('validation_failed')
    }
    const res = await redeem(m, { rewardId: rewards.bank, ...address, phone: '12' })
    expect(failureOf(res)).toMatchObject({ errorCode: 'validation_failed' })
    expect(failureOf(res).value?.fields?.[0]?.path).toBe('phone')
    expect(await pointsOf(m)).toBe('120')
    expect(await redemptionRows(m.id)).toEqual([])
  })

  it('credits cash at once, approved, through the promotion engine', async () => {
    const m = await member('25', '1.00')
    const r = redeemed(await redeem(m, { rewardId: rewards.cash, quantity: 2 }))
    expect(r.redemption).toMatchObject({
      type: 'cash',
      status: 'approved',
      quantity: 2,
      points: '20',
      value: '20.00',
    })
    expect(r.points).toBe('5')
    expect(r.balance).toBe('21.00')
    expect(await mainMinor(server, m.token)).toBe(2100n)
    await booksClean()
  })

  it('credits a bonus with its turnover requirement', async () => {
    const m = await member('20')
    const r = redeemed(await redeem(m, { rewardId: rewards.bonus }))
    expect(r.redemption).toMatchObject({ type: 'bonus', status: 'approved', value: '25.00' })
    const req = await server.db
      .select({ required: turnoverRequirements.required })
      .from(turnoverRequirements)
      .where(eq(turnoverRequirements.memberId, m.id))
    expect(req).toEqual([{ required: 12_500n }])
    await booksClean()
  })

  it('takes the amount required from the main wallet, and refuses when the wallet is short, moving nothing', async () => {
    const poor = await member('100', '4.00')
    const short = await redeem(poor, { rewardId: rewards.shirt, ...address })
    expect(failureOf(short)).toMatchObject({ errorCode: 'insufficient_balance', value: { balance: '4.00' } })
    expect(await pointsOf(poor)).toBe('100')
    expect(await mainMinor(server, poor.token)).toBe(400n)
    expect(await redemptionRows(poor.id)).toEqual([])

    const m = await member('100', '20.00')
    const r = redeemed(await redeem(m, { rewardId: rewards.shirt, quantity: 2, ...address }))
    expect(r.redemption).toMatchObject({ amount: '10.00', points: '40', status: 'inProcess' })
    expect(r.balance).toBe('10.00')
    await booksClean()
  })

  it('refuses more points than the member has, moving nothing', async () => {
    const m = await member('49.99')
    const res = await redeem(m, { rewardId: rewards.bank, ...address })
    expect(failureOf(res)).toMatchObject({ errorCode: 'points_insufficient', value: { points: '49.99' } })
    expect(await redemptionRows(m.id)).toEqual([])
    expect((await catalogue(m)).find((r) => r.id === rewards.bank)?.memberLeft).toBe(1)
  })

  it('counts a wrong payment password against its lock and moves nothing', async () => {
    const m = await member('100')
    const res = await redeem(m, { rewardId: rewards.cash, paymentPassword: '000000' })
    expect(failureOf(res)).toMatchObject({ errorCode: 'payment_password_wrong', value: { attemptsLeft: 4 } })
    expect(await pointsOf(m)).toBe('100')
    expect(await redemptionRows(m.id)).toEqual([])
  })

  it('answers a retry with the same key from the first answer, redeeming once', async () => {
    const m = await member('100', '1.00')
    const key = newKey()
    const first = redeemed(await redeem(m, { rewardId: rewards.cash }, key))
    const again = redeemed(await redeem(m, { rewardId: rewards.cash }, key))
    expect(again).toEqual(first)
    expect(await redemptionRows(m.id)).toHaveLength(1)
    expect(await pointsOf(m)).toBe('90')
  })

  it('refuses a disabled, unknown or another brand’s reward as not found', async () => {
    const m = await member('100')
    for (const rewardId of [rewards.gone, 999_999]) {
      expect(failureOf(await redeem(m, { rewardId })).errorCode).toBe('point_reward_not_found')
    }
    expect(await redemptionRows(m.id)).toEqual([])
  })

  it('refuses over the per-member limit', async () => {
    const m = await member('500')
    const res = await redeem(m, { rewardId: rewards.bonus, quantity: 4 })
    expect(failureOf(res)).toMatchObject({
      errorCode: 'point_reward_limit_reached',
      value: { limit: 3, left: 3 },
    })
    redeemed(await redeem(m, { rewardId: rewards.bonus, quantity: 3 }))
    expect(failureOf(await redeem(m, { rewardId: rewards.bonus })).value).toMatchObject({ left: 0 })
  })
})

describe('twenty at once', () => {
  it('sells the last item once: one wins, the rest are told it is out of stock', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => member('10')))
    const results = await Promise.all(buyers.map((b) => redeem(b, { rewardId: rewards.phone, ...address })))
    const won = results.filter((r) => r.statusCode === 200)
    expect(won).toHaveLength(1)
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(failureOf(r)).toMatchObject({ errorCode: 'point_reward_out_of_stock', value: { left: 0 } })
    }
    const sold = await server.db
      .select({ n: sql<number>`sum(${pointRedemptions.quantity})`.mapWith(Number) })
      .from(pointRedemptions)
      .where(eq(pointRedemptions.rewardId, rewards.phone))
    expect(sold[0]?.n).toBe(1)
    const left = await Promise.all(buyers.map((b) => pointsOf(b)))
    expect(left.filter((p) => p === '0')).toHaveLength(1)
    await booksClean()
  })

  it('holds one member’s limit under 20 identical requests with different keys', async () => {
    const m = await member('1000')
    const results = await Promise.all(
      Array.from({ length: 20 }, () => redeem(m, { rewardId: rewards.bank, ...address })),
    )
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(new Set(results.filter((r) => r.statusCode !== 200).map((r) => failureOf(r).errorCode))).toEqual(
      new Set(['point_reward_limit_reached']),
    )
    expect(await pointsOf(m)).toBe('950')
  })
})

describe('the operator decides', () => {
  it('rejects with a remark: points, money and stock come back, and the member is told', async () => {
    const m = await member('100', '20.00')
    const r = redeemed(await redeem(m, { rewardId: rewards.shirt, ...address }))
    const stockBefore = (await catalogue(m)).find((x) => x.id === rewards.shirt)?.stockLeft ?? 0
    const out = await runOps(server, 'redemption', 'reject', String(r.redemption.id), 'Out of this size')
    expect(out).toContain('rejected')
    expect(await pointsOf(m)).toBe('100')
    expect(await mainMinor(server, m.token)).toBe(2000n)
    expect((await catalogue(m)).find((x) => x.id === rewards.shirt)?.stockLeft).toBe(stockBefore + 1)
    const notices = await server.db
      .select({ kind: fundNotices.kind, reason: fundNotices.reason })
      .from(fundNotices)
      .where(eq(fundNotices.memberId, m.id))
    expect(notices.map((n) => n.kind)).toEqual(['redemption_rejected'])
    expect(notices[0]?.reason).toContain('Out of this size')
    const history = valueOf(
      await plainCall(server, 'GET', `${ep.redemptions.path}?id=${r.redemption.id}`, { token: m.token }),
      (v) => ep.redemptions.response.parse(v),
    )
    expect(history.list).toEqual([
      expect.objectContaining({ status: 'rejected', remark: 'Out of this size', itemName: 'T-shirt' }),
    ])
    await expect(runOps(server, 'redemption', 'approve', String(r.redemption.id))).rejects.toThrow(
      /rejected already/,
    )
    await booksClean()
  })

  it('approves once; a second decision changes nothing', async () => {
    const m = await member('100')
    const r = redeemed(await redeem(m, { rewardId: rewards.bank, ...address }))
    expect(await runOps(server, 'redemption', 'list')).toContain(r.redemption.transactionNo)
    await runOps(server, 'redemption', 'approve', r.redemption.transactionNo)
    await expect(runOps(server, 'redemption', 'reject', String(r.redemption.id), 'late')).rejects.toThrow(
      /approved already/,
    )
    expect(await pointsOf(m)).toBe('50')
    const [row] = await redemptionRows(m.id)
    expect(row).toMatchObject({ status: 'approved', decidedBy: 'operator:test-operator' })
    const kinds = await server.db
      .select({ kind: fundNotices.kind })
      .from(fundNotices)
      .where(and(eq(fundNotices.memberId, m.id)))
    expect(kinds.map((k) => k.kind)).toEqual(['redemption_approved'])
    await booksClean()
  })

  it('lists the member’s history newest first, filtered by status', async () => {
    const m = await member('200', '20.00')
    const a = redeemed(await redeem(m, { rewardId: rewards.cash }))
    const b = redeemed(await redeem(m, { rewardId: rewards.shirt, ...address }))
    const page = (q: string) =>
      plainCall(server, 'GET', `${ep.redemptions.path}${q}`, { token: m.token }).then((r) =>
        valueOf(r, (v) => ep.redemptions.response.parse(v)),
      )
    expect((await page('')).list.map((x) => x.id)).toEqual([b.redemption.id, a.redemption.id])
    expect((await page('?status=inProcess')).list.map((x) => x.id)).toEqual([b.redemption.id])
    const other = await member('1')
    const foreign = await plainCall(server, 'GET', `${ep.redemptions.path}?id=${a.redemption.id}`, {
      token: other.token,
    })
    expect(valueOf(foreign, (v) => ep.redemptions.response.parse(v)).total).toBe(0)
  })
})

describe('the operator’s rewards', () => {
  it('restocks, edits and lists a reward; a restock reopens a sold-out item', async () => {
    await runOps(server, 'reward', 'stock', String(rewards.phone), '2')
    const m = await member('10')
    expect((await catalogue(m)).find((r) => r.id === rewards.phone)?.stockLeft).toBe(1)
    await runOps(server, 'reward', 'edit', String(rewards.phone), 'points', '12.5')
    const [row] = await server.db.select().from(pointRewards).where(eq(pointRewards.id, rewards.phone))
    expect(row?.points).toBe(1250n)
    expect(await runOps(server, 'reward', 'list')).toMatch(/Phone" on, 12\.5 points, stock 1 of 2 left/)
  })
})
