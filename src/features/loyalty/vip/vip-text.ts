/**
 * The shortest way to the next level in words: "Wager $3,200.00 more this month", one line
 * per figure still short on the path needing least.
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type Currency, showMoney } from '#contract/money'
import type { VipProgress } from '#contract/vip'

type Shortest = NonNullable<VipProgress['next']>['shortest'][number]

export function shortestText(i18n: I18n, s: Shortest, currency: Currency): string {
  const amount = showMoney(s.more, currency)
  switch (s.figure) {
    case 'monthlyTurnover':
      return i18n._(msg`Wager ${amount} more this month`)
    case 'monthlyDeposit':
      return i18n._(msg`Deposit ${amount} more this month`)
    case 'totalTurnover':
      return i18n._(msg`Wager ${amount} more in total`)
    case 'totalDeposit':
      return i18n._(msg`Deposit ${amount} more in total`)
  }
}

/** How far the month's valid bets are toward the next level's, 0 to 100. */
export function percentOf(actual: string, expected: string): number {
  const a = Number(actual)
  const e = Number(expected)
  if (!(e > 0)) return 100
  return Math.max(0, Math.min(100, Math.floor((a / e) * 100)))
}
