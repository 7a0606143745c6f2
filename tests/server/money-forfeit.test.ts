/**
 * Forfeiting the open bonuses to withdraw (decision 026), where the brand allows it: the
 * open requirements' bonuses, at most the balance, go back to the house through the
 * ledger and the requirements are closed as forfeited, in one transaction; the withdrawal
 * then goes through. Refused with a translated code when the brand does not allow it, when
 * nothing is open, when the amount shown is no longer what it takes, for a guest, and for a
 * bad body; 20 calls at once forfeit once; both reconciles stay clean.
 */
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { errorCodes } from '#contract/error-codes'
import { WithdrawSettingsSchema } from '#contract/funds'
import { BonusForfeitSchema, TurnoverInfoSchema } from '#contract/turnover'
import {
  betRecords,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  operatorActions,
  turnoverRequirements,
} from '#server/db/schema'
import { reconcile } from '#server/money/ledger-reconcile'
import { reconcilePromotions } from '#server/promotions/reconcile'
import { build, runOps, type TestServer } from '../build-server'
import { createClock, failureOf, plainCall, valueOf } from '../identity-helpers'
import { mainMinor, moneyCall, newKey, type MoneyMember } from '../money-helpers'
import { withdrawalTools } from './money-withdrawal-setup'

const clock = createClock()
let server: TestServer

const url = '/wps/relay/MCSFE_forfeitBonus'

beforeAll(async () => {
  server = await build({ now: clock.now })
})
afterAll(async () => {
  if (server) {
    expect((await reconcile(server.db)).ok).toBe(true)
    expect((await reconcilePromotions(server.db, server.config.MERCHANT_CODE)).ok).toBe(true)
  }
  await server?.close()
})

const { withPassword, addCard, withdraw } = withdrawalTools(() => server)

let betCounter = 0

/** Settled rounds of the member's, `validBet` in minor units each. */
async function settle(m: MoneyMember, ...validBets: bigint[]): Promise<void> {
  const at = clock.now()
  await server.db.insert(betRecords).values(
    validBets.map((validBet) => {
      betCounter += 1
      return {
        merchantCode: server.config.MERCHANT_CODE,
        memberId: m.id,
        betNo: `forfeit-${m.id}-${betCounter}`,
        productType: 'RNG',
        accountTypeId: 109,
        vendorName: 'Demo Slots',
        gameName: 'Lucky Lotus',
        betAmount: validBet,
        validBet,
        payout: 0n,
        status: 'SETTLED' as const,
        betTime: at,
        settledTime: at,
      }
    }),
  )
}

async function settings(m: MoneyMember) {
  const res = await plainCall(server, 'GET', '/wps/relay/MCSFE_getWithdrawSettings', { token: m.token })
  return valueOf(res, (v) => WithdrawSettingsSchema.parse(v))
}

async function info(m: MoneyMember) {
  const res = await plainCall(server, 'GET', '/wps/relay/MCSFE_getTurnoverInfo', { token: m.token })
  return valueOf(res, (v) => TurnoverInfoSchema.parse(v))
}

function forfeit(token: string, amount: unknown, key: string | null = newKey()) {
  return moneyCall(server, token, url, { amount }, key)
}

