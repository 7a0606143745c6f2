/**
 * The point mall in words: each reward kind, redemption type and status by name, and a
 * refusal turned into the sentence for the field it is about (decision 030 section 3).
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { z } from 'zod/mini'
import type { PointRewardKind, RedemptionStatus, RedemptionType } from '#contract/point-mall'
import { ApiError } from '../../../lib/api-client'
import { errorText } from '../../../lib/error-messages'
import { pointsFigure } from './points-text'

export const rewardKindNames = {
  physical: msg`Item`,
  cash: msg`Cash`,
  bonus: msg`Bonus`,
} satisfies Record<PointRewardKind, unknown>

export const redemptionTypeNames = {
  ...rewardKindNames,
  conversion: msg`Conversion`,
} satisfies Record<RedemptionType, unknown>

export const redemptionStatusNames = {
  inProcess: msg`In process`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
} satisfies Record<RedemptionStatus, unknown>

/** The fields of the redeem and convert sheets a refusal can point at. */
export type MallField = 'quantity' | 'address' | 'phone' | 'paymentPassword' | 'points' | 'form'
export type MallErrors = Partial<Record<MallField, string>>

const PointsValue = z.object({ points: z.string() })
const LeftValue = z.object({ left: z.int() })
const LimitValue = z.object({ limit: z.int(), left: z.int() })
const RuleValue = z.object({ min: z.int(), step: z.int() })
const FieldsValue = z.object({ fields: z.array(z.object({ path: z.string() })) })

/** A refusal of a redeem or a convert, translated and put at the field it names. */
export function mallErrors(i18n: I18n, err: unknown): MallErrors {
  const text = errorText(i18n, err)
  if (!(err instanceof ApiError)) return { form: text }
  const n = (v: number) => pointsFigure(i18n.locale, v)
  switch (err.errorCode) {
    case 'payment_password_wrong':
    case 'payment_password_locked':
      return { paymentPassword: text }
    case 'payment_password_not_set':
      return { form: text }
    case 'points_insufficient': {
      const v = PointsValue.safeParse(err.value)
      if (!v.success) return { form: text }
      const have = pointsFigure(i18n.locale, v.data.points)
      return { form: `${text} ${i18n._(msg`You have ${have} points.`)}` }
    }
    case 'point_reward_out_of_stock': {
      const v = LeftValue.safeParse(err.value)
      const left = v.success ? n(v.data.left) : null
      return { quantity: left === null ? text : `${text} ${i18n._(msg`${left} left.`)}` }
    }
    case 'point_reward_limit_reached': {
      const v = LimitValue.safeParse(err.value)
      if (!v.success) return { quantity: text }
      const left = n(v.data.left)
      const limit = n(v.data.limit)
      return { quantity: `${text} ${i18n._(msg`You may redeem ${left} more of ${limit}.`)}` }
    }
    case 'point_amount_invalid': {
      const v = RuleValue.safeParse(err.value)
      if (!v.success) return { points: text }
      const min = n(v.data.min)
      const step = n(v.data.step)
      return { points: `${text} ${i18n._(msg`At least ${min} points, in steps of ${step}`)}` }
    }
    case 'validation_failed': {
      const v = FieldsValue.safeParse(err.value)
      const out: MallErrors = {}
      for (const f of v.success ? v.data.fields : []) {
        if (f.path === 'address') out.address = i18n._(msg`Enter the receiving address.`)
        if (f.path === 'phone') out.phone = i18n._(msg`Enter a phone number for the delivery.`)
      }
      return Object.keys(out).length > 0 ? out : { form: text }
    }
    default:
      return { form: text }
  }
}
