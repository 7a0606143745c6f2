/**
 * The seamless wallet vendors call: signed calls only (a bad signature moves nothing),
 * retries answered from the saved answer, the same id with another call refused, calls in
 * the wrong order handled (credit without debit, rollback before its debit), concurrent
 * debits never overdrawing, and game money reconciling after a burst of rounds. Rounds show
 * in the member's betting record and profit and loss.
 */
import { randomInt } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BetRecordSchema } from '#contract/records'
import { betRecords, gameSessions, members, vendorTransactions, vendors } from '../../server/db/schema'
import { reconcile } from '../../server/money/ledger-reconcile'
import { reconcileGames } from '../../server/vendors/reconcile'
import type { WalletAnswer } from '../../server/vendors/adapter'
import { build, runOps, type TestServer } from '../build-server'
import { fakeVendor, vendorTxId, walletClient } from '../fake-vendor'
import { plainCall, valueOf } from '../identity-helpers'
import { mainMinor, moneyCall, moneyMember, walletMinor, type MoneyMember } from '../money-helpers'
import { playerTokenOf, setWalletMode } from '../play-helpers'
import { z } from 'zod/mini'

let server: TestServer
let wallet: ReturnType<typeof walletClient>
const vendor = fakeVendor('fake')
const other = fakeVendor('other')
const merchant = 'DEMO'
/** Demo Slots (DSL): accountTypeId 109. */
const game = 'DSL-0002'
const dslWallet = 109

beforeAll(async () => {
  server = await build({
    // `other` is registered but serves no vendor: its calls name no player of its own.
    vendorAdapters: [{ adapter: vendor }, { adapter: other, vassalages: [] }],
    poolMax: 8,
  })
  wallet = walletClient(server.app, server.db, vendor.id)
})
afterAll(async () => {
  if (server) {
    expect((await reconcile(server.db)).ok).toBe(true)
    const games = await reconcileGames(server.db, merchant)
    expect(games.mismatches).toEqual([])
    expect(await runOps(server, 'reconcile')).toMatch(
      /\ngame money reconciles for DEMO: stakes \d+, wins \d+/,
    )
  }
  await server?.close()
})

/** A member with `credit` on main, and the player token of a launch of the slot. */
async function player(credit: string): Promise<MoneyMember & { player: string }> {
  const m = await moneyMember(server, credit, 'sw')
  return { ...m, player: await playerTokenOf(server, m.token, game) }
}

function debit(p: { player: string }, amount: string, roundId = vendorTxId('r'), txId = vendorTxId()) {
  return { player: p.player, txId, roundId, gameId: game, amount }
}

function okBalance(a: WalletAnswer): string {
  if (!a.ok) throw new Error(`refused: ${a.error}`)
  return a.balance
}

async function txRows(txId: string) {
  return server.db.select().from(vendorTransactions).where(eq(vendorTransactions.txId, txId))
}

async function roundOf(roundId: string) {
  const [row] = await server.db.select().from(betRecords).where(eq(betRecords.betNo, roundId))
  return row
}

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

describe('retries and conflicts', () => {
  it('answers a retried debit from its saved answer, moving the money once', async () => {
    const p = await player('10.00')
    const call = debit(p, '400')
    const first = await wallet.call('debit', call)
    // The balance moves on before the retry: the retry still gets the first answer.
    await wallet.call('debit', debit(p, '100'))
    const again = await wallet.call('debit', call)
    expect(again).toEqual({ ...first, replayed: true })
    expect(await mainMinor(server, p.token)).toBe(500n)
    expect(await txRows(call.txId)).toHaveLength(1)
  })

  it('refuses the same txId with another amount, or for another kind of call, as TX_CONFLICT', async () => {
    const p = await player('10.00')
    const call = debit(p, '100')
    await wallet.call('debit', call)
    expect(await wallet.call('debit', { ...call, amount: '900' })).toEqual({
      ok: false,
      error: 'TX_CONFLICT',
    })
    const asCredit = { ...call, amount: '100' }
    expect(await wallet.call('credit', asCredit)).toEqual({ ok: false, error: 'TX_CONFLICT' })
    expect(await mainMinor(server, p.token)).toBe(900n)
  })

  it('refuses a credit for a round that never had a debit, keeping nothing', async () => {
    const p = await player('10.00')
    const call = {
      player: p.player,
      txId: vendorTxId(),
      roundId: vendorTxId('r'),
      gameId: game,
      amount: '5000',
    }
    expect(await wallet.call('credit', call)).toEqual({ ok: false, error: 'ROUND_NOT_OPEN', balance: '1000' })
    expect(await txRows(call.txId)).toEqual([])
    expect(await roundOf(call.roundId)).toBeUndefined()
    expect(await mainMinor(server, p.token)).toBe(1000n)
  })

  it('refuses a debit larger than the balance with INSUFFICIENT_FUNDS and keeps nothing, so a later retry is judged afresh', async () => {
    const p = await player('1.00')
    const call = debit(p, '150')
    expect(await wallet.call('debit', call)).toEqual({
      ok: false,
      error: 'INSUFFICIENT_FUNDS',
      balance: '100',
    })
    expect(await txRows(call.txId)).toEqual([])
    expect(await roundOf(call.roundId)).toBeUndefined()
    await runOps(server, 'adjust', p.username, '1.00', 'top up')
    expect(okBalance(await wallet.call('debit', call))).toBe('50')
    expect(await mainMinor(server, p.token)).toBe(50n)
  })
})

