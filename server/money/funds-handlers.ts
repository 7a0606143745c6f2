/**
 * Deposits, withdrawals, the payment password, bank cards, withdrawal confirmations and
 * transfers to the upline.
 */
import { randomBytes } from 'node:crypto'
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm'
import type { Endpoints } from '#contract/endpoints'
import type { Deposit, Withdrawal } from '#contract/funds'
import { minorToMoney } from '#contract/money'
import { checkField } from '#contract/register-rules'
import type { RegisterFieldRule } from '#contract/system'
import {
  bankCards,
  banks,
  depositMethods,
  deposits,
  members,
  registerFieldRules,
  withdrawals,
} from '../db/schema'
import { pgCodes, pgErrorOf } from '../db/pg-errors'
import type { HandlerGroup } from '../http/contract-routes'
import { AppError, retryLater, secondsUntil } from '../http/errors'
import type { Passwords } from '../identity/passwords'
import type { Throttle } from '../identity/throttle'
import { oldPasswordGuesses } from '../identity/handlers'
import {
  amountOrThrow,
  currencyOf,
  imageOrThrow,
  inRangeOrThrow,
  maskAccount,
  ms,
  orInsufficient,
  storeImage,
  timeRange,
  type MerchantRow,
} from './common'
import type { FundsService } from './funds-service'
import { idempotencyOf, withIdempotency } from './idempotency'
import { memberOf, type MoneyDeps } from './wallet-handlers'

export interface FundsDeps extends MoneyDeps {
  passwords: Passwords
  throttle: Throttle
  funds: FundsService
  /** The online gateway's page for an order; null when no gateway is configured. */
  payUrl: ((order: string) => string) | null
}

const minute = 60_000
/** Wrong payment passwords: 5 in 15 minutes lock it for 15 minutes. */
export const paymentPasswordPolicy = { windowMs: 15 * minute, limit: 5, lockMs: 15 * minute }

export function paymentPasswordKey(memberId: number): string {
  return `paypw:${memberId}`
}

const defaultPaymentRule: RegisterFieldRule = {
  field: 'paymentPassword',
  enabled: true,
  required: true,
  minLength: 6,
  maxLength: 6,
  acceptedPattern: '^[0-9]+$',
  patternId: 'DIGITS',
}

const accountNameRule: RegisterFieldRule = {
  field: 'payeeName',
  enabled: true,
  required: true,
  minLength: 1,
  maxLength: 64,
  acceptedPattern: '*',
  patternId: 'ANY',
}

type DepositRow = typeof deposits.$inferSelect
type WithdrawalRow = typeof withdrawals.$inferSelect

export function depositView(d: DepositRow, m: MerchantRow): Deposit {
  return {
    id: d.id,
    methodCode: d.methodCode,
    kind: d.kind,
    amount: minorToMoney(d.amount, currencyOf(m)),
    status: d.status,
    reference: d.reference,
    hasReceipt: d.receiptId !== null,
    createdAt: d.createdAt.getTime(),
    settledAt: ms(d.settledAt),
  }
}

export function withdrawalView(w: WithdrawalRow, m: MerchantRow): Withdrawal {
  return {
    id: w.id,
    amount: minorToMoney(w.amount, currencyOf(m)),
    status: w.status,
    bankName: w.bankName,
    accountNumberMasked: maskAccount(w.accountNumber),
    amountReceived: w.amountReceived === null ? null : minorToMoney(w.amountReceived, currencyOf(m)),
    createdAt: w.createdAt.getTime(),
    paidAt: ms(w.paidAt),
    autoReceiveAt:
      w.status === 'PAID' && w.paidAt ? w.paidAt.getTime() + m.withdrawAutoReceiveMinutes * minute : null,
  }
}