/** The member's forfeit movements: each one's postings (member wallet and house account). */
async function forfeitMovements(m: MoneyMember) {
  return server.db
    .select({
      transaction: ledgerTransactions.id,
      type: ledgerTransactions.type,
      reference: ledgerTransactions.reference,
      account: ledgerAccounts.code,
      amount: ledgerPostings.amount,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(eq(ledgerTransactions.memberId, m.id), like(ledgerTransactions.reference, 'turnover-forfeit:%')),
    )
    .orderBy(ledgerPostings.id)
}

async function requirementsOf(m: MoneyMember) {
  return server.db
    .select()
    .from(turnoverRequirements)
    .where(eq(turnoverRequirements.memberId, m.id))
    .orderBy(turnoverRequirements.id)
}

/** A member with `credit` (none when empty), a payment password and a card. */
async function player(credit = '1000.00'): Promise<{ m: MoneyMember; card: number }> {
  const m = await withPassword(credit)
  return { m, card: await addCard(m) }
}

describe('forfeiting the open bonuses', () => {
  it('takes them back through the ledger, closes them as forfeited, and the withdrawal goes through', async () => {
    const { m, card } = await player()
    // A first bonus met by bets: it stays the member's.
    await runOps(server, 'bonus', m.username, '10', '--turnover', '1', 'earned')
    await settle(m, 1_000n)
    await runOps(server, 'bonus', m.username, '50', '--turnover', '10', 'welcome')
    await runOps(server, 'bonus', m.username, '20', '--turnover', '5', 'reload')
    const before = await settings(m)
    expect(before.bonusForfeit).toEqual({ amount: '70.00', bonus: '70.00', count: 2 })
    expect(before.turnoverComplete).toBeNull()
    expect(failureOf(await withdraw(m, card, '20.00')).errorCode).toBe('turnover_not_met')
    const wallet = await mainMinor(server, m.token)

    const res = await forfeit(m.token, '70.00')
    expect(res.statusCode, res.body).toBe(200)
    expect(valueOf(res, (v) => BonusForfeitSchema.parse(v))).toEqual({
      forfeited: '70.00',
      count: 2,
      balance: ((Number(wallet) - 7_000) / 100).toFixed(2),
    })
    expect(await mainMinor(server, m.token)).toBe(wallet - 7_000n)

    // One BONUS movement: the member's wallet down, the house's bonus account up.
    const moves = await forfeitMovements(m)
    expect(new Set(moves.map((p) => p.transaction)).size).toBe(1)
    expect(moves.map((p) => [p.type, p.account, p.amount])).toEqual(
      expect.arrayContaining([
        ['BONUS', `member:${m.id}:2`, -7_000n],
        ['BONUS', 'house:bonuses', 7_000n],
      ]),
    )
    const [earned, welcome, reload] = await requirementsOf(m)
    expect(earned?.closedAt).toBeNull()
    for (const r of [welcome, reload]) {
      expect(r).toMatchObject({ closedReason: 'forfeited', closedBy: `member:${m.id}` })
      expect(r?.closedAt).not.toBeNull()
    }
    expect(moves[0]?.reference).toBe(`turnover-forfeit:${welcome?.id},${reload?.id}`)
    expect((await info(m)).requirements.map((r) => r.status)).toEqual(['forfeited', 'forfeited', 'met'])

    const after = await settings(m)
    expect(after.bonusForfeit).toBeNull()
    expect(after.turnover).toMatchObject({ remaining: '0.00', count: 0 })
    expect(after.turnoverComplete).toBe('10.00')
    expect((await withdraw(m, card, '20.00')).statusCode).toBe(200)
  })

  it('never takes more than the balance, and refuses an amount that is no longer what it takes', async () => {
    const { m } = await player('')
    await runOps(server, 'bonus', m.username, '30', '--turnover', '10', 'welcome')
    await runOps(server, 'adjust', m.username, '-25', 'played elsewhere')
    expect((await settings(m)).bonusForfeit).toEqual({ amount: '5.00', bonus: '30.00', count: 1 })

    const stale = await forfeit(m.token, '30.00')
    expect(stale.statusCode).toBe(409)
    expect(failureOf(stale)).toMatchObject({
      errorCode: 'bonus_forfeit_amount_changed',
      value: { amount: '5.00' },
    })
    expect(await forfeitMovements(m)).toEqual([])

    const res = await forfeit(m.token, '5')
    expect(valueOf(res, (v) => BonusForfeitSchema.parse(v))).toEqual({
      forfeited: '5.00',
      count: 1,
      balance: '0.00',
    })
    expect(await mainMinor(server, m.token)).toBe(0n)
  })

  it('with an empty wallet closes the requirements and moves nothing', async () => {
    const { m } = await player('')
    await runOps(server, 'bonus', m.username, '8', '--turnover', '10', 'welcome')
    await runOps(server, 'adjust', m.username, '-8', 'lost it all')
    expect((await settings(m)).bonusForfeit).toEqual({ amount: '0.00', bonus: '8.00', count: 1 })
    const res = await forfeit(m.token, '0.00')
    expect(valueOf(res, (v) => BonusForfeitSchema.parse(v))).toEqual({
      forfeited: '0.00',
      count: 1,
      balance: '0.00',
    })
    expect(await forfeitMovements(m)).toEqual([])
    expect((await requirementsOf(m))[0]?.closedReason).toBe('forfeited')
  })

  it('with nothing open is refused, and moves nothing', async () => {
    const { m } = await player('50.00')
    const res = await forfeit(m.token, '0.00')
    expect(res.statusCode).toBe(409)
    expect(failureOf(res).errorCode).toBe('bonus_forfeit_nothing_open')
    expect(await mainMinor(server, m.token)).toBe(5_000n)
  })
})

describe('20 forfeits at once', () => {
  it('with their own keys: one forfeits, the others find nothing open', async () => {
    const { m } = await player('100.00')
    await runOps(server, 'bonus', m.username, '40', '--turnover', '10', 'welcome')
    const answers = await Promise.all(Array.from({ length: 20 }, () => forfeit(m.token, '40.00')))
    const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : failureOf(r).errorCode))
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1)
    expect(codes.filter((c) => c === 'bonus_forfeit_nothing_open')).toHaveLength(19)
    expect(new Set((await forfeitMovements(m)).map((p) => p.transaction)).size).toBe(1)
    expect(await mainMinor(server, m.token)).toBe(10_000n)
  })

  it('with one key: one forfeit, every answer the same', async () => {
    const { m } = await player('100.00')
    await runOps(server, 'bonus', m.username, '40', '--turnover', '10', 'welcome')
    const key = newKey()
    const answers = await Promise.all(Array.from({ length: 20 }, () => forfeit(m.token, '40.00', key)))
    for (const r of answers) expect(r.statusCode, r.body).toBe(200)
    expect(new Set(answers.map((r) => r.body)).size).toBe(1)
    expect(new Set((await forfeitMovements(m)).map((p) => p.transaction)).size).toBe(1)
    expect(await mainMinor(server, m.token)).toBe(10_000n)
    // The key replayed before any check: nothing is open any more, yet the answer is the first's.
    const again = await forfeit(m.token, '40.00', key)
    expect(again.body).toBe(answers[0]?.body)
    // The same key with another body is refused.
    expect(failureOf(await forfeit(m.token, '39.00', key)).errorCode).toBe('idempotency_key_reused')
  })
})

