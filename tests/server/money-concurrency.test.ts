/**
 * Money under load: 50 clients move money between shared members until 60 keys have moved it —
 * wallet transfers, deposits, withdrawals, transfers to the upline — and retry requests
 * with the same key (one after another and at the same moment), while two operators
 * approve, fail and reject, sometimes twice at once. Afterwards the ledger reconciles,
 * no wallet is negative, and each member holds exactly what the successful keys say:
 * a key that moved money twice, or a lost movement, shows as a difference.
 *
 * It runs on PGlite (one connection, so it mostly checks the bookkeeping) and, in CI,
 * on PostgreSQL with real parallel transactions.
 */
import { randomInt } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bankCards, deposits, ledgerAccounts, members, withdrawals } from '#server/db/schema'
import { SettlementError } from '#server/money/funds-service'
import { reconcile } from '#server/money/ledger-reconcile'
import { build, runOps, type TestServer } from '../build-server'
import { moneyCall, moneyMember, newKey, sealedMoneyCall, type MoneyMember } from '../money-helpers'

const clients = 50
/**
 * The load runs until this many keys have moved money, however fast the host is: a count
 * of effects, not a time, so a slow machine runs longer rather than checking less.
 */
const targetSuccesses = 60
let server: TestServer

beforeAll(async () => {
  server = await build({ poolMax: 12 })
  // Transfers between the main and vendor wallets: one wallet per vendor, as an operator sets it.
  await runOps(server, 'wallet-mode', 'MULTI')
})
afterAll(async () => {
  await server?.close()
})

interface Shared extends MoneyMember {
  cardId: number
}

/** Money in minor units between 0.01 and max. */
const amountOf = (max: number) => {
  const minor = randomInt(1, max)
  return { minor: BigInt(minor), text: `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}` }
}

