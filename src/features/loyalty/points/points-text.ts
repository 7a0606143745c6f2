/**
 * Points in words: a figure in the member's language with thousands separators and without
 * trailing zeros ("1,234.5"), a movement signed ("+12.5"), and a game type's rate
 * ("Slots: 0.1 point per 1.00 of valid bet").
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { z } from 'zod/mini'
import { type Currency, formatMinor } from '#contract/money'
import type { PointRateSchema } from '#contract/points'
import type { PointConversionType, Points } from '#contract/points-values'
import { gameTypeNames } from '../../../lib/game-type-names'

/** Points (or a whole number of them) as the member's language writes numbers: "1,234.5". */
export function pointsFigure(locale: string, points: Points | number): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Number(points))
}

/** A points movement's amount with its sign: "+12.5", "-100". */
export function signedPoints(locale: string, points: Points): string {
  const figure = pointsFigure(locale, points.replace(/^-/, ''))
  return points.startsWith('-') ? `-${figure}` : `+${figure}`
}

/** A game type's rate: "Slots: 0.1 point per 1.00 of valid bet". */
export function rateText(i18n: I18n, rate: z.infer<typeof PointRateSchema>, currency: Currency): string {
  const game = i18n._(gameTypeNames[rate.productType])
  const points = pointsFigure(i18n.locale, rate.pointsPerUnit)
  const unit = formatMinor(10n ** BigInt(currency.decimals), currency)
  return Number(rate.pointsPerUnit) > 1
    ? i18n._(msg`${game}: ${points} points per ${unit} of valid bet`)
    : i18n._(msg`${game}: ${points} point per ${unit} of valid bet`)
}

/** Each way of using points by name. */
export const conversionNames = {
  cash: msg`Cash`,
  bonus: msg`Bonus`,
} satisfies Record<PointConversionType, unknown>
