/**
 * Idempotency keys are answered by the route layer before any check of the handler: a
 * retry of a money call gets its first answer even when what the checks look at has
 * changed since (the withdrawal was confirmed, the balance or the limits moved, the method
 * was switched off), another body or another endpoint with the key is refused, and many
 * copies of one request at the same moment have one effect and one answer.
 */
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DepositSchema, WithdrawalSchema } from '#contract/funds'
import { depositMethods, deposits, merchants, withdrawals } from '#server/db/schema'
import { reconcile } from '#server/money/ledger-reconcile'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, valueOf } from '../identity-helpers'
import {
  mainMinor,
  moneyCall,
  moneyMember,
  newKey,
  sealedMoneyCall,
  type MoneyMember,
  withPaymentPassword,
} from '../money-helpers'

let server: TestServer

beforeAll(async () => {
  server = await build({ poolMax: 12 })
})
afterAll(async () => {
  if (server) expect((await reconcile(server.db)).ok).toBe(true)
  await server?.close()
})

const url = {
  setPw: '/wps/relay/setWithdrawPassword',
  addCard: '/wps/relay/withdrawAddCard',
  withdraw: '/wps/relay/withdraw',
  confirm: '/wps/relay/MCSFE_confirmWithdrawal',
  bank: '/wps/relay/depositTransferGeneric',
  transfer: '/wps/relay/GCS_walletTransfer',
}

async function withCard(credit: string): Promise<MoneyMember & { card: number }> {
  const m = await withPaymentPassword(server, credit, 'ik')
  const card = await sealedMoneyCall(
    server,
    m.token,
    url.addCard,
    { bankCode: 'ABA', accountName: 'Sok Dara', accountNumber: '0123456789', paymentPassword: '246810' },
    null,
  )
  return { ...m, card: valueOf(card, (v) => z.object({ id: z.number() }).parse(v)).id }
}

function withdraw(m: MoneyMember & { card: number }, amount: string, key: string) {
  return sealedMoneyCall(
    server,
    m.token,
    url.withdraw,
    { amount, cardId: m.card, paymentPassword: '246810' },
    key,
  )
}

/** A withdrawal the operator has paid, waiting for the member's confirmation. */
async function paidWithdrawal(m: MoneyMember & { card: number }, amount: string): Promise<number> {
  const w = valueOf(await withdraw(m, amount, newKey()), (v) => WithdrawalSchema.parse(v))
  await runOps(server, 'withdrawals', 'approve', String(w.id))
  return w.id
}

/** A paid withdrawal the member has confirmed as received, with the key of that call. */
async function confirmedReceived() {
  const m = await withCard('100.00')
  const id = await paidWithdrawal(m, '40.00')
  const key = newKey()
  const first = await moneyCall(server, m.token, url.confirm, { withdrawalId: id, outcome: 'RECEIVED' }, key)
  expect(first.statusCode, first.body).toBe(200)
  return { m, id, key, first }
}

