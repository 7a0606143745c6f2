/**
 * The seamless wallet vendors call, who may call it and a round's course: signed calls only
 * (a bad signature moves nothing), members disabled and vendors under maintenance mid-round,
 * game sessions pruned, rounds debited, credited and filed in the member's betting record
 * and profit and loss, and the vendor wallet of the multi-wallet mode. Retries, rollbacks
 * and load are in seamless-wallet-retries.test.ts.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { BetRecordSchema } from '#contract/records'
import { gameSessions, members, vendorTransactions, vendors } from '#server/db/schema'
import { vendorTxId, walletClient } from '../fake-vendor'
import { plainCall, valueOf } from '../identity-helpers'
import { mainMinor, moneyCall, moneyMember, walletMinor } from '../money-helpers'
import { playerTokenOf, setWalletMode } from '../play-helpers'
import {
  debit,
  dslWallet,
  game,
  merchant,
  okBalance,
  other,
  player,
  roundOf,
  server,
  txRows,
  useSeamlessWallet,
  wallet,
} from './seamless-wallet-setup'

useSeamlessWallet()

describe('who may call', () => {
  it('refuses a tampered body, another secret, a stale or missing timestamp and an unknown vendor, moving nothing', async () => {
    const p = await player('50.00')
    const call = debit(p, '1000')
    const refusals = [
      await wallet.send('debit', call, { tamper: (raw) => raw.replace('"1000"', '"1"') }),
      await wallet.send('debit', call, { secret: 'not-the-vendor-secret' }),
      await wallet.send('debit', call, { at: Date.now() - 6 * 60_000 }),
      await wallet.send('debit', call, { at: Date.now() + 6 * 60_000 }),
      await server.app.inject({
        method: 'POST',
        url: '/vendor-api/fake/wallet/debit',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(call),
      }),
      await walletClient(server.app, server.db, 'nobody').send('debit', call),
    ]
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(401)
      expect(res.json()).toEqual({ ok: false, error: 'INVALID_SIGNATURE' })
    }
    expect(await mainMinor(server, p.token)).toBe(5000n)
    expect(await txRows(call.txId)).toEqual([])
  })

  it('answers 400 BAD_REQUEST to a signed body that is not the call', async () => {
    const p = await player('5.00')
    for (const body of [{ player: p.player }, { ...debit(p, '-5') }, { ...debit(p, '1.50') }]) {
      const res = await wallet.send('debit', body)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ ok: false, error: 'BAD_REQUEST' })
    }
    const huge = await wallet.send(
      'debit',
      {},
      { raw: JSON.stringify({ ...debit(p, '1'), pad: 'x'.repeat(20_000) }) },
    )
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toEqual({ ok: false, error: 'BAD_REQUEST' })
    const notJson = await wallet.send('debit', {}, { raw: 'not json' })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json()).toEqual({ ok: false, error: 'BAD_REQUEST' })
    expect(await mainMinor(server, p.token)).toBe(500n)
  })

  it('answers UNKNOWN_PLAYER for a token no launch gave, or another vendor’s, or an expired one for a new round', async () => {
    const p = await player('5.00')
    expect(await wallet.call('balance', { player: 'no-such-player' })).toEqual({
      ok: false,
      error: 'UNKNOWN_PLAYER',
    })
    const otherWallet = walletClient(server.app, server.db, other.id)
    expect(await otherWallet.call('balance', { player: p.player })).toEqual({
      ok: false,
      error: 'UNKNOWN_PLAYER',
    })
    expect(await otherWallet.call('debit', debit(p, '100'))).toEqual({ ok: false, error: 'UNKNOWN_PLAYER' })
    await server.db
      .update(gameSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(gameSessions.memberId, p.id))
    expect(await wallet.call('debit', debit(p, '100'))).toEqual({ ok: false, error: 'UNKNOWN_PLAYER' })
    expect(await mainMinor(server, p.token)).toBe(500n)
  })
})

describe('a member disabled during a round', () => {
  it('opens no new round, but the open one still settles', async () => {
    const p = await player('10.00')
    const d = debit(p, '100')
    await wallet.call('debit', d)
    await server.db.update(members).set({ status: 'disabled' }).where(eq(members.id, p.id))
    expect(await wallet.call('debit', debit(p, '100'))).toEqual({ ok: false, error: 'UNKNOWN_PLAYER' })
    const win = { player: p.player, txId: vendorTxId(), roundId: d.roundId, gameId: game, amount: '300' }
    expect(okBalance(await wallet.call('credit', win))).toBe('1200')
  })
})

describe('a vendor under maintenance', () => {
  async function setVendor(values: Partial<typeof vendors.$inferInsert>) {
    await server.db
      .update(vendors)
      .set(values)
      .where(and(eq(vendors.merchantCode, merchant), eq(vendors.vassalage, 'DSL')))
  }
  const off = { maintenance: false, maintenanceFrom: null, maintenanceUntil: null }

  it('refuses a new stake while the operator has it switched off, but settles and rolls back the rounds in flight', async () => {
    const p = await player('10.00')
    const open = debit(p, '100')
    const second = debit(p, '200')
    expect(okBalance(await wallet.call('debit', open))).toBe('900')
    expect(okBalance(await wallet.call('debit', second))).toBe('700')
    await setVendor({ maintenance: true })
    try {
      expect(await wallet.call('debit', debit(p, '100'))).toEqual({
        ok: false,
        error: 'VENDOR_MAINTENANCE',
        balance: '700',
      })
      // The same stake added to an open round is a new stake too.
      expect((await wallet.call('debit', debit(p, '100', open.roundId))).ok).toBe(false)
      const win = { player: p.player, txId: vendorTxId(), roundId: open.roundId, gameId: game, amount: '500' }
      expect(okBalance(await wallet.call('credit', win))).toBe('1200')
      const back = { ...second, txId: vendorTxId(), refTxId: second.txId }
      expect(okBalance(await wallet.call('rollback', back))).toBe('1400')
      // A retry of a stake taken before the switch still answers its saved answer.
      expect(await wallet.call('debit', open)).toMatchObject({ ok: true, replayed: true, balance: '900' })
      expect(okBalance(await wallet.call('balance', { player: p.player }))).toBe('1400')
    } finally {
      await setVendor(off)
    }
    expect(okBalance(await wallet.call('debit', debit(p, '100')))).toBe('1300')
    expect(await roundOf(open.roundId)).toMatchObject({ status: 'SETTLED', betAmount: 100n, payout: 500n })
    expect(await roundOf(second.roundId)).toMatchObject({ status: 'CANCELLED' })
  })

  it('refuses a new stake inside a planned window and takes it again once the window ends', async () => {
    const p = await player('10.00')
    const t = Date.now()
    await setVendor({ maintenanceFrom: new Date(t - 60_000), maintenanceUntil: new Date(t + 3_600_000) })
    try {
      expect(await wallet.call('debit', debit(p, '100'))).toMatchObject({
        ok: false,
        error: 'VENDOR_MAINTENANCE',
      })
      await setVendor({ maintenanceFrom: new Date(t - 3_600_000), maintenanceUntil: new Date(t - 60_000) })
      expect(okBalance(await wallet.call('debit', debit(p, '100')))).toBe('900')
    } finally {
      await setVendor(off)
    }
    expect(await mainMinor(server, p.token)).toBe(900n)
  })
})

describe('game sessions', () => {
  it('prunes sessions that ended a day ago and never carried a call, keeping played ones', async () => {
    const p = await player('10.00')
    await wallet.call('debit', debit(p, '100'))
    await playerTokenOf(server, p.token, game)
    await server.db
      .update(gameSessions)
      .set({ expiresAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(gameSessions.memberId, p.id))
    expect(await server.services.gameSessions.prune()).toBeGreaterThanOrEqual(1)
    const left = await server.db.select().from(gameSessions).where(eq(gameSessions.memberId, p.id))
    const [played] = await server.db
      .select({ sessionId: vendorTransactions.sessionId })
      .from(vendorTransactions)
      .where(eq(vendorTransactions.memberId, p.id))
    expect(left.map((x) => x.id)).toEqual([played?.sessionId])
  })
})

describe('a round', () => {
  it('answers the balance in minor units with the currency and its decimals', async () => {
    const p = await player('12.34')
    expect(await wallet.call('balance', { player: p.player })).toEqual({
      ok: true,
      balance: '1234',
      currency: 'USD',
      decimals: 2,
    })
  })

  it('debits the stake, credits the win, and files a settled round in the betting record and profit and loss', async () => {
    const p = await player('100.00')
    const round = vendorTxId('r')
    const d = await wallet.call('debit', debit(p, '2500', round))
    expect(okBalance(d)).toBe('7500')
    expect(await roundOf(round)).toMatchObject({ status: 'UNSETTLED', betAmount: 2500n, payout: 0n })
    const c = await wallet.call('credit', {
      player: p.player,
      txId: vendorTxId(),
      roundId: round,
      gameId: game,
      amount: '6000',
    })
    expect(okBalance(c)).toBe('13500')
    expect(await mainMinor(server, p.token)).toBe(13_500n)

    const bets = valueOf(
      await plainCall(server, 'GET', '/wps/relay/ODSFE2_MemBetDet', { token: p.token }),
      (v) => z.object({ list: z.array(BetRecordSchema) }).parse(v),
    )
    expect(bets.list).toHaveLength(1)
    expect(bets.list[0]).toMatchObject({
      betNo: round,
      productType: 'RNG',
      vendorName: 'Demo Slots',
      betAmount: '25.00',
      validBet: '25.00',
      payout: '60.00',
      winLoss: '35.00',
      status: 'SETTLED',
    })
    const profit = valueOf(
      await plainCall(server, 'GET', '/wps/relay/ODSFE2_MemPNLDet', { token: p.token }),
      (v) => v as { totals: { winLoss: string }; products: { productType: string }[] },
    )
    expect(profit.totals.winLoss).toBe('35.00')
    expect(profit.products.map((x) => x.productType)).toEqual(['RNG'])
    const moves = valueOf(
      await plainCall(server, 'GET', '/wps/relay/ODSFE2_MemTransDet', { token: p.token }),
      (v) => v as { list: { type: string; amount: string }[] },
    )
    expect(moves.list.slice(0, 2).map((x) => [x.type, x.amount])).toEqual([
      ['PAYOUT', '60.00'],
      ['BET', '-25.00'],
    ])
  })

  it('settles a lost round with a zero credit, and refuses a credit after the round closed', async () => {
    const p = await player('10.00')
    const round = vendorTxId('r')
    await wallet.call('debit', debit(p, '300', round))
    const zero = { player: p.player, txId: vendorTxId(), roundId: round, gameId: game, amount: '0' }
    expect(okBalance(await wallet.call('credit', zero))).toBe('700')
    expect(await roundOf(round)).toMatchObject({ status: 'SETTLED', payout: 0n, validBet: 300n })
    const late = await wallet.call('credit', { ...zero, txId: vendorTxId(), amount: '500' })
    expect(late).toEqual({ ok: false, error: 'ROUND_NOT_OPEN', balance: '700' })
    const moreStake = await wallet.call('debit', debit(p, '100', round))
    expect(moreStake).toEqual({ ok: false, error: 'ROUND_NOT_OPEN', balance: '700' })
    expect(await mainMinor(server, p.token)).toBe(700n)
  })

  it('adds a second debit to an open round and keeps it open on a credit that does not close it', async () => {
    const p = await player('10.00')
    const round = vendorTxId('r')
    await wallet.call('debit', debit(p, '100', round))
    await wallet.call('debit', debit(p, '200', round))
    const mid = {
      player: p.player,
      txId: vendorTxId(),
      roundId: round,
      gameId: game,
      amount: '50',
      roundClosed: false,
    }
    expect(okBalance(await wallet.call('credit', mid))).toBe('750')
    expect(await roundOf(round)).toMatchObject({ status: 'UNSETTLED', betAmount: 300n, payout: 50n })
  })
})

describe('wallet modes', () => {
  it('plays from the vendor wallet in multi-wallet mode, leaving main alone', async () => {
    await setWalletMode(server, merchant, 'MULTI')
    try {
      const m = await moneyMember(server, '20.00', 'swm')
      await moneyCall(server, m.token, '/wps/relay/GCS_walletTransfer', {
        fromAccountTypeId: 2,
        toAccountTypeId: dslWallet,
        amount: '5.00',
      })
      const p = { player: await playerTokenOf(server, m.token, game) }
      expect(okBalance(await wallet.call('debit', debit(p, '200')))).toBe('300')
      expect(await walletMinor(server, m.token, dslWallet)).toBe(300n)
      expect(await mainMinor(server, m.token)).toBe(1500n)
    } finally {
      await setWalletMode(server, merchant, 'SINGLE')
    }
  })
})
