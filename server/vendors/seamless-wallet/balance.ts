/** balance: the player's wallet, for a session still open to new rounds. */
import type { WalletAnswer } from '../adapter'
import { ok, refusal, type BalanceCall, type WalletCommon } from './common'

export async function balanceCall(
  w: WalletCommon,
  vendorId: string,
  call: BalanceCall,
): Promise<WalletAnswer> {
  const { session } = await w.lookup(vendorId, call.player, null, true)
  if (!session) return refusal('UNKNOWN_PLAYER')
  const c = await w.contextOf(session)
  return ok(c.m, await w.ledger.balance(w.db, c.walletId))
}