describe('a retry with the same key and body', () => {
  // One wallet per vendor, as an operator switches the brand (the demo plays from main):
  // a transfer empties the main wallet below.
  beforeAll(async () => {
    await runOps(server, 'wallet-mode', 'MULTI')
  })
  afterAll(async () => {
    await runOps(server, 'wallet-mode', 'SINGLE')
  })

  it('replays a withdrawal confirmation that succeeded instead of refusing it as already confirmed', async () => {
    const { m, id, key, first } = await confirmedReceived()
    const again = await moneyCall(
      server,
      m.token,
      url.confirm,
      { withdrawalId: id, outcome: 'RECEIVED' },
      key,
    )
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toEqual(first.json())
  })

  it('replays a withdrawal after the brand lowered its limit and the balance dropped below the amount', async () => {
    const m = await withCard('100.00')
    const key = newKey()
    const first = await withdraw(m, '60.00', key)
    expect(first.statusCode, first.body).toBe(200)
    // The rest of the balance leaves too: the amount no longer fits, whatever is checked.
    const rest = await moneyCall(server, m.token, url.transfer, {
      fromAccountTypeId: 2,
      toAccountTypeId: 100,
      amount: '40.00',
    })
    expect(rest.statusCode, rest.body).toBe(200)
    expect(await mainMinor(server, m.token)).toBe(0n)
    const [brand] = await server.db
      .select({ max: merchants.withdrawMax })
      .from(merchants)
      .where(eq(merchants.code, server.config.MERCHANT_CODE))
    if (!brand) throw new Error('the seeded brand is missing')
    await server.db
      .update(merchants)
      .set({ withdrawMax: 1000n })
      .where(eq(merchants.code, server.config.MERCHANT_CODE))
    try {
      const again = await withdraw(m, '60.00', key)
      expect(again.statusCode, again.body).toBe(200)
      expect(again.json()).toEqual(first.json())
    } finally {
      await server.db
        .update(merchants)
        .set({ withdrawMax: brand.max })
        .where(eq(merchants.code, server.config.MERCHANT_CODE))
    }
    const [n] = await server.db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.memberId, m.id))
    expect(n?.n).toBe(1)
  })

  it('replays a bank deposit after its method was switched off, before any check of the body', async () => {
    const m = await moneyMember(server, undefined, 'ik')
    const key = newKey()
    const body = { methodCode: 'BANK', amount: '20.00', reference: 'ref-1' }
    const first = await moneyCall(server, m.token, url.bank, body, key)
    expect(first.statusCode, first.body).toBe(200)
    const bank = and(
      eq(depositMethods.merchantCode, server.config.MERCHANT_CODE),
      eq(depositMethods.code, 'BANK'),
    )
    await server.db.update(depositMethods).set({ enabled: false }).where(bank)
    try {
      const again = await moneyCall(server, m.token, url.bank, body, key)
      expect(again.statusCode, again.body).toBe(200)
      expect(again.json()).toEqual(first.json())
    } finally {
      await server.db.update(depositMethods).set({ enabled: true }).where(bank)
    }
    const [n] = await server.db.select({ n: count() }).from(deposits).where(eq(deposits.memberId, m.id))
    expect(n?.n).toBe(1)
  })
})

describe('the same key for something else', () => {
  it('is refused with 409 for another body, even where the handler would refuse that body too', async () => {
    const { m, id, key } = await confirmedReceived()
    const other = await moneyCall(
      server,
      m.token,
      url.confirm,
      { withdrawalId: id, outcome: 'NOT_RECEIVED' },
      key,
    )
    expect(other.statusCode).toBe(409)
    expect(failureOf(other).errorCode).toBe('idempotency_key_reused')
  })

  it('is refused with 409 for another endpoint with the same body shape', async () => {
    const m = await moneyMember(server, '50.00', 'ik')
    const key = newKey()
    const body = { methodCode: 'BANK', amount: '20.00', reference: 'ref-2' }
    expect((await moneyCall(server, m.token, url.bank, body, key)).statusCode).toBe(200)
    const online = await moneyCall(
      server,
      m.token,
      '/wps/relay/newDepositPG',
      { methodCode: 'BANK', amount: '20.00' },
      key,
    )
    expect(online.statusCode).toBe(409)
    expect(failureOf(online).errorCode).toBe('idempotency_key_reused')
  })
})

describe('20 copies of one request at the same moment', () => {
  it('make one bank deposit and all get its answer', async () => {
    const m = await moneyMember(server, undefined, 'ik')
    const key = newKey()
    const body = { methodCode: 'BANK', amount: '25.00', reference: 'ref-par' }
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => moneyCall(server, m.token, url.bank, body, key)),
    )
    for (const a of answers) expect(a.statusCode, a.body).toBe(200)
    const ids = new Set(answers.map((a) => valueOf(a, (v) => DepositSchema.parse(v)).id))
    expect(ids.size).toBe(1)
    const [n] = await server.db.select({ n: count() }).from(deposits).where(eq(deposits.memberId, m.id))
    expect(n?.n).toBe(1)
  })

  it('confirm a withdrawal once and all get the confirmation, none a refusal', async () => {
    const m = await withCard('100.00')
    const id = await paidWithdrawal(m, '40.00')
    const key = newKey()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        moneyCall(server, m.token, url.confirm, { withdrawalId: id, outcome: 'RECEIVED' }, key),
      ),
    )
    for (const a of answers) expect(a.statusCode, a.body).toBe(200)
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
  })

  it('withdraw once and all get the withdrawal', async () => {
    const m = await withCard('100.00')
    const key = newKey()
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(m, '70.00', key)))
    for (const a of answers) expect(a.statusCode, a.body).toBe(200)
    expect(new Set(answers.map((a) => valueOf(a, (v) => WithdrawalSchema.parse(v)).id)).size).toBe(1)
    expect(await mainMinor(server, m.token)).toBe(3000n)
  })
})
