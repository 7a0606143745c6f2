/** Deposits: the brand's methods, a bank transfer with its receipt, an online payment, the list. */
import { randomBytes, randomInt } from 'node:crypto'
import { depositReferenceAlphabet, type Deposit, type DepositMethodKind } from '#contract/funds'
import { minorToMoney } from '#contract/money'
import { checkField } from '#contract/register-rules'
import { localName } from '../db/localized'
import { pageOf } from '../db/paging'
import { AppError } from '../http/errors'
import { chooseDepositBonus } from '../promotions/deposit-bonus'
import { bankLogoUrlOf, bankNamed } from './bank-logos'
import { cleanImage } from './clean-image'
import {
  accountNameRule,
  amountOrThrow,
  currencyOf,
  inRangeOrThrow,
  ms,
  storeImage,
  type MerchantRow,
} from './common'
import type { FundsHandlers, FundsKit } from './funds-kit'
import type { DepositRow } from './funds-repository'
import { idempotencyOf, withIdempotency } from './idempotency'
import { memberOf } from './wallet-handlers'

export function depositView(d: DepositRow, m: MerchantRow): Deposit {
  return {
    id: d.id,
    methodCode: d.methodCode,
    kind: d.kind,
    amount: minorToMoney(d.amount, currencyOf(m)),
    status: d.status,
    reference: d.reference,
    referenceCode: d.referenceCode,
    hasReceipt: d.receiptId !== null,
    createdAt: d.createdAt.getTime(),
    settledAt: ms(d.settledAt),
  }
}

/** A fresh reference code: 8 characters of the contract's alphabet, about 40 bits. */
export function newDepositReference(): string {
  let code = ''
  for (let i = 0; i < 8; i++) code += depositReferenceAlphabet[randomInt(depositReferenceAlphabet.length)]
  return code
}

type DepositEndpoints =
  'depositMethods' | 'depositReference' | 'depositResult' | 'depositBank' | 'depositOnline' | 'deposits'

export function depositHandlers(kit: FundsKit): Pick<FundsHandlers, DepositEndpoints> {
  const { db, settings, fundsRepo, now } = kit

  async function method(merchantCode: string, code: string, kind: DepositMethodKind) {
    const row = await fundsRepo.depositMethod(merchantCode, code, kind)
    if (!row) throw new AppError('deposit_method_unknown', 'no such deposit method')
    return row
  }

  return {
    async depositMethods({ caller }) {
      const m = await settings.merchant(caller.merchantCode)
      const [rows, banks] = await Promise.all([fundsRepo.depositMethods(m.code), fundsRepo.banks(m.code)])
      const bankOf = (bank: NonNullable<(typeof rows)[number]['bank']>) => {
        const known = bankNamed(banks, bank.bankName)
        return {
          bankName: bank.bankName,
          accountName: bank.accountName,
          accountNumber: bank.accountNumber,
          logoUrl: known ? bankLogoUrlOf(m.code, known) : null,
        }
      }
      return {
        allowDeposit: rows.length > 0,
        methods: rows.map((r) => ({
          code: r.code,
          kind: r.kind,
          name: localName(r.names, r.name, caller.locale, m.defaultLanguage),
          minAmount: minorToMoney(r.minAmount, currencyOf(m)),
          maxAmount: minorToMoney(r.maxAmount, currencyOf(m)),
          bank: r.bank ? bankOf(r.bank) : null,
          qrPayload: r.qrPayload ?? null,
        })),
      }
    },

    async depositReference({ caller }) {
      memberOf(caller)
      // A code that names a deposit already is never offered (a clash is one in a trillion).
      for (;;) {
        const reference = newDepositReference()
        if (!(await fundsRepo.referenceUsed(caller.merchantCode, reference))) return { reference }
      }
    },

    async depositResult({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const d = await fundsRepo.memberDepositByOrder(m.code, memberId, input.order)
      if (!d) throw new AppError('deposit_not_found', 'no such deposit')
      return depositView(d, m)
    },

    async depositBank({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const amount = amountOrThrow(input.amount, m)
      const meth = await method(m.code, input.methodCode, 'BANK_TRANSFER')
      inRangeOrThrow(amount, meth.minAmount, meth.maxAmount, m)
      const reference = input.reference?.trim() ?? null
      if (
        reference !== null &&
        (!reference || checkField({ ...accountNameRule, field: 'payeeName' }, reference))
      ) {
        throw new AppError('validation_failed', 'the transfer reference is not valid', {
          fields: [{ path: 'reference', code: 'invalid', message: 'reference' }],
        })
      }
      const image = input.receipt ? await cleanImage(input.receipt) : null
      return withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
        const at = now()
        const receiptId = image ? await storeImage(tx, memberId, image, at) : null
        const row = {
          merchantCode: m.code,
          memberId,
          methodCode: meth.code,
          kind: meth.kind,
          amount,
          status: 'PENDING' as const,
          reference,
          receiptId,
          createdAt: at,
        }
        let d = input.referenceCode
          ? await fundsRepo.addDepositWithReference({ ...row, referenceCode: input.referenceCode }, tx)
          : undefined
        if (input.referenceCode && !d) {
          throw new AppError('deposit_reference_used', 'another deposit carries this reference')
        }
        // Without a code from the page the server makes one; a clash draws another.
        while (!d)
          d = await fundsRepo.addDepositWithReference({ ...row, referenceCode: newDepositReference() }, tx)
        if (input.promotionId !== undefined) {
          await chooseDepositBonus(tx, kit, m, memberId, d.id, amount, input.promotionId)
        }
        return depositView(d, m)
      })
    },

    async depositOnline({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const amount = amountOrThrow(input.amount, m)
      const meth = await method(m.code, input.methodCode, 'ONLINE')
      const payUrl = kit.payUrl
      if (!payUrl) throw new AppError('deposit_method_unknown', 'no online gateway is configured')
      inRangeOrThrow(amount, meth.minAmount, meth.maxAmount, m)
      return withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
        const order = `DP${randomBytes(9).toString('hex').toUpperCase()}`
        const d = await fundsRepo.addDeposit(
          {
            merchantCode: m.code,
            memberId,
            methodCode: meth.code,
            kind: meth.kind,
            amount,
            status: 'PENDING',
            gatewayOrder: order,
            createdAt: now(),
          },
          tx,
        )
        if (input.promotionId !== undefined) {
          await chooseDepositBonus(tx, kit, m, memberId, d.id, amount, input.promotionId)
        }
        return { deposit: depositView(d, m), redirectUrl: payUrl(order) }
      })
    },

    async deposits({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const { rows, total } = await fundsRepo.depositPage({ ...input, memberId })
      return pageOf(
        rows.map((d) => depositView(d, m)),
        total,
        input,
      )
    },
  }
}
