/**
 * The turnover requirement (decision 026): a bonus credited with a multiple holds back
 * withdrawals until settled valid bets made after it clear it, first bonus first; a
 * cancelled bet puts it back; the operator's waiver is audited and frees the member; and a
 * withdrawal racing a bonus credit is wholly before it or refused.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { WithdrawSettingsSchema } from '#contract/funds'
import { TurnoverInfoSchema } from '#contract/turnover'
import {
  betRecords,
  ledgerPostings,
  ledgerTransactions,
  operatorActions,
  turnoverRequirements,
} from '#server/db/schema'
import { reconcile } from '#server/money/ledger-reconcile'
import { createTurnoverService } from '#server/promotions/turnover-service'
import { build, runOps, type TestServer } from '../build-server'
import { createClock, failureOf, plainCall, valueOf } from '../identity-helpers'
import { mainMinor, type MoneyMember } from '../money-helpers'
import { withdrawalTools } from './money-withdrawal-setup'

const clock = createClock()
let server: TestServer

beforeAll(async () => {
  server = await build({ now: clock.now })
})
afterAll(async () => {
  if (server) expect((await reconcile(server.db)).ok).toBe(true)
  await server?.close()
})

const { withPassword, addCard, withdraw } = withdrawalTools(() => server)

let betCounter = 0

/** Settled rounds of the member's, `validBet` in minor units each; answers their bet numbers. */
async function settle(m: MoneyMember, ...validBets: bigint[]): Promise<string[]> {
  const at = clock.now()
  const rows = validBets.map((validBet) => {
    betCounter += 1
    return {
      merchantCode: server.config.MERCHANT_CODE,
      memberId: m.id,
      betNo: `turnover-${m.id}-${betCounter}`,
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
  })
  await server.db.insert(betRecords).values(rows)
  return rows.map((r) => r.betNo)
}

async function info(m: MoneyMember) {
  const res = await plainCall(server, 'GET', '/wps/relay/MCSFE_getTurnoverInfo', { token: m.token })
  return valueOf(res, (v) => TurnoverInfoSchema.parse(v))
}

async function settings(m: MoneyMember) {
  const res = await plainCall(server, 'GET', '/wps/relay/MCSFE_getWithdrawSettings', { token: m.token })
  return valueOf(res, (v) => WithdrawSettingsSchema.parse(v))
}

/** A member with 1,000.00, a payment password and a card. */
async function player(): Promise<{ m: MoneyMember; card: number }> {
  const m = await withPassword('1000.00')
  return { m, card: await addCard(m) }
}

describe('a bonus with a turnover requirement', () => {
  it('blocks a withdrawal, with the amount left, until settled valid bets made after it clear it', async () => {
    const { m, card } = await player()
    // Played before the bonus: never counts towards it.
    await settle(m, 30_000n)
    const out = await runOps(server, 'bonus', m.username, '50', '--turnover', '10', 'welcome', 'bonus')
    expect(out).toMatch(/wager 500\.00 USD|wager 500\.00 /)
    expect((await settings(m)).turnover).toEqual({
      remaining: '500.00',
      count: 1,
      required: '500.00',
      done: '0.00',
    })

    const refused = await withdraw(m, card, '20.00')
    expect(refused.statusCode).toBe(422)
    expect(failureOf(refused)).toMatchObject({
      errorCode: 'turnover_not_met',
      value: { remaining: '500.00' },
    })

    await settle(m, 12_000n, 25_000n)
    const partly = await info(m)
    expect(partly).toMatchObject({
      remaining: '130.00',
      count: 1,
      requirements: [
        { bonus: '50.00', required: '500.00', done: '370.00', remaining: '130.00', status: 'open' },
      ],
    })
    expect(failureOf(await withdraw(m, card, '20.00')).value).toEqual({ remaining: '130.00' })

    await settle(m, 13_000n)
    expect((await info(m)).requirements[0]).toMatchObject({ done: '500.00', status: 'met' })
    expect((await settings(m)).turnover).toEqual({
      remaining: '0.00',
      count: 0,
      required: '0.00',
      done: '0.00',
    })
    const paid = await withdraw(m, card, '20.00')
    expect(paid.statusCode).toBe(200)
  })

  it('is put back when a settled bet is cancelled or settled lower', async () => {
    const { m, card } = await player()
    await runOps(server, 'bonus', m.username, '10', '--turnover=1.5', 'reload')
    const [first, second] = await settle(m, 1_000n, 500n)
    expect((await info(m)).remaining).toBe('0.00')
    await server.db
      .update(betRecords)
      .set({ status: 'CANCELLED' })
      .where(and(eq(betRecords.memberId, m.id), eq(betRecords.betNo, first ?? '')))
    expect((await info(m)).remaining).toBe('10.00')
    await server.db
      .update(betRecords)
      .set({ validBet: 200n })
      .where(and(eq(betRecords.memberId, m.id), eq(betRecords.betNo, second ?? '')))
    expect((await info(m)).remaining).toBe('13.00')
    expect(failureOf(await withdraw(m, card, '20.00')).errorCode).toBe('turnover_not_met')
  })

  it('counts bets towards the first bonus, then the next', async () => {
    const { m } = await player()
    await runOps(server, 'bonus', m.username, '10', '--turnover', '10', 'first')
    await settle(m, 4_000n)
    await runOps(server, 'bonus', m.username, '20', '--turnover', '5', 'second')
    await settle(m, 8_000n)
    const t = await info(m)
    // Newest first: the second (100.00) starts where the first (100.00) ends.
    expect(t.requirements.map((r) => [r.required, r.done, r.status])).toEqual([
      ['100.00', '20.00', 'open'],
      ['100.00', '100.00', 'met'],
    ])
    expect(t).toMatchObject({ remaining: '80.00', count: 1, required: '100.00', done: '20.00' })
  })

  it('a bonus without a multiple asks for nothing', async () => {
    const { m, card } = await player()
    await runOps(server, 'bonus', m.username, '10', 'gift')
    expect((await info(m)).requirements).toEqual([])
    expect((await withdraw(m, card, '20.00')).statusCode).toBe(200)
  })

  it('refuses a multiple that is not a number above zero in tenths', async () => {
    const { m } = await player()
    for (const bad of ['0', '1.25', 'x', '-2']) {
      await expect(runOps(server, 'bonus', m.username, '10', '--turnover', bad, 'gift')).rejects.toThrow(
        /turnover multiple/,
      )
    }
    expect((await info(m)).requirements).toEqual([])
  })
})

describe('the operator waives a requirement', () => {
  it('through the service: an audit row in the same transaction, and the member may withdraw', async () => {
    const { m, card } = await player()
    await runOps(server, 'bonus', m.username, '30', '--turnover', '20', 'vip')
    const [req] = await server.db
      .select()
      .from(turnoverRequirements)
      .where(eq(turnoverRequirements.memberId, m.id))
    if (!req) throw new Error('no requirement written')
    const service = createTurnoverService(server.db, clock.now)
    await service.waive(server.config.MERCHANT_CODE, req.id, 'alice', 'goodwill after the outage')
    const [row] = await server.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.target, `turnover requirement #${req.id} of member ${m.username}`))
    expect(row).toMatchObject({
      operator: 'alice',
      action: 'turnover waive',
      after: { status: 'waived', reason: 'goodwill after the outage', memberRemaining: '0' },
    })
    expect((await info(m)).requirements[0]).toMatchObject({ status: 'waived', remaining: '0.00' })
    expect((await withdraw(m, card, '20.00')).statusCode).toBe(200)
    await expect(service.waive(server.config.MERCHANT_CODE, req.id, 'alice', 'again')).rejects.toThrow(
      /already waived/,
    )
  })

  it('through `ops turnover`: one audit row, the list shows it waived', async () => {
    const { m } = await player()
    await runOps(server, 'bonus', m.username, '5', '--turnover', '2', 'promo')
    const list = await runOps(server, 'turnover', 'list', m.username)
    const id = Number(/#(\d+)/.exec(list)?.[1])
    expect(list).toContain('open')
    expect(list).toContain('10.00 USD to wager before a withdrawal')
    const count = async () =>
      (await server.db.select({ n: sql<number>`count(*)::int` }).from(operatorActions))[0]?.n ?? 0
    const before = await count()
    expect(await runOps(server, 'turnover', 'waive', String(id), 'wrong', 'promo')).toContain('waived')
    expect((await count()) - before).toBe(1)
    expect(await runOps(server, 'turnover', 'list', m.username)).toMatch(
      /waived\s+operator.*by operator:test-operator/,
    )
    await expect(runOps(server, 'turnover', 'waive', String(id), 'twice')).rejects.toThrow(/already waived/)
    await expect(runOps(server, 'turnover', 'waive', '999999', 'nothing')).rejects.toThrow(
      /no turnover requirement/,
    )
  })
})

