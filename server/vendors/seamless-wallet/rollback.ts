/**
 * rollback: a debit taken back. Its stake returns to the wallet it came from and leaves the
 * round; a round left with no stake and no win is cancelled. A rollback of a debit never
 * seen is recorded and acknowledged, leaving a tombstone under the debit's id (the debit,
 * if it comes later, is TX_ROLLED_BACK). A second rollback of the same debit moves nothing.
 */
import type { WalletAnswer } from '../adapter'
import {
  claimOf,
  memoOf,
  ok,
  referenceOf,
  Refused,
  roundKey,
  Taken,
  type Moved,
  type RollbackCall,
  type WalletCommon,
} from './common'

export async function rollbackCall(
  w: WalletCommon,
  vendorId: string,
  call: RollbackCall,
): Promise<WalletAnswer> {
  const { repo, ledger } = w
  return w.moneyCall(vendorId, 'rollback', call, false, async (tx, c, names, hash, at) => {
    // Lock order as every call: the txId rows, then the accounts (the movement), then the round.
    const id = await repo.claimTx(
      tx,
      claimOf(
        c,
        {
          vendorId,
          txId: call.txId,
          kind: 'rollback',
          roundId: call.roundId,
          gameCode: call.gameId,
          amount: 0n,
          hash,
          answer: null,
          ledgerTransactionId: null,
          refTxId: call.refTxId,
        },
        at,
      ),
    )
    if (id === undefined) throw new Taken()
    const debit = await repo.lockTx(tx, vendorId, call.refTxId)
    let moved: Moved
    let returned = 0n
    if (!debit) {
      // Never seen: the id is kept as rolled back, so the debit is refused if it comes.
      const tomb = await repo.claimTx(tx, {
        ...claimOf(
          c,
          {
            vendorId,
            txId: call.refTxId,
            kind: 'debit',
            roundId: call.roundId,
            gameCode: call.gameId,
            amount: 0n,
            hash,
            answer: null,
            ledgerTransactionId: null,
          },
          at,
        ),
        state: 'tombstone',
        requestHash: null,
      })
      if (tomb === undefined) throw new Taken()
      moved = { balance: await ledger.balance(tx, c.walletId), ledgerTransactionId: null }
    } else if (debit.kind !== 'debit' || debit.memberId !== c.session.memberId) {
      throw new Refused('TX_CONFLICT')
    } else if (debit.state !== 'done') {
      // Already given back (or already a tombstone): acknowledged, nothing moves.
      moved = { balance: await ledger.balance(tx, c.walletId), ledgerTransactionId: null }
    } else {
      // The stake goes back where it came from: the debit's own session and wallet.
      const from = debit.sessionId === c.session.id ? c.session : await repo.sessionById(tx, debit.sessionId)
      if (!from) throw new Error('the session of a debit is missing')
      const walletId =
        from.accountTypeId === c.session.accountTypeId
          ? c.walletId
          : await ledger.memberAccount(c.m.code, from.memberId, from.accountTypeId, tx)
      moved = await w.move(tx, c, {
        type: 'BET',
        amount: debit.amount,
        walletId,
        vendorId,
        txId: call.txId,
        memo: `${memoOf(names)} (rollback)`,
        at,
      })
      if (!(await repo.unstake(tx, roundKey(from, debit.roundId), debit.amount, at))) {
        throw new Refused('ROUND_NOT_OPEN')
      }
      await repo.markRolledBack(tx, debit.id)
      returned = debit.amount
    }
    const answer = ok(c.m, moved.balance, referenceOf(moved.ledgerTransactionId))
    await repo.finishTx(tx, id, {
      answer,
      ledgerTransactionId: moved.ledgerTransactionId,
      amount: returned,
    })
    return answer
  })
}
