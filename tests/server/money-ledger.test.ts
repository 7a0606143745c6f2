/**
 * The ledger itself: postings balance, wallets cannot go below zero whatever the code
 * does (the database refuses), ledger rows cannot be changed, and reconciliation finds
 * any difference between a balance and its postings.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerAccounts, ledgerPostings } from '#server/db/schema'
import { createLedger } from '#server/money/ledger'
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

describe('the ledger', () => {
  it('refuses postings that do not sum to zero, and writes nothing', async () => {
    const ledger = createLedger(server.db)
    const m = await moneyMember(server)
    const wallet = await ledger.memberAccount(brand(), m.id)
    const house = await ledger.houseAccount(brand(), 'adjustments')
    await expect(
      server.db.transaction((tx) =>
        ledger.post(tx, {
          merchantCode: brand(),
          type: 'ADJUSTMENT',
          actor: 'operator',
          at: new Date(),
          postings: [
            { accountId: house, amount: -100n },
            { accountId: wallet, amount: 99n },
          ],
        }),
      ),
    ).rejects.toThrow(/do not balance/)
    expect(await ledger.balance(server.db, wallet)).toBe(0n)
  })

  it('has the database refuse a member wallet below zero, even from a direct update', async () => {
    const ledger = createLedger(server.db)
    const m = await moneyMember(server, '1.00')
    const wallet = await ledger.memberAccount(brand(), m.id)
    await expect(
      server.db
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} - 101` })
        .where(eq(ledgerAccounts.id, wallet)),
    ).rejects.toThrow()
    expect(await ledger.balance(server.db, wallet)).toBe(100n)
    await expect(runOps(server, 'adjust', m.username, '-1.01', 'too much')).rejects.toThrow(/not enough/)
    expect(await runOps(server, 'adjust', m.username, '-1.00', 'all of it')).toContain('now 0.00')
  })

  it('writes a batch as one transaction per item, each balance_after a running sum, and reconciles', async () => {
    const ledger = createLedger(server.db)
    const a = await moneyMember(server, '1.00')
    const b = await moneyMember(server, '2.00')
    const wa = await ledger.memberAccount(brand(), a.id)
    const wb = await ledger.memberAccount(brand(), b.id)
    const house = await ledger.houseAccount(brand(), 'adjustments')
    const houseBefore = await ledger.balance(server.db, house)
    const item = (accountId: number, memberId: number, amount: bigint) => ({
      accountId,
      memberId,
      amount,
      reference: `batch-test:${memberId}`,
      memo: 'batch test',
    })
    const written = await server.db.transaction((tx) =>
      ledger.postBatch(tx, {
        merchantCode: brand(),
        type: 'ADJUSTMENT',
        actor: 'operator',
        at: new Date(),
        counterAccountId: house,
        items: [item(wa, a.id, 150n), item(wb, b.id, 20n), item(wa, a.id, 5n)],
      }),
    )
    expect(written).toBe(3)
    expect(await ledger.balance(server.db, wa)).toBe(100n + 155n)
    expect(await ledger.balance(server.db, wb)).toBe(220n)
    expect(await ledger.balance(server.db, house)).toBe(houseBefore - 175n)
    const afters = await server.db
      .select({ after: ledgerPostings.balanceAfter })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.accountId, wa))
      .orderBy(ledgerPostings.id)
    expect(afters.map((r) => r.after)).toEqual([100n, 250n, 255n])
    expect((await reconcile(server.db)).ok).toBe(true)
  })

  it('refuses a batch that would take a wallet below zero, and writes none of it', async () => {
    const ledger = createLedger(server.db)
    const a = await moneyMember(server, '1.00')
    const b = await moneyMember(server, '1.00')
    const wa = await ledger.memberAccount(brand(), a.id)
    const wb = await ledger.memberAccount(brand(), b.id)
    const house = await ledger.houseAccount(brand(), 'adjustments')
    await expect(
      server.db.transaction((tx) =>
        ledger.postBatch(tx, {
          merchantCode: brand(),
          type: 'ADJUSTMENT',
          actor: 'operator',
          at: new Date(),
          counterAccountId: house,
          items: [
            { accountId: wa, memberId: a.id, amount: -50n, reference: null, memo: null },
            { accountId: wb, memberId: b.id, amount: -101n, reference: null, memo: null },
          ],
        }),
      ),
    ).rejects.toThrow(/below zero/)
    expect(await ledger.balance(server.db, wa)).toBe(100n)
    expect(await ledger.balance(server.db, wb)).toBe(100n)
    expect((await reconcile(server.db)).ok).toBe(true)
  })

  it('keeps its rows immutable', async () => {
    await moneyMember(server, '3.00')
    await expect(server.db.update(ledgerPostings).set({ amount: 1n })).rejects.toThrow()
    await expect(server.db.delete(ledgerPostings)).rejects.toThrow()
  })

  it('reconciles, and names any account whose balance differs from its postings', async () => {
    const m = await moneyMember(server, '7.00')
    expect(await runOps(server, 'reconcile')).toMatch(/^ledger reconciles: \d+ accounts, \d+ transactions/)
    const ledger = createLedger(server.db)
    const wallet = await ledger.memberAccount(brand(), m.id)
    await server.db.update(ledgerAccounts).set({ balance: 800n }).where(eq(ledgerAccounts.id, wallet))
    try {
      const report = await reconcile(server.db)
      expect(report.ok).toBe(false)
      expect(report.balanceDrift).toEqual([
        expect.objectContaining({ code: `member:${m.id}:2`, balance: '800', posted: '700' }),
      ])
      expect(report.brandTotals[0]?.total).toBe('100')
      await expect(runOps(server, 'reconcile')).rejects.toThrow(/DOES NOT RECONCILE[\s\S]*drift/)
    } finally {
      await server.db.update(ledgerAccounts).set({ balance: 700n }).where(eq(ledgerAccounts.id, wallet))
    }
    expect((await reconcile(server.db)).ok).toBe(true)
  })
})
