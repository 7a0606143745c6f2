/**
 * Wallets: balances, transfers between a member's own wallets (every bad amount refused,
 * nothing moved), the sweep back to main, idempotency keys, the funds summary, and who
 * may call what. The demo brand plays from the main wallet; this file switches it to one
 * wallet per vendor the way an operator does (`wallet-mode MULTI`).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BalancesSchema } from '#contract/wallet'
import { ConsolidatedFundsSchema } from '#contract/wallet'
import { vendors } from '#server/db/schema'
import { reconcile } from '#server/money/ledger-reconcile'
import { build, runOps, type TestServer } from '../build-server'
import { failureOf, plainCall, valueOf } from '../identity-helpers'
import { balances, mainMinor, moneyCall, moneyMember, newKey, walletMinor } from '../money-helpers'

let server: TestServer
const transfer = '/wps/relay/GCS_walletTransfer'
const sweep = '/wps/relay/GCS_walletReturn'

beforeAll(async () => {
  server = await build()
  expect(await runOps(server, 'wallet-mode', 'MULTI')).toBe('DEMO: wallet mode MULTI')
})
afterAll(async () => {
  if (server) expect((await reconcile(server.db)).ok).toBe(true)
  await server?.close()
})

describe('balances', () => {
  it('refuses a visitor', async () => {
    const res = await plainCall(server, 'GET', '/wps/v2/wallets/balance')
    expect(res.statusCode).toBe(401)
    expect(failureOf(res).errorCode).toBe('CUSTOMER_NOT_LOGIN')
  })

  it('shows the main wallet first, then every vendor wallet, with the currency', async () => {
    const m = await moneyMember(server, '12.34')
    const b = await balances(server, m.token)
    expect(b.sumBalance).toBe('12.34')
    expect(b.currencySymbol).toBe('$')
    expect(b.balance[0]).toEqual({
      accountTypeId: 2,
      accountTypeName: 'MAIN',
      availBalance: '12.34',
      status: 'OK',
    })
    expect(b.balance.length).toBeGreaterThan(10)
    expect(b.balance.slice(1).every((w) => w.availBalance === '0.00')).toBe(true)
  })

  it('answers one wallet for typeId, and wallet_unknown for an id that is no wallet', async () => {
    const m = await moneyMember(server, '1.00')
    const one = valueOf(
      await plainCall(server, 'GET', '/wps/v2/wallets/balance?typeId=2', { token: m.token }),
      (v) => BalancesSchema.parse(v),
    )
    expect(one.balance.map((w) => w.accountTypeId)).toEqual([2])
    const bad = await plainCall(server, 'GET', '/wps/v2/wallets/balance?typeId=999', { token: m.token })
    expect(bad.statusCode).toBe(404)
    expect(failureOf(bad).errorCode).toBe('wallet_unknown')
  })

  it('gives a trial account its play money', async () => {
    const res = await plainCall(server, 'POST', '/wps/session/login/freeplay', { body: {} })
    const token = valueOf(res, (v) => (v as { token: string }).token)
    expect((await balances(server, token)).sumBalance).toBe('2000.00')
    // ...which it cannot move or withdraw: money endpoints want a real account.
    const t = await moneyCall(server, token, transfer, {
      fromAccountTypeId: 2,
      toAccountTypeId: 100,
      amount: '1',
    })
    expect(t.statusCode).toBe(403)
    expect(failureOf(t).errorCode).toBe('in_need_true_account')
  })
})

describe('a single-wallet brand', () => {
  it('shows the main wallet only and has no vendor wallet to transfer to', async () => {
    await runOps(server, 'wallet-mode', 'SINGLE')
    try {
      const m = await moneyMember(server, '5.00')
      const b = await balances(server, m.token)
      expect(b.balance.map((w) => [w.accountTypeId, w.availBalance])).toEqual([[2, '5.00']])
      const res = await moneyCall(server, m.token, transfer, {
        fromAccountTypeId: 2,
        toAccountTypeId: 100,
        amount: '1.00',
      })
      expect(failureOf(res).errorCode).toBe('wallet_unknown')
      expect(await mainMinor(server, m.token)).toBe(500n)
    } finally {
      await runOps(server, 'wallet-mode', 'MULTI')
    }
  })
})

describe('transfers between wallets', () => {
  it('moves the exact amount from main to a vendor wallet and back', async () => {
    const m = await moneyMember(server, '100.00')
    const res = await moneyCall(server, m.token, transfer, {
      fromAccountTypeId: 2,
      toAccountTypeId: 100,
      amount: '40.10',
    })
    const b = valueOf(res, (v) => BalancesSchema.parse(v))
    expect(b.sumBalance).toBe('100.00')
    expect(b.balance.find((w) => w.accountTypeId === 2)?.availBalance).toBe('59.90')
    expect(b.balance.find((w) => w.accountTypeId === 100)?.availBalance).toBe('40.10')
    await moneyCall(server, m.token, transfer, { fromAccountTypeId: 100, toAccountTypeId: 2, amount: '0.10' })
    expect(await mainMinor(server, m.token)).toBe(6000n)
  })

  it('answers every wallet as it stands after the transfer, the ones it did not touch too', async () => {
    const m = await moneyMember(server, '10.00')
    await moneyCall(server, m.token, transfer, { fromAccountTypeId: 2, toAccountTypeId: 100, amount: '3.00' })
    const res = await moneyCall(server, m.token, transfer, {
      fromAccountTypeId: 2,
      toAccountTypeId: 101,
      amount: '2.00',
    })
    const b = valueOf(res, (v) => BalancesSchema.parse(v))
    expect(b.sumBalance).toBe('10.00')
    const shown = new Map(b.balance.map((w) => [w.accountTypeId, w.availBalance]))
    expect([shown.get(2), shown.get(100), shown.get(101), shown.get(102)]).toEqual([
      '5.00',
      '3.00',
      '2.00',
      '0.00',
    ])
    // The same as a read of the balances afterwards.
    expect(await balances(server, m.token)).toEqual(b)
  })

  it.each([
    ['zero', '0'],
    ['zero with decimals', '0.00'],
    ['negative', '-1'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['an exponent', '1e3'],
    ['three decimals', '1.234'],
    ['empty', ''],
    ['a space', ' '],
    ['hex', '0x10'],
    ['thirteen digits', '1234567890123'],
  ])('refuses %s (%j) with amount_invalid and moves nothing', async (_, amount) => {
    const m = await moneyMember(server, '10.00')
    const res = await moneyCall(server, m.token, transfer, {
      fromAccountTypeId: 2,
      toAccountTypeId: 100,
      amount,
    })
    expect(res.statusCode).toBe(400)
    expect(failureOf(res).errorCode).toBe('amount_invalid')
    expect(await mainMinor(server, m.token)).toBe(1000n)
  })

  it('refuses an amount sent as a JSON number (amounts are decimal strings)', async () => {
    const m = await moneyMember(server, '10.00')
    const res = await moneyCall(server, m.token, transfer, {
      fromAccountTypeId: 2,
      toAccountTypeId: 100,
      amount: 5,
    })
    expect(res.statusCode).toBe(400)
    expect(failureOf(res).errorCode).toBe('validation_failed')
    expect(await mainMinor(server, m.token)).toBe(1000n)
  })

  it('refuses more than the balance with insufficient_balance carrying the balance', async () => {
    const m = await moneyMember(server, '10.00')
    const res = await moneyCall(server, m.token, transfer, {
      fromAccountTypeId: 2,
      toAccountTypeId: 100,
      amount: '10.01',
    })
    expect(res.statusCode).toBe(422)
    const f = failureOf(res)
    expect(f.errorCode).toBe('insufficient_balance')
    expect(f.value).toMatchObject({ balance: '10.00' })
    expect(await walletMinor(server, m.token, 100)).toBe(0n)
  })

  it('refuses the same wallet twice and a wallet that does not exist', async () => {
    const m = await moneyMember(server, '10.00')
    const same = await moneyCall(server, m.token, transfer, {
      fromAccountTypeId: 2,
      toAccountTypeId: 2,
      amount: '1',
    })
    expect(failureOf(same).errorCode).toBe('wallet_same')
    const unknown = await moneyCall(server, m.token, transfer, {
      fromAccountTypeId: 2,
      toAccountTypeId: 777,
      amount: '1',
    })
    expect(unknown.statusCode).toBe(404)
    expect(failureOf(unknown).errorCode).toBe('wallet_unknown')
    expect(await mainMinor(server, m.token)).toBe(1000n)
  })

  it('refuses a wallet whose vendor is under maintenance', async () => {
    const m = await moneyMember(server, '10.00')
    await server.db.update(vendors).set({ maintenance: true }).where(eq(vendors.accountTypeId, 101))
    try {
      const res = await moneyCall(server, m.token, transfer, {
        fromAccountTypeId: 2,
        toAccountTypeId: 101,
        amount: '1',
      })
      expect(failureOf(res).errorCode).toBe('vendor_under_maintenance')
      const b = await balances(server, m.token)
      expect(b.balance.find((w) => w.accountTypeId === 101)?.status).toBe('MAINTENANCE')
    } finally {
      await server.db.update(vendors).set({ maintenance: false }).where(eq(vendors.accountTypeId, 101))
    }
  })

  it('refuses a wallet whose vendor is inside a maintenance window, and takes it again after', async () => {
    const m = await moneyMember(server, '10.00')
    const hour = 3_600_000
    const window = (from: number, until: number) =>
      server.db
        .update(vendors)
        .set({ maintenanceFrom: new Date(Date.now() + from), maintenanceUntil: new Date(Date.now() + until) })
        .where(eq(vendors.accountTypeId, 101))
    const toVendor = () =>
      moneyCall(server, m.token, transfer, { fromAccountTypeId: 2, toAccountTypeId: 101, amount: '1' })
    await window(-hour, hour)
    try {
      expect(failureOf(await toVendor()).errorCode).toBe('vendor_under_maintenance')
      expect((await balances(server, m.token)).balance.find((w) => w.accountTypeId === 101)?.status).toBe(
        'MAINTENANCE',
      )
      await window(-2 * hour, -hour)
      expect((await toVendor()).statusCode).toBe(200)
    } finally {
      await server.db
        .update(vendors)
        .set({ maintenanceFrom: null, maintenanceUntil: null })
        .where(eq(vendors.accountTypeId, 101))
    }
  })
})

describe('idempotency keys', () => {
  it('are required on a money call', async () => {
    const m = await moneyMember(server, '10.00')
    const res = await moneyCall(
      server,
      m.token,
      transfer,
      { fromAccountTypeId: 2, toAccountTypeId: 100, amount: '1' },
      null,
    )
    expect(res.statusCode).toBe(400)
    expect(failureOf(res).errorCode).toBe('idempotency_key_required')
    const short = await moneyCall(
      server,
      m.token,
      transfer,
      { fromAccountTypeId: 2, toAccountTypeId: 100, amount: '1' },
      'abc',
    )
    expect(failureOf(short).errorCode).toBe('idempotency_key_required')
  })

  it('replay the first answer for a retry and move the money once', async () => {
    const m = await moneyMember(server, '10.00')
    const key = newKey()
    const body = { fromAccountTypeId: 2, toAccountTypeId: 100, amount: '3.00' }
    const first = await moneyCall(server, m.token, transfer, body, key)
    const again = await moneyCall(server, m.token, transfer, body, key)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(await mainMinor(server, m.token)).toBe(700n)
  })

  it('move the money once when the same request arrives many times at once', async () => {
    const m = await moneyMember(server, '10.00')
    const key = newKey()
    const body = { fromAccountTypeId: 2, toAccountTypeId: 100, amount: '1.00' }
    const all = await Promise.all(
      Array.from({ length: 8 }, () => moneyCall(server, m.token, transfer, body, key)),
    )
    expect(all.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
    expect(await mainMinor(server, m.token)).toBe(900n)
    expect(await walletMinor(server, m.token, 100)).toBe(100n)
  })

  it('refuse the same key with another body (409) and move nothing', async () => {
    const m = await moneyMember(server, '10.00')
    const key = newKey()
    await moneyCall(
      server,
      m.token,
      transfer,
      { fromAccountTypeId: 2, toAccountTypeId: 100, amount: '1.00' },
      key,
    )
    const other = await moneyCall(
      server,
      m.token,
      transfer,
      { fromAccountTypeId: 2, toAccountTypeId: 100, amount: '2.00' },
      key,
    )
    expect(other.statusCode).toBe(409)
    expect(failureOf(other).errorCode).toBe('idempotency_key_reused')
    expect(await mainMinor(server, m.token)).toBe(900n)
  })

  it('are judged afresh after a refusal: a failed call stored nothing', async () => {
    const m = await moneyMember(server, '1.00')
    const key = newKey()
    const body = { fromAccountTypeId: 2, toAccountTypeId: 100, amount: '5.00' }
    expect(failureOf(await moneyCall(server, m.token, transfer, body, key)).errorCode).toBe(
      'insufficient_balance',
    )
    await runOps(server, 'adjust', m.username, '10.00', 'top up')
    expect((await moneyCall(server, m.token, transfer, body, key)).statusCode).toBe(200)
    expect(await mainMinor(server, m.token)).toBe(600n)
  })

  it('belong to one member: another member may use the same key', async () => {
    const a = await moneyMember(server, '10.00')
    const b = await moneyMember(server, '10.00')
    const key = newKey()
    const body = { fromAccountTypeId: 2, toAccountTypeId: 100, amount: '1.00' }
    expect((await moneyCall(server, a.token, transfer, body, key)).statusCode).toBe(200)
    expect((await moneyCall(server, b.token, transfer, body, key)).statusCode).toBe(200)
    expect(await mainMinor(server, b.token)).toBe(900n)
  })
})

describe('sweep and summary', () => {
  it('collects every vendor wallet back into main', async () => {
    const m = await moneyMember(server, '50.00')
    await moneyCall(server, m.token, transfer, {
      fromAccountTypeId: 2,
      toAccountTypeId: 100,
      amount: '10.00',
    })
    await moneyCall(server, m.token, transfer, {
      fromAccountTypeId: 2,
      toAccountTypeId: 110,
      amount: '15.50',
    })
    const b = valueOf(await moneyCall(server, m.token, sweep, {}), (v) => BalancesSchema.parse(v))
    expect(b.balance[0]?.availBalance).toBe('50.00')
    expect(b.balance.slice(1).every((w) => w.availBalance === '0.00')).toBe(true)
    // Nothing to collect: still a success, nothing moves.
    expect((await moneyCall(server, m.token, sweep, {})).statusCode).toBe(200)
  })

  it('summarises the funds of the member', async () => {
    const m = await moneyMember(server, '20.00')
    const res = await plainCall(server, 'GET', '/wps/member/info/funds/consolidated', { token: m.token })
    const c = valueOf(res, (v) => ConsolidatedFundsSchema.parse(v))
    expect(c).toMatchObject({ sumBalance: '20.00', withdrawalsInFlight: '0.00', pendingDeposits: 0 })
  })
})
