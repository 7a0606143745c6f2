/**
 * Money in words and checks: amounts typed by the member are read only with parseAmount
 * (never Number()), wire amounts are shown with showMoney, both in the brand's currency
 * (its decimals and symbol), and the failure values the server attaches to money errors
 * (the balance, the limits, the rule) are read with zod.
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { z } from 'zod/mini'
import { type Currency, moneyToMinor, MoneySchema, parseAmount, showMoney, type Money } from '#contract/money'
import type { FieldProblem } from '#contract/register-rules'
import { ApiError } from '../../lib/api-client'
import { amountRuleText, errorText } from '../../lib/error-messages'
import { fieldProblemText } from '../../lib/field-messages'

export { showMoney, type Currency }

/** The problem with a typed amount, or null: positive, the currency's decimals, within limits. */
export function amountProblem(
  i18n: I18n,
  input: string,
  c: Currency,
  limits: { min?: Money; max?: Money } = {},
): string | null {
  if (input.trim() === '') return i18n._(msg`Enter an amount.`)
  const minor = parseAmount(input, c)
  if (minor === null) return amountRuleText(i18n, c.decimals)
  if (limits.min !== undefined && minor < moneyToMinor(limits.min, c)) {
    const min = showMoney(limits.min, c)
    return i18n._(msg`The smallest amount is ${min}.`)
  }
  if (limits.max !== undefined && minor > moneyToMinor(limits.max, c)) {
    const max = showMoney(limits.max, c)
    return i18n._(msg`The largest amount is ${max}.`)
  }
  return null
}

const BalanceValue = z.object({ balance: MoneySchema })
const RangeValue = z.object({ min: MoneySchema, max: MoneySchema })
const ProblemValue = z.object({
  problem: z.union([
    z.object({ kind: z.literal('required') }),
    z.object({ kind: z.literal('characters') }),
    z.object({ kind: z.literal('length'), min: z.number(), max: z.number() }),
    z.object({ kind: z.literal('pattern'), patternId: z.string(), min: z.number(), max: z.number() }),
  ]),
})

/** The member's current balance carried by an insufficient_balance refusal. */
export function balanceOf(err: unknown): Money | null {
  if (!(err instanceof ApiError) || err.errorCode !== 'insufficient_balance') return null
  const v = BalanceValue.safeParse(err.value)
  return v.success ? v.data.balance : null
}

/** The rule problem carried by a payment_password_invalid refusal. */
export function paymentPasswordProblem(err: unknown): FieldProblem | null {
  if (!(err instanceof ApiError) || err.errorCode !== 'payment_password_invalid') return null
  const v = ProblemValue.safeParse(err.value)
  return v.success ? (v.data.problem as FieldProblem) : null
}

const TurnoverValue = z.object({ remaining: MoneySchema })
const ForfeitValue = z.object({ amount: MoneySchema })

/** "Wager 1,240.00 more before you can withdraw": what is left of the bonuses' turnover. */
export function turnoverText(i18n: I18n, remaining: Money, c: Currency): string {
  const amount = showMoney(remaining, c)
  return i18n._(msg`Wager ${amount} more before you can withdraw.`)
}

/** A money error in words, with the balance or the limits the server sent. */
export function moneyErrorText(i18n: I18n, err: unknown, c: Currency): string {
  const base = errorText(i18n, err)
  if (!(err instanceof ApiError)) return base
  if (err.errorCode === 'turnover_not_met') {
    const v = TurnoverValue.safeParse(err.value)
    return v.success ? turnoverText(i18n, v.data.remaining, c) : base
  }
  if (err.errorCode === 'bonus_forfeit_amount_changed') {
    const v = ForfeitValue.safeParse(err.value)
    if (v.success) {
      const amount = showMoney(v.data.amount, c)
      return `${base} ${i18n._(msg`Forfeiting your bonus now takes ${amount}.`)}`
    }
  }
  const balance = balanceOf(err)
  if (balance !== null) {
    const shown = showMoney(balance, c)
    return `${base} ${i18n._(msg`Your balance is ${shown}.`)}`
  }
  if (err.errorCode === 'amount_out_of_range') {
    const r = RangeValue.safeParse(err.value)
    if (r.success) {
      const min = showMoney(r.data.min, c)
      const max = showMoney(r.data.max, c)
      return `${base} ${i18n._(msg`Enter between ${min} and ${max}.`)}`
    }
  }
  const problem = paymentPasswordProblem(err)
  if (problem) return `${base} ${fieldProblemText(i18n, problem)}`
  return base
}

/** Whether a failed request may have reached the server (retry with the same key). */
export function mayHaveArrived(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 0 || err.status === 504 || err.status >= 500)
}