describe('a withdrawal racing a bonus credit', () => {
  it('never takes money while a requirement credited before it is open', async () => {
    const { m, card } = await player()
    const service = createTurnoverService(server.db, clock.now)
    const outcomes = { before: 0, refused: 0 }
    for (let round = 0; round < 12; round++) {
      // Four withdrawals at once, and the bonus started as the first of them is answered:
      // the others are then on their way through their checks and transactions.
      const start = await mainMinor(server, m.token)
      const ws = Array.from({ length: 4 }, () => withdraw(m, card, '10.00'))
      const bonus = Promise.race(ws).then(() =>
        runOps(server, 'bonus', m.username, '1', '--turnover', '10', `race ${round}`),
      )
      const [answers] = await Promise.all([Promise.all(ws), bonus])
      for (const w of answers) {
        if (w.statusCode === 200) {
          // Taken: the withdrawal came wholly before the bonus. The wallet's lock puts every
          // movement of it in one order, which its balances tell: a withdrawal after the
          // bonus would have left a balance holding the bonus's 1.00 (10.00 steps otherwise).
          const id = z.object({ value: z.object({ id: z.number() }) }).parse(w.json()).value.id
          const [posting] = await server.db
            .select({ after: ledgerPostings.balanceAfter })
            .from(ledgerPostings)
            .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
            .where(
              and(
                eq(ledgerTransactions.reference, `withdrawal:${id}`),
                eq(ledgerTransactions.type, 'WITHDRAWAL'),
                sql`${ledgerPostings.amount} < 0`,
              ),
            )
          expect((start - BigInt(posting?.after ?? -1)) % 1000n).toBe(0n)
          outcomes.before += 1
        } else {
          expect(failureOf(w)).toMatchObject({ errorCode: 'turnover_not_met', value: { remaining: '10.00' } })
          outcomes.refused += 1
        }
      }
      // Clear the round's requirement for the next one.
      const open = await server.db
        .select({ id: turnoverRequirements.id })
        .from(turnoverRequirements)
        .where(and(eq(turnoverRequirements.memberId, m.id), sql`${turnoverRequirements.closedAt} is null`))
      for (const r of open) await service.waive(server.config.MERCHANT_CODE, r.id, 'race-test', 'next round')
    }
    expect(outcomes.before + outcomes.refused).toBe(48)
    // The first withdrawal of each round is answered before the bonus starts.
    expect(outcomes.before).toBeGreaterThanOrEqual(12)
  })
})
