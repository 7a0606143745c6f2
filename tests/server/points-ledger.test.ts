/**
 * The points book (decision 030): a second book of the ledger engine. Its movements balance,
 * a member's points never go below zero whatever the code does, its rows are immutable,
 * parallel adjustments of one account all land, and reconcile names a hand-broken balance.
 * The operator's `points balance | adjust` go through the service and are audited.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatorActions, pointAccounts, pointPostings, pointTransactions } from '#server/db/schema'
import { createPointsLedger } from '#server/loyalty/points/points-ledger'
import { reconcile } from '#server/money/ledger-reconcile'
import { build, runOps, type TestServer } from '../build-server'
import { moneyMember } from '../money-helpers'

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})

const brand = () => server.config.MERCHANT_CODE

describe('the points book', () => {
  it('refuses postings that do not balance, and writes nothing', async () => {
    const points = createPointsLedger(server.db)
    const m = await moneyMember(server, undefined, 'pt')
    const account = await points.memberAccount(brand(), m.id)
    const house = await points.houseAccount(brand(), 'points_issued', m.id)
    await expect(
      server.db.transaction((tx) =>
        points.post(tx, {
          merchantCode: brand(),
          type: 'ADJUSTMENT',
          actor: 'operator',
          at: new Date(),
          postings: [
            { accountId: house, amount: -100n },
            { accountId: account, amount: 99n },
          ],
        }),
      ),
    ).rejects.toThrow(/do not balance/)
    expect(await points.balance(server.db, account)).toBe(0n)
  })

  it('keeps points apart from money: an adjustment changes the points account only', async () => {
    const m = await moneyMember(server, '5.00', 'pt')
    expect(await runOps(server, 'points', 'adjust', m.username, '+12.5', 'welcome points')).toContain(
      'now 12.5 points',
    )
    expect(await runOps(server, 'points', 'balance', m.username)).toBe(`${m.username}: 12.5 points`)
    expect(await runOps(server, 'adjust', m.username, '-5.00', 'all the money')).toContain('now 0.00')
    expect(await runOps(server, 'points', 'balance', m.username)).toBe(`${m.username}: 12.5 points`)
    const [tx] = await server.db.select().from(pointTransactions).where(eq(pointTransactions.memberId, m.id))
    expect(tx).toMatchObject({ type: 'ADJUSTMENT', memo: 'welcome points', actor: 'operator' })
    const [audit] = await server.db
      .select()
      .from(operatorActions)
      .where(
        and(eq(operatorActions.target, `member ${m.username}`), sql`${operatorActions.words}->>0 = 'points'`),
      )
    expect(audit).toMatchObject({ words: ['points', 'adjust', m.username, '+12.5', 'welcome points'] })
    expect(audit?.after).toMatchObject({ points: '12.5', adjustment: '12.5' })
  })

  it('has the database refuse a member’s points below zero, even from a direct update', async () => {
    const points = createPointsLedger(server.db)
    const m = await moneyMember(server, undefined, 'pt')
    await runOps(server, 'points', 'adjust', m.username, '3', 'start')
    const account = await points.memberAccount(brand(), m.id)
    await expect(
      server.db
        .update(pointAccounts)
        .set({ balance: sql`${pointAccounts.balance} - 301` })
        .where(eq(pointAccounts.id, account)),
    ).rejects.toThrow()
    await expect(runOps(server, 'points', 'adjust', m.username, '-3.01', 'too many')).rejects.toThrow(
      /not enough for that deduction; nothing was done/,
    )
    expect(await points.balance(server.db, account)).toBe(300n)
    expect(await runOps(server, 'points', 'adjust', m.username, '-3', 'all of them')).toContain(
      'now 0 points',
    )
  })

  it('lands every one of 20 adjustments of one account made at once', async () => {
    const points = createPointsLedger(server.db)
    const m = await moneyMember(server, undefined, 'pt')
    const account = await points.memberAccount(brand(), m.id)
    const house = await points.houseAccount(brand(), 'points_issued', m.id)
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server.db.transaction((tx) =>
          points.post(tx, {
            merchantCode: brand(),
            type: 'MISSION',
            memberId: m.id,
            reference: `parallel:${m.id}:${i}`,
            actor: 'system',
            at: new Date(),
            postings: [
              { accountId: house, amount: -BigInt((i + 1) * 10) },
              { accountId: account, amount: BigInt((i + 1) * 10) },
            ],
          }),
        ),
      ),
    )
    expect(await points.balance(server.db, account)).toBe(2100n)
    const afters = await server.db
      .select({ after: pointPostings.balanceAfter, amount: pointPostings.amount })
      .from(pointPostings)
      .where(eq(pointPostings.accountId, account))
      .orderBy(pointPostings.id)
    // Each posting's balance after is the running sum in the order they were written.
    let running = 0n
    for (const a of afters) {
      running += a.amount
      expect(a.after).toBe(running)
    }
    expect((await reconcile(server.db)).points.ok).toBe(true)
  })

  it('keeps its rows immutable', async () => {
    const m = await moneyMember(server, undefined, 'pt')
    await runOps(server, 'points', 'adjust', m.username, '1', 'one')
    await expect(server.db.update(pointPostings).set({ amount: 1n })).rejects.toThrow()
    await expect(server.db.delete(pointPostings)).rejects.toThrow()
    await expect(server.db.update(pointTransactions).set({ memo: 'changed' })).rejects.toThrow()
  })

  it('reconciles, and names a points account whose balance differs from its postings', async () => {
    const m = await moneyMember(server, undefined, 'pt')
    await runOps(server, 'points', 'adjust', m.username, '7', 'seven')
    expect(await runOps(server, 'reconcile')).toMatch(/points reconcile: \d+ accounts, \d+ transactions/)
    const points = createPointsLedger(server.db)
    const account = await points.memberAccount(brand(), m.id)
    await server.db.update(pointAccounts).set({ balance: 800n }).where(eq(pointAccounts.id, account))
    try {
      const report = await reconcile(server.db)
      expect(report.ok).toBe(false)
      expect(report.points.balanceDrift).toEqual([
        expect.objectContaining({ code: `member:${m.id}:points`, balance: '800', posted: '700' }),
      ])
      expect(report.balanceDrift).toEqual([])
      await expect(runOps(server, 'reconcile')).rejects.toThrow(/POINTS DO NOT RECONCILE[\s\S]*points drift/)
    } finally {
      await server.db.update(pointAccounts).set({ balance: 700n }).where(eq(pointAccounts.id, account))
    }
    expect((await reconcile(server.db)).ok).toBe(true)
  })
})
