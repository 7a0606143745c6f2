/**
 * A brand whose currency has no decimals (the Vietnamese dong): "100" typed anywhere, by a
 * member or by the operator, is 100 dong, i.e. 100 minor units, never 100 × 100. Every
 * path that turns typed or shown amounts into minor units is walked: bank and online
 * deposits (with the demo gateway's page and callback), withdrawals with their limits
 * and partial receipts, operator adjustments, bonuses and listings, transfers, and the
 * records the member reads.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DepositSchema, WithdrawalSchema, WithdrawSettingsSchema } from '#contract/funds'
import { MovementSchema } from '#contract/records'
import { depositMethods, merchants } from '#server/db/schema'
import { callbackPath, signatureHeader, signCallback } from '#server/money/demo-gateway'
import { reconcile } from '#server/money/ledger-reconcile'
import { build, runOps, testGatewaySecret, type TestServer } from '../build-server'
import { failureOf, plainCall, tokenOf, valueOf } from '../identity-helpers'
import {
  balances,
  mainMinor,
  moneyCall,
  moneyMember,
  sealedMoneyCall,
  tinyPng,
  walletMinor,
  type MoneyMember,
  withPaymentPassword,
} from '../money-helpers'

let server: TestServer

const url = {
  bank: '/wps/relay/depositTransferGeneric',
  online: '/wps/relay/newDepositPG',
  methods: '/wps/relay/MCSFE_getDepositMethods',
  deposits: '/wps/relay/MCSFE_getDepositTransactionReport',
  setPw: '/wps/relay/setWithdrawPassword',
  addCard: '/wps/relay/withdrawAddCard',
  settings: '/wps/relay/MCSFE_getWithdrawSettings',
  withdraw: '/wps/relay/withdraw',
  confirm: '/wps/relay/MCSFE_confirmWithdrawal',
  transfer: '/wps/relay/GCS_walletTransfer',
  movements: '/wps/relay/ODSFE2_MemTransDet',
  bonuses: '/wps/relay/MCSFE_getBonusDetails',
}

beforeAll(async () => {
  server = await build()
  const code = server.config.MERCHANT_CODE
  // The seeded brand becomes a dong brand; its limits are in dong (minor units = dong).
  await server.db
    .update(merchants)
    .set({
      currency: 'VND',
      currencySymbol: '₫',
      currencyDecimals: 0,
      withdrawMin: 50_000n,
      withdrawMax: 20_000_000n,
    })
    .where(eq(merchants.code, code))
  await server.db
    .update(depositMethods)
    .set({ minAmount: 100_000n, maxAmount: 50_000_000n })
    .where(and(eq(depositMethods.merchantCode, code), eq(depositMethods.code, 'BANK')))
  await server.db
    .update(depositMethods)
    .set({ minAmount: 50_000n, maxAmount: 10_000_000n })
    .where(and(eq(depositMethods.merchantCode, code), eq(depositMethods.code, 'DEMOPAY')))
})
afterAll(async () => {
  if (server) expect((await reconcile(server.db)).ok).toBe(true)
  await server?.close()
})

const depositOf = (res: Parameters<typeof valueOf>[0]) => valueOf(res, (v) => DepositSchema.parse(v))

describe('the balance', () => {
  it('names the currency and shows whole dong, with no decimals', async () => {
    const m = await moneyMember(server, '1500')
    const b = await balances(server, m.token)
    expect(b).toMatchObject({ currency: 'VND', currencySymbol: '₫', currencyDecimals: 0, sumBalance: '1500' })
    expect(b.balance[0]?.availBalance).toBe('1500')
    expect(await mainMinor(server, m.token)).toBe(1500n)
  })
})

describe('operator adjust and bonus', () => {
  it('`adjust member01 100` credits 100 dong, not 10,000', async () => {
    const token = await tokenOf(server, 'member01', 'lotus123')
    const before = await mainMinor(server, token)
    const out = await runOps(server, 'adjust', 'member01', '100', 'goodwill')
    expect(out).toContain('+100 VND')
    expect(await mainMinor(server, token)).toBe(before + 100n)
    expect(out).toContain(`main wallet now ${(before + 100n).toLocaleString('en-US')} VND`)
  })

  it('debits in dong, and refuses a fraction of a dong rather than rounding it', async () => {
    const m = await moneyMember(server, '100000')
    expect(await runOps(server, 'adjust', m.username, '-2500', 'correction')).toContain('-2,500 VND')
    expect(await mainMinor(server, m.token)).toBe(97_500n)
    for (const bad of ['10.5', '10.00', '0', '-0', '1e3', 'abc']) {
      await expect(runOps(server, 'adjust', m.username, bad, 'x')).rejects.toThrow(
        /not an amount in VND \(whole numbers only/,
      )
    }
    await expect(runOps(server, 'adjust', m.username, '-97501', 'too much')).rejects.toThrow(/not enough/)
    expect(await mainMinor(server, m.token)).toBe(97_500n)
  })

  it('credits a bonus in dong, shown in the bonus details and the account record as dong', async () => {
    const m = await moneyMember(server)
    expect(await runOps(server, 'bonus', m.username, '50,000', 'Welcome')).toContain('bonus 50,000 VND')
    await expect(runOps(server, 'bonus', m.username, '1.5', 'x')).rejects.toThrow(/whole numbers only/)
    await expect(runOps(server, 'bonus', m.username, '-5', 'x')).rejects.toThrow(/not an amount/)
    expect(await mainMinor(server, m.token)).toBe(50_000n)
    const details = await plainCall(server, 'GET', url.bonuses, { token: m.token })
    expect(details.json()).toMatchObject({
      value: { totalAmount: '50000', list: [{ amount: '50000', memo: 'Welcome' }] },
    })
    const moves = await plainCall(server, 'GET', url.movements, { token: m.token })
    const list = valueOf(moves, (v) => z.object({ list: z.array(MovementSchema) }).parse(v)).list
    expect(list[0]).toMatchObject({ type: 'BONUS', amount: '50000', balanceAfter: '50000' })
  })
})

describe('bank deposit', () => {
  it('shows the limits in dong and credits exactly the typed dong once approved', async () => {
    const m = await moneyMember(server)
    const methods = await plainCall(server, 'GET', url.methods, { token: m.token })
    expect(methods.json()).toMatchObject({
      value: {
        methods: [
          { code: 'BANK', minAmount: '100000', maxAmount: '50000000' },
          { code: 'DEMOPAY', minAmount: '50000', maxAmount: '10000000' },
        ],
      },
    })
    const d = depositOf(
      await moneyCall(server, m.token, url.bank, {
        methodCode: 'BANK',
        amount: '150,000',
        reference: 'VCB 1234',
        receipt: { contentType: 'image/png', data: tinyPng },
      }),
    )
    expect(d).toMatchObject({ status: 'PENDING', amount: '150000' })
    expect(await runOps(server, 'deposits', 'list')).toMatch(new RegExp(`#${d.id} .* 150,000 `))
    expect(await runOps(server, 'deposits', 'approve', String(d.id))).toContain('credited: 150,000 VND')
    expect(await mainMinor(server, m.token)).toBe(150_000n)
    const listed = await plainCall(server, 'GET', url.deposits, { token: m.token })
    expect(listed.json()).toMatchObject({ value: { list: [{ id: d.id, amount: '150000' }] } })
  })

  it('refuses a fraction of a dong with the currency’s decimals, and the limits in dong', async () => {
    const m = await moneyMember(server)
    const fraction = await moneyCall(server, m.token, url.bank, {
      methodCode: 'BANK',
      amount: '150000.5',
      reference: 'r',
    })
    expect(failureOf(fraction)).toMatchObject({ errorCode: 'amount_invalid', value: { decimals: 0 } })
    expect(failureOf(fraction).message).not.toMatch(/two decimals/)
    const below = await moneyCall(server, m.token, url.bank, {
      methodCode: 'BANK',
      amount: '99999',
      reference: 'r',
    })
    expect(failureOf(below)).toMatchObject({
      errorCode: 'amount_out_of_range',
      value: { min: '100000', max: '50000000' },
    })
    // 1,000 dong is below the minimum, though 1,000.00 "in cents" would not have been.
    const small = await moneyCall(server, m.token, url.bank, {
      methodCode: 'BANK',
      amount: '1000',
      reference: 'r',
    })
    expect(failureOf(small).errorCode).toBe('amount_out_of_range')
    const listed = await plainCall(server, 'GET', url.deposits, { token: m.token })
    expect(listed.json()).toMatchObject({ value: { total: 0 } })
  })
})

describe('online deposit through the demo gateway', () => {
  async function start(token: string, amount: string) {
    const res = await moneyCall(server, token, url.online, { methodCode: 'DEMOPAY', amount })
    const v = valueOf(res, (x) => z.object({ deposit: DepositSchema, redirectUrl: z.string() }).parse(x))
    return { ...v, order: new URL(v.redirectUrl, 'http://x').searchParams.get('order') ?? '' }
  }

  it('asks for the amount in dong on its page and credits exactly that', async () => {
    const m = await moneyMember(server)
    const s = await start(m.token, '250000')
    expect(s.deposit.amount).toBe('250000')
    const page = await server.app.inject({ method: 'GET', url: s.redirectUrl })
    expect(page.body).toContain('Pay <strong>₫250,000</strong>')
    const paid = await server.app.inject({
      method: 'POST',
      url: '/gateway/demo/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `order=${s.order}&outcome=PAID`,
    })
    expect(paid.statusCode).toBe(303)
    expect(await mainMinor(server, m.token)).toBe(250_000n)
  })

  it('takes a callback in dong, and refuses one that is a hundred times the order', async () => {
    const m = await moneyMember(server)
    const s = await start(m.token, '75000')
    const send = (amount: string) => {
      const raw = JSON.stringify({ order: s.order, amount, status: 'PAID', paidAt: Date.now() })
      return server.app.inject({
        method: 'POST',
        url: callbackPath,
        headers: {
          'content-type': 'application/json',
          [signatureHeader]: signCallback(testGatewaySecret, raw),
        },
        payload: raw,
      })
    }
    expect((await send('7500000')).statusCode).toBe(400)
    expect(await mainMinor(server, m.token)).toBe(0n)
    const ok = await send('75000')
    expect(ok.json()).toMatchObject({ value: { status: 'CREDITED' } })
    expect(await mainMinor(server, m.token)).toBe(75_000n)
  })
})

describe('withdrawal', () => {
  async function ready(credit: string): Promise<{ m: MoneyMember; card: number }> {
    const m = await withPaymentPassword(server, credit)
    const card = await sealedMoneyCall(
      server,
      m.token,
      url.addCard,
      { bankCode: 'VCB', accountName: 'Nguyen An', accountNumber: '0123456789', paymentPassword: '246810' },
      null,
    )
    return { m, card: valueOf(card, (v) => z.object({ id: z.number() }).parse(v)).id }
  }

  const withdraw = (m: MoneyMember, cardId: number, amount: string) =>
    sealedMoneyCall(server, m.token, url.withdraw, { amount, cardId, paymentPassword: '246810' })

  it('shows its limits in dong and refuses outside them or a fraction of a dong', async () => {
    const { m, card } = await ready('1000000')
    const s = valueOf(await plainCall(server, 'GET', url.settings, { token: m.token }), (v) =>
      WithdrawSettingsSchema.parse(v),
    )
    expect(s).toMatchObject({
      minimumAmount: '50000',
      maximumAmount: '20000000',
      availableBalance: '1000000',
    })
    expect(failureOf(await withdraw(m, card, '49999'))).toMatchObject({
      errorCode: 'amount_out_of_range',
      value: { min: '50000', max: '20000000' },
    })
    expect(failureOf(await withdraw(m, card, '60000.5'))).toMatchObject({
      errorCode: 'amount_invalid',
      value: { decimals: 0 },
    })
    expect(failureOf(await withdraw(m, card, '1000001'))).toMatchObject({
      errorCode: 'insufficient_balance',
      value: { balance: '1000000' },
    })
    expect(await mainMinor(server, m.token)).toBe(1_000_000n)
  })

  it('holds exactly the dong asked for, and a partial receipt is counted in dong', async () => {
    const { m, card } = await ready('1000000')
    const w = valueOf(await withdraw(m, card, '600,000'), (v) => WithdrawalSchema.parse(v))
    expect(w.amount).toBe('600000')
    expect(await mainMinor(server, m.token)).toBe(400_000n)
    expect(await runOps(server, 'withdrawals', 'approve', String(w.id))).toContain('paid: 600,000 VND')
    const fraction = await moneyCall(server, m.token, url.confirm, {
      withdrawalId: w.id,
      outcome: 'PARTLY_RECEIVED',
      amountReceived: '599999.5',
    })
    expect(failureOf(fraction)).toMatchObject({ errorCode: 'amount_invalid', value: { decimals: 0 } })
    const all = await moneyCall(server, m.token, url.confirm, {
      withdrawalId: w.id,
      outcome: 'PARTLY_RECEIVED',
      amountReceived: '600000',
    })
    expect(failureOf(all)).toMatchObject({
      errorCode: 'amount_out_of_range',
      value: { min: '1', max: '599999' },
    })
    const part = await moneyCall(server, m.token, url.confirm, {
      withdrawalId: w.id,
      outcome: 'PARTLY_RECEIVED',
      amountReceived: '300000',
    })
    expect(part.json()).toMatchObject({ value: { status: 'PARTLY_RECEIVED', amountReceived: '300000' } })
    expect(await runOps(server, 'withdrawals', 'list', 'PARTLY_RECEIVED')).toContain('received 300,000')
  })

  it('rejected by the operator returns exactly the dong held', async () => {
    const { m, card } = await ready('200000')
    const w = valueOf(await withdraw(m, card, '150000'), (v) => WithdrawalSchema.parse(v))
    expect(await runOps(server, 'withdrawals', 'reject', String(w.id))).toContain('150,000 VND returned')
    expect(await mainMinor(server, m.token)).toBe(200_000n)
  })
})

describe('transfer between wallets', () => {
  // One wallet per vendor, as an operator switches the brand (the demo plays from main).
  beforeAll(async () => {
    await runOps(server, 'wallet-mode', 'MULTI')
  })
  afterAll(async () => {
    await runOps(server, 'wallet-mode', 'SINGLE')
  })

  it('moves exactly the typed dong and refuses a fraction', async () => {
    const m = await moneyMember(server, '10000')
    const vendorWallet = (await balances(server, m.token)).balance[1]?.accountTypeId ?? 0
    const body = (amount: string) => ({ fromAccountTypeId: 2, toAccountTypeId: vendorWallet, amount })
    expect(failureOf(await moneyCall(server, m.token, url.transfer, body('10.5')))).toMatchObject({
      errorCode: 'amount_invalid',
      value: { decimals: 0 },
    })
    const ok = await moneyCall(server, m.token, url.transfer, body('2500'))
    expect(ok.statusCode, ok.body).toBe(200)
    expect(await mainMinor(server, m.token)).toBe(7_500n)
    expect(await walletMinor(server, m.token, vendorWallet)).toBe(2_500n)
  })
})
