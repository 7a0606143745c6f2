/**
 * Shared set-up of the withdrawal suites: the relay addresses they call, and a member with a
 * payment password, a bank card and a withdrawal to it, on the server the suite builds.
 */
import { z } from 'zod'
import type { TestServer } from '../build-server'
import { valueOf } from '../identity-helpers'
import { newKey, sealedMoneyCall, type MoneyMember, withPaymentPassword } from '../money-helpers'

export const url = {
  setPw: '/wps/relay/setWithdrawPassword',
  changePw: '/wps/relay/changeWithdrawPassword',
  checkPw: '/wps/relay/checkWithdrawPassword',
  addCard: '/wps/relay/withdrawAddCard',
  delCard: '/wps/relay/withdrawDelCard',
  cards: '/wps/relay/getBankCards',
  withdraw: '/wps/relay/withdraw',
  list: '/wps/relay/MCSFE_getWithdrawTransactionReport',
  confirmations: '/wps/relay/MCSFE_getPaymentConfirmationList',
  confirm: '/wps/relay/MCSFE_confirmWithdrawal',
  upline: '/wps/relay/transferUpline',
  movements: '/wps/relay/ODSFE2_MemTransDet',
}

/** The suites' helpers on the server the suite's beforeAll builds (read when called). */
export function withdrawalTools(serverOf: () => TestServer) {
  async function withPassword(credit?: string): Promise<MoneyMember> {
    return withPaymentPassword(serverOf(), credit)
  }

  async function addCard(m: MoneyMember, accountNumber = '0123456789', bankCode = 'ABA'): Promise<number> {
    const res = await sealedMoneyCall(
      serverOf(),
      m.token,
      url.addCard,
      { bankCode, accountName: 'Sok Dara', accountNumber, paymentPassword: '246810' },
      null,
    )
    return valueOf(res, (v) => z.object({ id: z.number() }).parse(v)).id
  }

  async function withdraw(m: MoneyMember, cardId: number, amount: string, key = newKey()) {
    return sealedMoneyCall(
      serverOf(),
      m.token,
      url.withdraw,
      { amount, cardId, paymentPassword: '246810' },
      key,
    )
  }

  return { withPassword, addCard, withdraw }
}
