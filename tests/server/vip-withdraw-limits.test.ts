/**
 * The VIP level's daily withdrawal limits (decision 030 section 5): a Silver member (the demo's
 * 5 withdrawals and 5,000.00 a brand day) is refused the sixth withdrawal and an amount over
 * what is left, with the limit and what is used; a rejected request does not count; the
 * withdraw settings show what is left today and start again after the brand's midnight; the
 * base level (the brand's own limits) has none; 20 withdrawals at once at the count limit
 * pass only up to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WithdrawalSchema, WithdrawSettingsSchema } from '#contract/funds'
import { periodAt } from '#server/contracts/periods'
import { createVipRepository } from '#server/loyalty/vip/vip-repository'
import { reconcile } from '#server/money/ledger-reconcile'
import { merchantByCode } from '#server/system/brands-repository'
import { build, runOps, type TestServer } from '../build-server'
import { createClock, failureOf, plainCall, valueOf } from '../identity-helpers'
import type { MoneyMember } from '../money-helpers'
import { withdrawalTools } from './money-withdrawal-setup'

const clock = createClock()
let server: TestServer
let timeZone = ''

beforeAll(async () => {
  server = await build({ now: clock.now })
  const m = await merchantByCode(server.db, server.config.MERCHANT_CODE)
  if (!m) throw new Error('no brand')
  timeZone = m.timeZone
  // An hour after the brand's midnight: every withdrawal of a test falls on one brand day.
  clock.advance(periodAt('day', timeZone, clock.now()).end.getTime() + 3_600_000 - clock.now().getTime())
})
afterAll(async () => {
  if (server) expect((await reconcile(server.db)).ok).toBe(true)
  await server?.close()
})

const { withPassword, addCard, withdraw } = withdrawalTools(() => server)

async function settings(m: MoneyMember) {
  const res = await plainCall(server, 'GET', '/wps/relay/MCSFE_getWithdrawSettings', { token: m.token })
  return valueOf(res, (v) => WithdrawSettingsSchema.parse(v))
}

/** A member with a payment password, a card and `credit`, at the demo's Silver level. */
async function silver(credit: string) {
  const m = await withPassword(credit)
  const card = await addCard(m)
  // Straight to the level (the operator's command would also pay its level-up bonus, whose
  // turnover would hold the withdrawals).
  await server.db.transaction((tx) =>
    createVipRepository(server.db).set(
      tx,
      server.config.MERCHANT_CODE,
      m.id,
      1,
      2,
      new Date(),
      'test',
      'test',
    ),
  )
  return { m, card }
}

describe('a Silver member’s withdrawals today', () => {
  it('show what is left, refuse an amount over it with the limit and what is used, and skip rejected ones', async () => {
    const { m, card } = await silver('9000.00')
    expect((await settings(m)).today).toEqual({
      count: 0,
      amount: '0.00',
      countLimit: 5,
      countLeft: 5,
      amountLimit: '5000.00',
      amountLeft: '5000.00',
    })
    const first = valueOf(await withdraw(m, card, '3000.00'), (v) => WithdrawalSchema.parse(v))
    expect((await settings(m)).today).toMatchObject({ count: 1, countLeft: 4, amountLeft: '2000.00' })

    const over = failureOf(await withdraw(m, card, '2000.01'))
    expect(over).toMatchObject({
      errorCode: 'withdraw_daily_limit_reached',
      value: { limit: '5000.00', used: '3000.00' },
    })
    valueOf(await withdraw(m, card, '2000.00'), (v) => WithdrawalSchema.parse(v))
    expect((await settings(m)).today).toMatchObject({ count: 2, amount: '5000.00', amountLeft: '0.00' })

    // A rejected request gives its amount and its place back.
    await runOps(server, 'withdrawals', 'reject', String(first.id), 'name does not match')
    expect((await settings(m)).today).toMatchObject({ count: 1, countLeft: 4, amountLeft: '3000.00' })
  })

  it('refuse the sixth withdrawal of the day, and start again after the brand’s midnight', async () => {
    // Five minutes before the brand's midnight.
    const end = periodAt('day', timeZone, clock.now()).end.getTime()
    clock.advance(end - 300_000 - clock.now().getTime())
    const { m, card } = await silver('1000.00')
    for (let i = 0; i < 5; i++) expect((await withdraw(m, card, '10.00')).statusCode).toBe(200)
    expect((await settings(m)).today).toMatchObject({ count: 5, countLeft: 0, amountLeft: '4950.00' })
    expect(failureOf(await withdraw(m, card, '10.00'))).toMatchObject({
      errorCode: 'withdraw_daily_count_reached',
      value: { limit: 5, used: 5 },
    })
    // One minute before the brand's midnight the day is still full; one minute after, a new day.
    clock.advance(end - 60_000 - clock.now().getTime())
    expect(failureOf(await withdraw(m, card, '10.00')).errorCode).toBe('withdraw_daily_count_reached')
    clock.advance(120_000)
    expect((await settings(m)).today).toMatchObject({ count: 0, countLeft: 5, amountLeft: '5000.00' })
    expect((await withdraw(m, card, '10.00')).statusCode).toBe(200)
  })

  it('at the base level follow the brand’s own limits: none per day', async () => {
    const m = await withPassword('100.00')
    const card = await addCard(m)
    for (let i = 0; i < 6; i++) expect((await withdraw(m, card, '10.00')).statusCode).toBe(200)
    expect((await settings(m)).today).toEqual({
      count: 6,
      amount: '60.00',
      countLimit: null,
      countLeft: null,
      amountLimit: null,
      amountLeft: null,
    })
  })

  it('20 at once with 2 left: exactly 2 pass, the others are told the count is reached', async () => {
    const { m, card } = await silver('1000.00')
    for (let i = 0; i < 3; i++) expect((await withdraw(m, card, '10.00')).statusCode).toBe(200)
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(m, card, '10.00')))
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2)
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(failureOf(r).errorCode).toBe('withdraw_daily_count_reached')
    }
    expect((await settings(m)).today).toMatchObject({ count: 5, countLeft: 0, amount: '50.00' })
  })
})