export function fundsHandlers(deps: FundsDeps): HandlerGroup<Endpoints['funds']> {
  const { db, ledger, settings, now, passwords, throttle, funds } = deps

  async function member(memberId: number) {
    const [row] = await db.select().from(members).where(eq(members.id, memberId))
    if (!row) throw new AppError('user.or.token.invalid', 'the account is gone')
    return row
  }

  function locked(until: Date): AppError {
    return retryLater(
      'payment_password_locked',
      'too many wrong payment passwords; try again later',
      secondsUntil(until, now()),
    )
  }

  /**
   * Checks the payment password on one attempt taken from its budget before the hash is
   * compared: the 5th wrong one in 15 minutes locks it for 15 minutes, and parallel guesses
   * get no more than 5 checks between them.
   */
  async function checkPaymentPassword(memberId: number, given: string): Promise<void> {
    const m = await member(memberId)
    const stored = m.paymentPasswordHash
    if (!stored) throw new AppError('payment_password_not_set', 'set a payment password first')
    const checked = await throttle.guard(
      {
        key: paymentPasswordKey(memberId),
        windowMs: paymentPasswordPolicy.windowMs,
        limit: paymentPasswordPolicy.limit,
        blockMs: paymentPasswordPolicy.lockMs,
      },
      () => passwords.verify(stored, given),
    )
    if (checked.outcome === 'right') return
    if (checked.outcome === 'refused') throw locked(checked.until)
    if (checked.blockedUntil) throw locked(checked.blockedUntil)
    throw new AppError('payment_password_wrong', 'the payment password is wrong', {
      attemptsLeft: Math.max(0, paymentPasswordPolicy.limit - checked.count),
    })
  }

  async function paymentRule(merchantCode: string): Promise<RegisterFieldRule> {
    const [row] = await db
      .select()
      .from(registerFieldRules)
      .where(
        and(
          eq(registerFieldRules.merchantCode, merchantCode),
          eq(registerFieldRules.field, 'paymentPassword'),
        ),
      )
    if (!row) return defaultPaymentRule
    return {
      field: 'paymentPassword',
      enabled: true,
      required: true,
      minLength: row.minLength,
      maxLength: row.maxLength,
      acceptedPattern: row.acceptedPattern,
      patternId: row.patternId as RegisterFieldRule['patternId'],
    }
  }

  async function newPaymentPassword(merchantCode: string, value: string, confirm: string): Promise<string> {
    const problem = checkField(await paymentRule(merchantCode), value)
    if (problem)
      throw new AppError('payment_password_invalid', 'the payment password does not follow the rule', {
        problem,
      })
    if (value !== confirm) throw new AppError('password_mismatch', 'the two payment passwords differ')
    return passwords.hash(value)
  }

  async function ownCard(memberId: number, cardId: number) {
    const [card] = await db
      .select()
      .from(bankCards)
      .where(and(eq(bankCards.id, cardId), eq(bankCards.memberId, memberId), isNull(bankCards.deletedAt)))
    if (!card) throw new AppError('bank_card_not_found', 'no such bank card')
    return card
  }

  async function method(merchantCode: string, code: string, kind: 'BANK_TRANSFER' | 'ONLINE') {
    const [row] = await db
      .select()
      .from(depositMethods)
      .where(
        and(
          eq(depositMethods.merchantCode, merchantCode),
          eq(depositMethods.code, code),
          eq(depositMethods.enabled, true),
          eq(depositMethods.kind, kind),
        ),
      )
    if (!row) throw new AppError('deposit_method_unknown', 'no such deposit method')
    return row
  }

  return {
    async depositMethods({ caller }) {
      const m = await settings.merchant(caller.merchantCode)
      const rows = await db
        .select()
        .from(depositMethods)
        .where(and(eq(depositMethods.merchantCode, m.code), eq(depositMethods.enabled, true)))
        .orderBy(asc(depositMethods.sort))
      return {
        allowDeposit: rows.length > 0,
        methods: rows.map((r) => ({
          code: r.code,
          kind: r.kind,
          name: r.name,
          minAmount: minorToMoney(r.minAmount, currencyOf(m)),
          maxAmount: minorToMoney(r.maxAmount, currencyOf(m)),
          bank: r.bank ?? null,
        })),
      }
    },

    async depositBank({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const amount = amountOrThrow(input.amount, m)
      const meth = await method(m.code, input.methodCode, 'BANK_TRANSFER')
      inRangeOrThrow(amount, meth.minAmount, meth.maxAmount, m)
      const reference = input.reference.trim()
      if (!reference || checkField({ ...accountNameRule, field: 'payeeName' }, reference)) {
        throw new AppError('validation_failed', 'the transfer reference is not valid', {
          fields: [{ path: 'reference', code: 'invalid', message: 'reference' }],
        })
      }
      const image = input.receipt ? imageOrThrow(input.receipt) : null
      return withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
        const at = now()
        const receiptId =
          input.receipt && image ? await storeImage(tx, memberId, input.receipt, image, at) : null
        const [d] = await tx
          .insert(deposits)
          .values({
            merchantCode: m.code,
            memberId,
            methodCode: meth.code,
            kind: meth.kind,
            amount,
            status: 'PENDING',
            reference,
            receiptId,
            createdAt: at,
          })
          .returning()
        if (!d) throw new Error('deposit not written')
        return depositView(d, m)
      })
    },

    async depositOnline({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const amount = amountOrThrow(input.amount, m)
      const meth = await method(m.code, input.methodCode, 'ONLINE')
      const payUrl = deps.payUrl
      if (!payUrl) throw new AppError('deposit_method_unknown', 'no online gateway is configured')
      inRangeOrThrow(amount, meth.minAmount, meth.maxAmount, m)
      return withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
        const order = `DP${randomBytes(9).toString('hex').toUpperCase()}`
        const [d] = await tx
          .insert(deposits)
          .values({
            merchantCode: m.code,
            memberId,
            methodCode: meth.code,
            kind: meth.kind,
            amount,
            status: 'PENDING',
            gatewayOrder: order,
            createdAt: now(),
          })
          .returning()
        if (!d) throw new Error('deposit not written')
        return { deposit: depositView(d, m), redirectUrl: payUrl(order) }
      })
    },

    async deposits({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const where = and(
        eq(deposits.memberId, memberId),
        input.status ? eq(deposits.status, input.status) : undefined,
        ...timeRange(deposits.createdAt, input),
      )
      const rows = await db
        .select()
        .from(deposits)
        .where(where)
        .orderBy(desc(deposits.id))
        .limit(input.pageSize)
        .offset((input.pageNo - 1) * input.pageSize)
      const [total] = await db.select({ n: count() }).from(deposits).where(where)
      return {
        list: rows.map((d) => depositView(d, m)),
        total: Number(total?.n ?? 0),
        pageNo: input.pageNo,
        pageSize: input.pageSize,
      }
    },

    async withdrawSettings({ caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const me = await member(memberId)
      const main = await ledger.memberAccount(m.code, memberId)
      return {
        minimumAmount: minorToMoney(m.withdrawMin, currencyOf(m)),
        maximumAmount: minorToMoney(m.withdrawMax, currencyOf(m)),
        availableBalance: minorToMoney(await ledger.balance(db, main), currencyOf(m)),
        hasPaymentPassword: me.paymentPasswordHash !== null,
        maxBankCards: m.maxBankCards,
        autoReceiveMinutes: m.withdrawAutoReceiveMinutes,
        paymentPasswordRule: await paymentRule(m.code),
      }
    },

    async banks({ caller }) {
      const rows = await db
        .select({ code: banks.code, name: banks.name })
        .from(banks)
        .where(eq(banks.merchantCode, caller.merchantCode))
        .orderBy(asc(banks.sort))
      return rows
    },

    async bankCards({ caller }) {
      const memberId = memberOf(caller)
      const rows = await db
        .select()
        .from(bankCards)
        .where(and(eq(bankCards.memberId, memberId), isNull(bankCards.deletedAt)))
        .orderBy(asc(bankCards.id))
      return rows.map((c) => ({
        id: c.id,
        bankCode: c.bankCode,
        bankName: c.bankName,
        accountName: c.accountName,
        accountNumberMasked: maskAccount(c.accountNumber),
      }))
    },

    async addBankCard({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      await checkPaymentPassword(memberId, input.paymentPassword)
      const [bank] = await db
        .select()
        .from(banks)
        .where(and(eq(banks.merchantCode, m.code), eq(banks.code, input.bankCode)))
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
          await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update')
          const [live] = await tx
            .select({ n: count() })
            .from(bankCards)
            .where(and(eq(bankCards.memberId, memberId), isNull(bankCards.deletedAt)))
          if (Number(live?.n ?? 0) >= m.maxBankCards) {
            throw new AppError('bank_card_limit', 'the most bank cards are already added', {
              max: m.maxBankCards,
            })
          }
          const [row] = await tx
            .insert(bankCards)
            .values({
              memberId,
              bankCode: bank.code,
              bankName: bank.name,
              accountName,
              accountNumber: number,
              createdAt: now(),
            })
            .returning()
          if (!row) throw new Error('card not written')
          return row
        })
        return {
          id: card.id,
          bankCode: card.bankCode,
          bankName: card.bankName,
          accountName: card.accountName,
          accountNumberMasked: maskAccount(card.accountNumber),
        }
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
      const card = await ownCard(memberId, input.cardId)
      await db.transaction(async (tx) => {
        // Locked with the card, so a withdrawal to it cannot start between the check and the delete.
        await tx.select({ id: bankCards.id }).from(bankCards).where(eq(bankCards.id, card.id)).for('update')
        const [busy] = await tx
          .select({ n: count() })
          .from(withdrawals)
          .where(and(eq(withdrawals.cardId, card.id), eq(withdrawals.status, 'PENDING')))
        if (Number(busy?.n ?? 0) > 0) {
          throw new AppError('bank_card_in_use', 'a withdrawal to this card is still waiting')
        }
        const [gone] = await tx
          .update(bankCards)
          .set({ deletedAt: now() })
          .where(and(eq(bankCards.id, card.id), isNull(bankCards.deletedAt)))
          .returning({ id: bankCards.id })
        if (!gone) throw new AppError('bank_card_not_found', 'no such bank card')
      })
      return null
    },

    async setPaymentPassword({ input, caller }) {
      const memberId = memberOf(caller)
      const me = await member(memberId)
      if (me.paymentPasswordHash)
        throw new AppError('payment_password_exists', 'a payment password is already set')
      const checked = await throttle.guard(oldPasswordGuesses(memberId), () =>
        passwords.verify(me.passwordHash, input.loginPassword),
      )
      if (checked.outcome === 'refused') {
        throw retryLater(
          'TOO_MANY_REQUESTS',
          'too many wrong login passwords',
          secondsUntil(checked.until, now()),
        )
      }
      if (checked.outcome === 'wrong') throw new AppError('old_password_wrong', 'the login password is wrong')
      const hash = await newPaymentPassword(
        caller.merchantCode,
        input.paymentPassword,
        input.confirmPaymentPassword,
      )
      const [done] = await db
        .update(members)
        .set({ paymentPasswordHash: hash })
        .where(and(eq(members.id, memberId), isNull(members.paymentPasswordHash)))
        .returning({ id: members.id })
      if (!done) throw new AppError('payment_password_exists', 'a payment password is already set')
      return null
    },

    async changePaymentPassword({ input, caller }) {
      const memberId = memberOf(caller)
      await checkPaymentPassword(memberId, input.oldPaymentPassword)
      if (input.oldPaymentPassword === input.newPaymentPassword) {
        throw new AppError('password_same_as_old', 'choose a new payment password')
      }
      const hash = await newPaymentPassword(
        caller.merchantCode,
        input.newPaymentPassword,
        input.confirmPaymentPassword,
      )
      await db.transaction(async (tx) => {
        await tx.update(members).set({ paymentPasswordHash: hash }).where(eq(members.id, memberId))
        await throttle.clear(paymentPasswordKey(memberId), tx)
      })
      return null
    },

    async checkPaymentPassword({ input, caller }) {
      await checkPaymentPassword(memberOf(caller), input.paymentPassword)
      return { valid: true as const }
    },

    async withdraw({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const amount = amountOrThrow(input.amount, m)
      inRangeOrThrow(amount, m.withdrawMin, m.withdrawMax, m)
      await checkPaymentPassword(memberId, input.paymentPassword)
      const card = await ownCard(memberId, input.cardId)
      const wallet = await ledger.memberAccount(m.code, memberId)
      const inFlight = await ledger.houseAccount(m.code, 'withdrawals_in_flight')
      return orInsufficient(ledger, db, m, () =>
        withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
          const at = now()
          const [w] = await tx
            .insert(withdrawals)
            .values({
              merchantCode: m.code,
              memberId,
              cardId: card.id,
              bankName: card.bankName,
              accountName: card.accountName,
              accountNumber: card.accountNumber,
              amount,
              status: 'PENDING',
              createdAt: at,
            })
            .returning()
          if (!w) throw new Error('withdrawal not written')
          await ledger.post(tx, {
            merchantCode: m.code,
            type: 'WITHDRAWAL',
            memberId,
            reference: `withdrawal:${w.id}`,
            memo: card.bankName,
            actor: 'member',
            at,
            postings: [
              { accountId: wallet, amount: -amount },
              { accountId: inFlight, amount },
            ],
          })
          return withdrawalView(w, m)
        }),
      )
    },

    async withdrawals({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      await funds.autoReceive(m.code)
      const where = and(
        eq(withdrawals.memberId, memberId),
        input.status ? eq(withdrawals.status, input.status) : undefined,
        ...timeRange(withdrawals.createdAt, input),
      )
      const rows = await db
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(desc(withdrawals.id))
        .limit(input.pageSize)
        .offset((input.pageNo - 1) * input.pageSize)
      const [total] = await db.select({ n: count() }).from(withdrawals).where(where)
      return {
        list: rows.map((w) => withdrawalView(w, m)),
        total: Number(total?.n ?? 0),
        pageNo: input.pageNo,
        pageSize: input.pageSize,
      }
    },

    async confirmations({ caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      await funds.autoReceive(m.code)
      const rows = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.status, 'PAID')))
        .orderBy(asc(withdrawals.id))
      return rows.map((w) => withdrawalView(w, m))
    },

    async confirmWithdrawal({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      await funds.autoReceive(m.code)
      const [w] = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.id, input.withdrawalId), eq(withdrawals.memberId, memberId)))
      if (!w) throw new AppError('withdrawal_not_found', 'no such withdrawal')
      if (w.status !== 'PAID') {
        throw new AppError(
          'withdrawal_not_confirmable',
          'this withdrawal is not waiting for a confirmation',
          {
            status: w.status,
          },
        )
      }
      let amountReceived: bigint | null = null
      if (input.outcome === 'PARTLY_RECEIVED') {
        amountReceived = amountOrThrow(input.amountReceived ?? '', m)
        if (amountReceived >= w.amount) inRangeOrThrow(amountReceived, 1n, w.amount - 1n, m)
      }
      const proof = input.proof ? imageOrThrow(input.proof) : null
      if (input.outcome === 'NOT_RECEIVED' && !proof) {
        throw new AppError('image_invalid', 'add a screenshot that shows the money did not arrive')
      }
      return withIdempotency(db, idempotencyOf(caller), now(), async (tx) => {
        const at = now()
        const proofId = input.proof && proof ? await storeImage(tx, memberId, input.proof, proof, at) : null
        const [done] = await tx
          .update(withdrawals)
          .set({ status: input.outcome, amountReceived, proofId, confirmedAt: at })
          .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'PAID')))
          .returning()
        if (!done) {
          throw new AppError(
            'withdrawal_not_confirmable',
            'this withdrawal is not waiting for a confirmation',
            {
              status: w.status,
            },
          )
        }
        return withdrawalView(done, m)
      })
    },

    async transferUpline({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const amount = amountOrThrow(input.amount, m)
      const me = await member(memberId)
      const upline = me.toUpline && me.parentId ? await member(me.parentId) : undefined
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