describe('money under concurrent load', () => {
  it('reconciles with no drift, no negative wallet, and one effect per key', async () => {
    const brand = server.config.MERCHANT_CODE
    const paymentHash = await server.services.passwords.hash('246810')
    const upline = await moneyMember(server, '1000.00', 'up')
    const shared: Shared[] = []
    for (let i = 0; i < 6; i++) {
      const m = await moneyMember(server, '1000.00', 'cc')
      await server.db
        .update(members)
        .set({ paymentPasswordHash: paymentHash, parentId: upline.id, toUpline: true })
        .where(eq(members.id, m.id))
      const [card] = await server.db
        .insert(bankCards)
        .values({
          memberId: m.id,
          bankCode: 'ABA',
          bankName: 'ABA Bank',
          accountName: 'Load Test',
          accountNumber: `900000${i}`,
          createdAt: new Date(),
        })
        .returning()
      shared.push({ ...m, cardId: card?.id ?? 0 })
    }
    const everyone = [upline, ...shared]
    /** What each member should hold in total (all wallets), in minor units. */
    const expected = new Map<number, bigint>(everyone.map((m) => [m.id, 100_000n]))
    const add = (id: number, v: bigint) => expected.set(id, (expected.get(id) ?? 0n) + v)
    /** Effects of successful keys, recorded once per key; the first answer of each key. */
    const answered = new Map<string, string>()
    const unexpected: string[] = []
    let successes = 0

    const loading = () => successes < targetSuccesses

    async function send(
      key: string,
      attempt: () => Promise<{ statusCode: number; body: string }>,
      onSuccess: () => void,
    ): Promise<void> {
      // Sometimes the same request twice at once, sometimes a retry after the answer.
      const style = randomInt(0, 4)
      const results =
        style === 0
          ? await Promise.all([attempt(), attempt()])
          : style === 1
            ? [await attempt(), await attempt()]
            : [await attempt()]
      for (const r of results) {
        if (r.statusCode === 200) {
          const first = answered.get(key)
          if (first === undefined) {
            answered.set(key, r.body)
            onSuccess()
            successes++
          } else if (first !== r.body)
            unexpected.push(`key ${key} answered differently: ${first} / ${r.body}`)
        } else if (r.statusCode !== 422 || !r.body.includes('insufficient_balance')) {
          unexpected.push(`${r.statusCode} ${r.body}`)
        }
      }
    }

    async function client(): Promise<void> {
      while (loading()) {
        const m = shared[randomInt(0, shared.length)] as Shared
        const key = newKey()
        const op = randomInt(0, 10)
        if (op < 4) {
          const toVendor = randomInt(0, 2) === 0
          const vendor = 100 + randomInt(0, 3)
          const body = {
            fromAccountTypeId: toVendor ? 2 : vendor,
            toAccountTypeId: toVendor ? vendor : 2,
            amount: amountOf(20_000).text,
          }
          await send(
            key,
            () => moneyCall(server, m.token, '/wps/relay/GCS_walletTransfer', body, key),
            () => {},
          )
        } else if (op < 6) {
          const a = amountOf(30_000)
          const text = a.minor < 1000n ? '10.00' : a.text
          const body = { methodCode: 'BANK', amount: text, reference: `load ${key.slice(0, 6)}` }
          // Credited later by an operator: the effect is counted when the credit lands.
          await send(
            key,
            () => moneyCall(server, m.token, '/wps/relay/depositTransferGeneric', body, key),
            () => {},
          )
        } else if (op < 8) {
          const a = amountOf(15_000)
          const minor = a.minor < 1000n ? 1000n : a.minor
          const text = a.minor < 1000n ? '10.00' : a.text
          const body = { amount: text, cardId: m.cardId, paymentPassword: '246810' }
          await send(
            key,
            () => sealedMoneyCall(server, m.token, '/wps/relay/withdraw', body, key),
            () => add(m.id, -minor),
          )
        } else {
          const a = amountOf(5_000)
          const body = { amount: a.text, paymentPassword: '246810' }
          await send(
            key,
            () => sealedMoneyCall(server, m.token, '/wps/relay/transferUpline', body, key),
            () => {
              add(m.id, -a.minor)
              add(upline.id, a.minor)
            },
          )
        }
      }
    }

    async function operator(): Promise<void> {
      const funds = server.services.funds
      while (loading()) {
        const [d] = await server.db
          .select()
          .from(deposits)
          .where(and(eq(deposits.merchantCode, brand), eq(deposits.status, 'PENDING')))
          .orderBy(sql`random()`)
          .limit(1)
        if (d) {
          const credit = randomInt(0, 4) !== 0
          const tries = randomInt(1, 3)
          const outcomes = await Promise.allSettled(
            Array.from({ length: tries }, () =>
              credit ? funds.creditDeposit(brand, d.id, 'operator') : funds.failDeposit(brand, d.id),
            ),
          )
          for (const o of outcomes) {
            if (o.status === 'fulfilled' && credit) add(d.memberId, d.amount)
            if (o.status === 'rejected' && !(o.reason instanceof SettlementError))
              unexpected.push(String(o.reason))
          }
        }
        const [w] = await server.db
          .select()
          .from(withdrawals)
          .where(and(eq(withdrawals.merchantCode, brand), eq(withdrawals.status, 'PENDING')))
          .orderBy(sql`random()`)
          .limit(1)
        if (w) {
          const reject = randomInt(0, 2) === 0
          const outcomes = await Promise.allSettled(
            Array.from({ length: randomInt(1, 3) }, () =>
              reject ? funds.rejectWithdrawal(brand, w.id) : funds.approveWithdrawal(brand, w.id),
            ),
          )
          for (const o of outcomes) {
            if (o.status === 'fulfilled' && reject) add(w.memberId, w.amount)
            if (o.status === 'rejected' && !(o.reason instanceof SettlementError))
              unexpected.push(String(o.reason))
          }
        }
        if (!d && !w) await new Promise((r) => setTimeout(r, 5))
      }
    }

    await Promise.all([...Array.from({ length: clients }, client), operator(), operator()])

    expect(unexpected.slice(0, 5)).toEqual([])

    const report = await reconcile(server.db)
    expect(report.balanceDrift).toEqual([])
    expect(report.unbalancedTransactions).toEqual([])
    expect(report.negativeWallets).toEqual([])
    expect(report.ok).toBe(true)

    for (const m of everyone) {
      const [row] = await server.db
        .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.memberId, m.id))
      expect({ member: m.username, total: BigInt(row?.total ?? '0') }).toEqual({
        member: m.username,
        total: expected.get(m.id),
      })
    }
    expect(await runOps(server, 'reconcile')).toMatch(/^ledger reconciles/)
    // A count of effects, not a time: a loaded host may need longer to reach it.
  }, 120_000)
})
