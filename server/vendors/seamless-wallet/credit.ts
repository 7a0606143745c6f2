/**
 * credit: a win. The movement into the member's wallet, then the claim and the round's win;
 * closing (the default) settles the round. No open round: ROUND_NOT_OPEN. Accepted after
 * the session stopped taking new rounds (the money is the member's). A credit that settles
 * the round also writes its points (server/loyalty/points/earn.ts) in the same transaction.
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
  type CreditCall,
  type WalletCommon,
} from './common'

export async function creditCall(w: WalletCommon, vendorId: string, call: CreditCall): Promise<WalletAnswer> {
  const amount = BigInt(call.amount)
  return w.moneyCall(vendorId, 'credit', call, false, async (tx, c, names, hash, at) => {
    const moved = await w.move(tx, c, {
      type: 'PAYOUT',
      amount,
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
        kind: 'credit',
        roundId: call.roundId,
        gameCode: names.gameCode,
        amount,
        hash,
        answer,
        ledgerTransactionId: moved.ledgerTransactionId,
      },
      at,
    )
    const done = await w.repo.claimWin(tx, claim, roundKey(c.session, call.roundId), call.roundClosed, at)
    if (!done.claimed) throw new Taken()
    if (!done.open) throw new Refused('ROUND_NOT_OPEN')
    // The round's points, in the same transaction as its settlement (decision 030).
    if (done.settled) {
      const { id, productType, validBet } = done.settled
      await w.points.earn(
        tx,
        c.earn,
        c.m,
        [{ betRecordId: id, memberId: c.session.memberId, productType, validBet }],
        at,
        { reference: `bet:${id}`, memo: null },
      )
    }
    return answer
  })
}
