/**
 * Amounts in the agent centre, in the brand's currency: typed amounts are read only with
 * parseAmount (never Number()), wire amounts are shown with showMoney, and a red envelope's
 * total is split in minor units, so no share is ever a fraction of the currency's smallest
 * coin. (The money feature has the same rules for the member's own pages; features do not
 * import one another.)
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { MoneySchema, parseAmount, showMoney, type Currency } from '#contract/money'
import { ApiError } from '../../lib/api-client'
import { brandQueryOptions } from '../../lib/brand-query'
import { amountRuleText, errorText } from '../../lib/error-messages'

/** The brand's currency (symbol and decimals), from the settings every route loads first. */
export function useCurrency(): Currency {
  const { data } = useSuspenseQuery(brandQueryOptions())
  return { symbol: data.currencySymbol, decimals: data.currencyDecimals }
}

/** The problem with a typed amount, or null: above zero, in the currency's decimals. */
export function amountProblem(i18n: I18n, input: string, c: Currency): string | null {
  if (input.trim() === '') return i18n._(msg`Enter an amount.`)
  return parseAmount(input, c) === null ? amountRuleText(i18n, c.decimals) : null
}

/**
 * A total split into `count` equal shares in minor units; what does not divide goes to the
 * first share (100.00 between three: 33.34, 33.33, 33.33). Null when a share would be zero.
 */
export function splitEqually(totalMinor: bigint, count: number): bigint[] | null {
  if (count < 1 || totalMinor < BigInt(count)) return null
  const n = BigInt(count)
  const each = totalMinor / n
  const rest = totalMinor - each * n
  return Array.from({ length: count }, (_, i) => (i === 0 ? each + rest : each))
}

const BalanceValue = z.object({ balance: MoneySchema })
const RangeValue = z.object({ min: MoneySchema, max: MoneySchema })
const LimitValue = z.object({ limit: MoneySchema })
const DailyLimitValue = z.object({ limit: MoneySchema, remaining: MoneySchema })

/** A transfer's refusal in words, with the balance or the limits the server sent. */
export function transferErrorText(i18n: I18n, err: unknown, c: Currency): string {
  const base = errorText(i18n, err)
  if (!(err instanceof ApiError)) return base
  if (err.errorCode === 'insufficient_balance') {
    const v = BalanceValue.safeParse(err.value)
    if (v.success) {
      const shown = showMoney(v.data.balance, c)
      return `${base} ${i18n._(msg`Your balance is ${shown}.`)}`
    }
  }
  if (err.errorCode === 'amount_out_of_range') {
    const r = RangeValue.safeParse(err.value)
    if (r.success) {
      const min = showMoney(r.data.min, c)
      const max = showMoney(r.data.max, c)
      return `${base} ${i18n._(msg`Enter between ${min} and ${max}.`)}`
    }
  }
  if (err.errorCode === 'transfer_over_limit') {
    const v = LimitValue.safeParse(err.value)
    if (v.success) {
      const limit = showMoney(v.data.limit, c)
      return `${base} ${i18n._(msg`The most per transfer is ${limit}.`)}`
    }
  }
  if (err.errorCode === 'transfer_daily_limit') {
    const v = DailyLimitValue.safeParse(err.value)
    if (v.success) {
      const limit = showMoney(v.data.limit, c)
      const remaining = showMoney(v.data.remaining, c)
      return `${base} ${i18n._(msg`The most per day is ${limit}; you can still send ${remaining} today.`)}`
    }
  }
  return base
}

/** Whether a refusal is about the payment password (shown under that field). */
export function isPasswordRefusal(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.errorCode.startsWith('payment_password_') &&
    err.errorCode !== 'payment_password_not_set'
  )
}
