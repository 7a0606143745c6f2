/**
 * The seamless wallet under retries and disorder: retries answered from the saved answer,
 * the same id with another call refused, calls in the wrong order handled (credit without
 * debit, rollback before its debit), old calls pruned, concurrent debits never overdrawing,
 * and game money reconciling after a burst of rounds.
 */
import { randomInt } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { vendorTransactions } from '#server/db/schema'
import { reconcile } from '#server/money/ledger-reconcile'
import { reconcileGames } from '#server/vendors/reconcile'
import { runOps } from '../build-server'
import { vendorTxId } from '../fake-vendor'
import { mainMinor } from '../money-helpers'
import {
  debit,
  game,
  merchant,
  okBalance,
  player,
  roundOf,
  server,
  txRows,
  useSeamlessWallet,
  vendor,
  wallet,
} from './seamless-wallet-setup'

useSeamlessWallet()

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
