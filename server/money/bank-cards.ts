/** Banks and the member's bank cards: the list, adding one (within the brand's limit), deleting one. */
import { checkField } from '#contract/register-rules'
import { pgCodes, pgErrorOf } from '../db/pg-errors'
import { AppError } from '../http/errors'
import { bankLogoUrlOf, type BankLogoSource } from './bank-logos'
import { accountNameRule, maskAccount } from './common'
import type { FundsHandlers, FundsKit } from './funds-kit'
import type { BankCardRow } from './funds-repository'
import { paymentPasswordCheck } from './payment-password'
import { memberOf } from './wallet-handlers'

/** A card as the member sees it, with its bank's logo while the bank is one of the brand's. */
function cardView(c: BankCardRow, merchantCode: string, bank: BankLogoSource | undefined) {
  return {
    id: c.id,
    bankCode: c.bankCode,
    bankName: c.bankName,
    accountName: c.accountName,
    accountNumberMasked: maskAccount(c.accountNumber),
    logoUrl: bank ? bankLogoUrlOf(merchantCode, bank) : null,
  }
}

/** The member's own live card; refused when it is another's or deleted. */
export async function ownCardOrThrow(kit: FundsKit, memberId: number, cardId: number): Promise<BankCardRow> {
  const card = await kit.fundsRepo.ownCard(memberId, cardId)
  if (!card) throw new AppError('bank_card_not_found', 'no such bank card')
  return card
}

type BankCardEndpoints = 'banks' | 'bankCards' | 'addBankCard' | 'deleteBankCard'

export function bankCardHandlers(kit: FundsKit): Pick<FundsHandlers, BankCardEndpoints> {
  const { db, settings, members, fundsRepo, now } = kit
  const checkPaymentPassword = paymentPasswordCheck(kit)

  return {
    async banks({ caller }) {
      return (await fundsRepo.banks(caller.merchantCode)).map(({ code, name }) => ({ code, name }))
    },

    async bankCards({ caller }) {
      const memberId = memberOf(caller)
      const [cards, banks] = await Promise.all([
        fundsRepo.liveCards(memberId),
        fundsRepo.banks(caller.merchantCode),
      ])
      return cards.map((c) =>
        cardView(
          c,
          caller.merchantCode,
          banks.find((b) => b.code === c.bankCode),
        ),
      )
    },

    async addBankCard({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      await checkPaymentPassword(memberId, input.paymentPassword)
      const bank = await fundsRepo.bank(m.code, input.bankCode)
      if (!bank) throw new AppError('bank_unknown', 'no such bank')
      const number = input.accountNumber.replace(/[\s-]+/g, '')
      const accountName = input.accountName.trim()
      if (!/^\d{6,34}$/.test(number) || checkField(accountNameRule, accountName)) {
        throw new AppError(
          'bank_card_invalid',
          'the account number is 6 to 34 digits and the name is required',
        )
      }
      try {
        const card = await db.transaction(async (tx) => {
          // The member's row is locked first, so two adds at once count the cards one after
          // the other and the limit holds.
          await members.lock(memberId, tx)
          if ((await fundsRepo.liveCardCount(memberId, tx)) >= m.maxBankCards) {
            throw new AppError('bank_card_limit', 'the most bank cards are already added', {
              max: m.maxBankCards,
            })
          }
          return fundsRepo.addCard(
            {
              memberId,
              bankCode: bank.code,
              bankName: bank.name,
              accountName,
              accountNumber: number,
              createdAt: now(),
            },
            tx,
          )
        })
        return cardView(card, m.code, bank)
      } catch (err) {
        if (pgErrorOf(err)?.code === pgCodes.uniqueViolation) {
          throw new AppError('bank_card_duplicate', 'this bank account is already added')
        }
        throw err
      }
    },

    async deleteBankCard({ input, caller }) {
      const memberId = memberOf(caller)
      await checkPaymentPassword(memberId, input.paymentPassword)
      const card = await ownCardOrThrow(kit, memberId, input.cardId)
      await db.transaction(async (tx) => {
        // Locked with the card, so a withdrawal to it cannot start between the check and the delete.
        await fundsRepo.lockCard(card.id, tx)
        if ((await fundsRepo.pendingWithdrawalsToCard(card.id, tx)) > 0) {
          throw new AppError('bank_card_in_use', 'a withdrawal to this card is still waiting')
        }
        if (!(await fundsRepo.deleteCard(card.id, now(), tx)))
          throw new AppError('bank_card_not_found', 'no such bank card')
      })
      return null
    },
  }
}
