/** A member's transfer of money to its upline agent, when the account allows it. */
import { minorToMoney } from '#contract/money'
import { AppError } from '../http/errors'
import { amountOrThrow, currencyOf, orInsufficient } from './common'
import type { FundsHandlers, FundsKit } from './funds-kit'
import { idempotencyOf, withIdempotency } from './idempotency'
import { paymentPasswordCheck } from './payment-password'
import { memberOf } from './wallet-handlers'

export function uplineTransferHandlers(kit: FundsKit): Pick<FundsHandlers, 'transferUpline'> {
  const { db, ledger, settings, now } = kit
  const checkPaymentPassword = paymentPasswordCheck(kit)

  return {
    async transferUpline({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const amount = amountOrThrow(input.amount, m)
      const me = await kit.member(memberId)
      const upline = me.toUpline && me.parentId ? await kit.member(me.parentId) : undefined
      if (!upline || upline.status !== 'active' || upline.merchantCode !== m.code) {
        throw new AppError('transfer_upline_not_allowed', 'this account cannot transfer to an upline')
      }
      await checkPaymentPassword(memberId, input.paymentPassword)
      const from = await ledger.memberAccount(m.code, memberId)
      const to = await ledger.memberAccount(m.code, upline.id)
      return orInsufficient(ledger, db, m, () =>
        withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
          await ledger.post(tx, {
            merchantCode: m.code,
            type: 'UPLINE_TRANSFER',
            memberId,
            memo: `${me.account} > ${upline.account}`,
            actor: 'member',
            at: now(),
            postings: [
              { accountId: from, amount: -amount },
              { accountId: to, amount },
            ],
          })
          const wallets = await ledger.memberWallets(tx, m.code, memberId)
          const sum = wallets.reduce((s, x) => s + x.balance, 0n)
          return { upline: upline.account, sumBalance: minorToMoney(sum, currencyOf(m)) }
        }),
      )
    },
  }
}