describe('who may forfeit', () => {
  it('a member forfeits only their own: another member’s call leaves them open', async () => {
    const { m } = await player('100.00')
    const other = await player('100.00')
    await runOps(server, 'bonus', m.username, '40', '--turnover', '10', 'welcome')
    const res = await forfeit(other.m.token, '40.00')
    expect(failureOf(res).errorCode).toBe('bonus_forfeit_nothing_open')
    expect((await settings(m)).bonusForfeit).toEqual({ amount: '40.00', bonus: '40.00', count: 1 })
    expect(await mainMinor(server, other.m.token)).toBe(10_000n)
  })

  it('a guest and a visitor are refused', async () => {
    const guest = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
    const token = z.object({ value: z.object({ token: z.string() }) }).parse(guest.json()).value.token
    const asGuest = await forfeit(token, '1.00')
    expect(asGuest.statusCode).toBe(403)
    expect(failureOf(asGuest).errorCode).toBe('in_need_true_account')
    const visitor = await plainCall(server, 'POST', url, {
      body: { amount: '1.00' },
      headers: { 'idempotency-key': newKey() },
    })
    expect(visitor.statusCode).toBe(401)
  })
})

describe('the brand’s setting', () => {
  it('off: no offer, and a forfeit is refused with a translated code; the switch is audited', async () => {
    const { m } = await player('100.00')
    await runOps(server, 'bonus', m.username, '40', '--turnover', '10', 'welcome')
    expect(await runOps(server, 'turnover', 'forfeit')).toMatch(/bonus forfeit on/)
    const audited = async () =>
      server.db
        .select()
        .from(operatorActions)
        .where(eq(operatorActions.action, 'turnover forfeit'))
        .orderBy(operatorActions.id)
    const count = (await audited()).length
    try {
      expect(await runOps(server, 'turnover', 'forfeit', 'off')).toMatch(/bonus forfeit off$/)
      const rows = await audited()
      expect(rows).toHaveLength(count + 1)
      expect(rows.at(-1)).toMatchObject({
        operator: 'test-operator',
        target: `brand ${server.config.MERCHANT_CODE}`,
        before: { bonusForfeit: true },
        after: { bonusForfeit: false },
      })
      expect((await settings(m)).bonusForfeit).toBeNull()
      const res = await forfeit(m.token, '40.00')
      expect(res.statusCode).toBe(403)
      expect(failureOf(res).errorCode).toBe('bonus_forfeit_not_allowed')
      expect(errorCodes).toContain('bonus_forfeit_not_allowed')
      expect((await info(m)).requirements[0]?.status).toBe('open')
    } finally {
      await runOps(server, 'turnover', 'forfeit', 'on')
    }
    expect((await settings(m)).bonusForfeit).toEqual({ amount: '40.00', bonus: '40.00', count: 1 })
  })
})

