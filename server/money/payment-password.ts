/**
 * The payment password: its rule, its check on a budget of attempts, and setting and
 * changing it.
 */
import { checkField } from '#contract/register-rules'
import type { RegisterFieldRule } from '#contract/system'
import { AppError, retryLater, secondsUntil } from '../http/errors'
import { oldPasswordGuesses } from '../identity/password'
import type { FundsHandlers, FundsKit } from './funds-kit'
import { memberOf } from './wallet-handlers'

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

/** The brand's rule for payment passwords, or the default one (six digits). */
export async function paymentRule(kit: FundsKit, merchantCode: string): Promise<RegisterFieldRule> {
  const row = await kit.fundsRepo.paymentPasswordRule(merchantCode)
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

/**
 * Checks the payment password on one attempt taken from its budget before the hash is
 * compared: the 5th wrong one in 15 minutes locks it for 15 minutes, and parallel guesses
 * get no more than 5 checks between them.
 */
export function paymentPasswordCheck(kit: FundsKit) {
  const { throttle, passwords, now } = kit
  const locked = (until: Date) =>
    retryLater(
      'payment_password_locked',
      'too many wrong payment passwords; try again later',
      secondsUntil(until, now()),
    )
  return async (memberId: number, given: string): Promise<void> => {
    const m = await kit.member(memberId)
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
}

type PaymentPasswordEndpoints = 'setPaymentPassword' | 'changePaymentPassword' | 'checkPaymentPassword'

export function paymentPasswordHandlers(kit: FundsKit): Pick<FundsHandlers, PaymentPasswordEndpoints> {
  const { db, members, passwords, throttle, now } = kit
  const checkPaymentPassword = paymentPasswordCheck(kit)

  /** The new payment password by the brand's rule, hashed; the caller writes it. */
  async function newPaymentPassword(merchantCode: string, value: string, confirm: string): Promise<string> {
    const problem = checkField(await paymentRule(kit, merchantCode), value)
    if (problem)
      throw new AppError('payment_password_invalid', 'the payment password does not follow the rule', {
        problem,
      })
    if (value !== confirm) throw new AppError('password_mismatch', 'the two payment passwords differ')
    return passwords.hash(value)
  }

  return {
    async setPaymentPassword({ input, caller }) {
      const memberId = memberOf(caller)
      const me = await kit.member(memberId)
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
      if (!(await members.setFirstPaymentPassword(memberId, hash)))
        throw new AppError('payment_password_exists', 'a payment password is already set')
      return null
    },

    async changePaymentPassword({ input, caller }) {
      const memberId = memberOf(caller)
      await checkPaymentPassword(memberId, input.oldPaymentPassword)
      if (input.oldPaymentPassword === input.newPaymentPassword) {
        throw new AppError('password_same_as_old', 'choose a new payment password')
      }
      // Hashed before the transaction: the embedded database has one connection, held by it.
      const hash = await newPaymentPassword(
        caller.merchantCode,
        input.newPaymentPassword,
        input.confirmPaymentPassword,
      )
      await db.transaction(async (tx) => {
        await members.setPaymentPassword(memberId, hash, tx)
        await throttle.clear(paymentPasswordKey(memberId), tx)
      })
      return null
    },

    async checkPaymentPassword({ input, caller }) {
      await checkPaymentPassword(memberOf(caller), input.paymentPassword)
      return { valid: true as const }
    },
  }
}
