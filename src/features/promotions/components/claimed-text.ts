import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Currency, Money } from '#contract/money'
import { showMoney } from '#contract/money'

/** The confirmation after a claim: the amount credited, when the claim credited one. */
export function creditedText(i18n: I18n, amount: Money | null, c: Currency): string {
  if (amount === null || Number(amount) === 0) return i18n._(msg`Done. Your reward is on its way.`)
  const money = showMoney(amount, c)
  return i18n._(msg`${money} credited to your balance.`)
}