describe('bad bodies', () => {
  it('are refused with a 4xx and a code, and move nothing', async () => {
    const { m } = await player('100.00')
    await runOps(server, 'bonus', m.username, '40', '--turnover', '10', 'welcome')
    const headers = { authorization: m.token, 'idempotency-key': newKey() }
    const cases: { payload?: string | object; contentType?: string; status: number; code: string }[] = [
      { status: 400, code: 'request_body_required' },
      { payload: {}, status: 400, code: 'validation_failed' },
      { payload: { amount: 40 }, status: 400, code: 'validation_failed' },
      { payload: { amount: null }, status: 400, code: 'validation_failed' },
      { payload: { amount: ['40.00'] }, status: 400, code: 'validation_failed' },
      { payload: { amount: '4'.repeat(33) }, status: 400, code: 'validation_failed' },
      { payload: { amount: 'forty' }, status: 400, code: 'amount_invalid' },
      { payload: { amount: '-40.00' }, status: 400, code: 'amount_invalid' },
      { payload: { amount: '40.001' }, status: 400, code: 'amount_invalid' },
      { payload: '{"amount":', contentType: 'application/json', status: 400, code: 'invalid_json' },
      {
        payload: JSON.stringify({ amount: '40.00', pad: 'x'.repeat(2 * 1024 * 1024) }),
        contentType: 'application/json',
        status: 413,
        code: 'payload_too_large',
      },
    ]
    for (const c of cases) {
      const res = await server.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
        ...(c.payload === undefined ? {} : { payload: c.payload }),
      })
      expect([res.statusCode, failureOf(res).errorCode], JSON.stringify(c).slice(0, 80)).toEqual([
        c.status,
        c.code,
      ])
    }
    const noKey = await forfeit(m.token, '40.00', null)
    expect(failureOf(noKey).errorCode).toBe('idempotency_key_required')
    expect(await forfeitMovements(m)).toEqual([])
    const open = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(turnoverRequirements)
      .where(and(eq(turnoverRequirements.memberId, m.id), sql`${turnoverRequirements.closedAt} is null`))
    expect(open[0]?.n).toBe(1)
  })
})
