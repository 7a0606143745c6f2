/**
 * debit: a stake. The movement out of the member's wallet, then one statement that claims
 * the txId with its answer and opens the round or adds to its stake while it is unsettled.
 * A debit into a settled or cancelled round is ROUND_NOT_OPEN.
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
  type DebitCall,
  type WalletCommon,
} from './common'

export async function debitCall(w: WalletCommon, vendorId: string, call: DebitCall): Promise<WalletAnswer> {
  const amount = BigInt(call.amount)
  return w.moneyCall(vendorId, 'debit', call, true, async (tx, c, names, hash, at) => {
    const moved = await w.move(tx, c, {
      type: 'BET',
      amount: -amount,
      vendorId,
      txId: call.txId,
      memo: memoOf(names),
      at,
    })
    const answer = ok(c.m, moved.balance, referenceOf(moved.ledgerTransactionId))
    const claim = claimOf(
      c,
      {
        vendorId,
        txId: call.txId,
        kind: 'debit',
        roundId: call.roundId,
        gameCode: names.gameCode,
        amount,
        hash,
        answer,
        ledgerTransactionId: moved.ledgerTransactionId,
      },
      at,
    )
    const done = await w.repo.claimStake(tx, claim, roundKey(c.session, call.roundId), names, at)
    if (!done.claimed) throw new Taken()
    if (!done.open) throw new Refused('ROUND_NOT_OPEN')
    return answer
  })
}
