/**
 * The words a promotion is read by: its category's chip name, the one-line summary of its
 * reward ("100% up to $100.00 · 10× turnover") and the percentages of its rules, all from
 * the wire's basis points and amounts, never floating point money.
 */
import type { I18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Currency } from '#contract/money'
import { showMoney } from '#contract/money'
import type { Promotion, PromotionCategory } from '#contract/promotions'

export const categoryNames: Record<PromotionCategory, MessageDescriptor> = {
  sports: msg`Sports`,
  liveCasino: msg`Live casino`,
  slots: msg`Slots`,
  cardGames: msg`Card games`,
  fish: msg`Fish`,
  lotto: msg`Lotto`,
  rebate: msg`Rebate`,
  pointsMall: msg`Points mall`,
  ranking: msg`Ranking`,
  deposit: msg`Deposit`,
  appDownload: msg`App download`,
  newbie: msg`Newbie`,
  others: msg`Others`,
}

/** Basis points as a percentage: 10,000 is "100%", 80 is "0.8%", 125 is "1.25%". */
export function percent(bp: number): string {
  const whole = Math.floor(bp / 100)
  const frac = (bp % 100).toString().padStart(2, '0').replace(/0+$/, '')
  return `${whole}${frac ? `.${frac}` : ''}%`
}

/** A turnover multiple in tenths: 100 is "10×", 15 is "1.5×". */
export function multiple(tenths: number): string {
  return `${Math.floor(tenths / 10)}${tenths % 10 ? `.${tenths % 10}` : ''}×`
}

/** The reward in one line, with its turnover: what a player compares promotions by. */
export function rewardSummary(i18n: I18n, p: Promotion, c: Currency): string {
  const r = p.reward
  const rate = r.rate === null ? '' : percent(r.rate)
  const cap = r.cap !== null && Number(r.cap) > 0 ? showMoney(r.cap, c) : null
  let reward: string
  if (r.kind === 'fixed') reward = r.amount === null ? '' : showMoney(r.amount, c)
  else if (r.kind === 'depositPercent')
    reward = cap ? i18n._(msg`${rate} of your deposit, up to ${cap}`) : i18n._(msg`${rate} of your deposit`)
  else if (r.kind === 'lossPercent')
    reward = cap ? i18n._(msg`${rate} of your net loss, up to ${cap}`) : i18n._(msg`${rate} of your net loss`)
  else reward = i18n._(msg`Up to ${rate} of your valid bets`)
  if (p.turnover.multipleTenths === 0) return reward
  const times = multiple(p.turnover.multipleTenths)
  return `${reward} · ${i18n._(msg`${times} turnover`)}`
}