describe('rollbacks', () => {
  it('gives back the only debit of a round and cancels it; a second rollback of it moves nothing', async () => {
    const p = await player('10.00')
    const d = debit(p, '600')
    await wallet.call('debit', d)
    const back = { player: p.player, txId: vendorTxId(), refTxId: d.txId, roundId: d.roundId, gameId: game }
    expect(okBalance(await wallet.call('rollback', back))).toBe('1000')
    expect(await roundOf(d.roundId)).toMatchObject({ status: 'CANCELLED' })
    const twice = await wallet.call('rollback', { ...back, txId: vendorTxId() })
    expect(okBalance(twice)).toBe('1000')
    expect(await mainMinor(server, p.token)).toBe(1000n)
    // A retry of the debit itself still answers what it answered.
    expect(await wallet.call('debit', d)).toMatchObject({ ok: true, balance: '400', replayed: true })
  })

  it('records a rollback of a debit it never saw, acknowledges it, and refuses that debit when it comes', async () => {
    const p = await player('10.00')
    const d = debit(p, '700')
    const back = { player: p.player, txId: vendorTxId(), refTxId: d.txId, roundId: d.roundId, gameId: game }
    expect(await wallet.call('rollback', back)).toMatchObject({ ok: true, balance: '1000' })
    expect(await wallet.call('debit', d)).toEqual({ ok: false, error: 'TX_ROLLED_BACK' })
    expect(await mainMinor(server, p.token)).toBe(1000n)
    expect(await roundOf(d.roundId)).toBeUndefined()
    // The rollback's own retry is answered from its saved answer.
    expect(await wallet.call('rollback', back)).toMatchObject({ ok: true, replayed: true })
  })

  it('refuses to roll back a debit of a round already settled', async () => {
    const p = await player('10.00')
    const d = debit(p, '200')
    await wallet.call('debit', d)
    await wallet.call('credit', {
      player: p.player,
      txId: vendorTxId(),
      roundId: d.roundId,
      gameId: game,
      amount: '0',
    })
    const back = { player: p.player, txId: vendorTxId(), refTxId: d.txId, roundId: d.roundId, gameId: game }
    expect(await wallet.call('rollback', back)).toEqual({
      ok: false,
      error: 'ROUND_NOT_OPEN',
      balance: '800',
    })
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

describe('retention of vendor transactions', () => {
  it('prunes calls older than the retention in batches, keeps recent ones and those of open rounds, and still reconciles', async () => {
    const p = await player('20.00')
    // A settled round, a round still open, both 100 days old; a settled round of today.
    const oldDebit = debit(p, '300')
    const oldWin = {
      player: p.player,
      txId: vendorTxId(),
      roundId: oldDebit.roundId,
      gameId: game,
      amount: '500',
    }
    const openDebit = debit(p, '200')
    const newDebit = debit(p, '100')
    const newWin = {
      player: p.player,
      txId: vendorTxId(),
      roundId: newDebit.roundId,
      gameId: game,
      amount: '0',
    }
    okBalance(await wallet.call('debit', oldDebit))
    okBalance(await wallet.call('credit', oldWin))
    okBalance(await wallet.call('debit', openDebit))
    okBalance(await wallet.call('debit', newDebit))
    const newWinAnswer = await wallet.call('credit', newWin)
    expect(okBalance(newWinAnswer)).toBe('1900')
    const aged = [oldDebit.txId, oldWin.txId, openDebit.txId]
    await server.db.execute(sql`
      update vendor_transactions set created_at = now() - interval '100 days'
      where vendor_id = ${vendor.id} and tx_id in (${sql.join(
        aged.map((id) => sql`${id}`),
        sql`, `,
      )})`)
    const before = await reconcileGames(server.db, merchant)

    // Batches of one: each deletes the oldest row it may, until none is left.
    const prune = (keepDays: number) => server.services.vendorTransactions.prune(keepDays, 1)
    expect([await prune(90), await prune(90), await prune(90)]).toEqual([1, 1, 0])
    expect(await txRows(oldDebit.txId)).toEqual([])
    expect(await txRows(oldWin.txId)).toEqual([])
    // The open round keeps its debit: a late rollback finds it and returns the stake.
    expect(await txRows(openDebit.txId)).toHaveLength(1)
    expect(await txRows(newWin.txId)).toHaveLength(1)
    const after = await reconcileGames(server.db, merchant)
    expect(after.mismatches).toEqual([])
    expect(after.vendorTransactions).toEqual(before.vendorTransactions)

    // A retry inside the window answers its saved answer.
    expect(await wallet.call('credit', newWin)).toEqual({ ...newWinAnswer, replayed: true })
    // A retry of a pruned credit pays nothing again: its round is settled.
    expect(await wallet.call('credit', oldWin)).toMatchObject({ ok: false, error: 'ROUND_NOT_OPEN' })
    const back = {
      player: p.player,
      txId: vendorTxId(),
      refTxId: openDebit.txId,
      roundId: openDebit.roundId,
      gameId: game,
    }
    expect(okBalance(await wallet.call('rollback', back))).toBe('2100')
    expect(await mainMinor(server, p.token)).toBe(2100n)
  })
})

describe('under load', () => {
  it('never overdraws one member with 20 debits at once; the sum is right', async () => {
    const p = await player('10.00')
    const answers = await Promise.all(Array.from({ length: 20 }, () => wallet.call('debit', debit(p, '100'))))
    const taken = answers.filter((a) => a.ok)
    expect(taken).toHaveLength(10)
    expect(answers.filter((a) => !a.ok && a.error === 'INSUFFICIENT_FUNDS')).toHaveLength(10)
    expect(await mainMinor(server, p.token)).toBe(0n)
    const [row] = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(vendorTransactions)
      .where(and(eq(vendorTransactions.kind, 'debit'), eq(vendorTransactions.memberId, p.id)))
    expect(row?.n).toBe(10)
  })

  it('answers one debit sent 10 times at once exactly once', async () => {
    const p = await player('10.00')
    const call = debit(p, '1000')
    const answers = await Promise.all(Array.from({ length: 10 }, () => wallet.call('debit', call)))
    expect(answers.every((a) => a.ok && a.balance === '0')).toBe(true)
    expect(answers.filter((a) => a.ok && !a.replayed)).toHaveLength(1)
    expect(await mainMinor(server, p.token)).toBe(0n)
  })

  it('reconciles ledger, vendor transactions and rounds after a burst of rounds', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => player('50.00')))
    let expected = 0n
    await Promise.all(
      players.map(async (p) => {
        for (let i = 0; i < 12; i++) {
          const stake = BigInt(randomInt(1, 200))
          const d = debit(p, stake.toString())
          const taken = await wallet.call('debit', d)
          if (!taken.ok) continue
          if (i % 5 === 4) {
            await wallet.call('rollback', {
              player: p.player,
              txId: vendorTxId(),
              refTxId: d.txId,
              roundId: d.roundId,
              gameId: game,
            })
            continue
          }
          const win = BigInt(randomInt(0, 400))
          await wallet.call('credit', {
            player: p.player,
            txId: vendorTxId(),
            roundId: d.roundId,
            gameId: game,
            amount: win.toString(),
          })
          expected += win - stake
        }
      }),
    )
    let sum = 0n
    for (const p of players) sum += await mainMinor(server, p.token)
    expect(sum).toBe(4n * 5000n + expected)
    const report = await reconcileGames(server.db, merchant)
    expect(report.mismatches).toEqual([])
    expect(report.ok).toBe(true)
    expect((await reconcile(server.db)).ok).toBe(true)
  })
})
