/**
 * The member's points calls (decision 030): the balance, the settings in force (rates per
 * game type) and the ways points turn into money. The member comes from the session only.
 */
import type { Endpoints } from '#contract/endpoints'
import { gameTypes } from '#contract/games'
import { minorToMoney } from '#contract/money'
import { pointsOf } from '#contract/points-values'
import type { HandlerGroup } from '../../http/contract-routes'
import { currencyOf } from '../../money/common'
import { idempotencyOf, withIdempotency } from '../../money/idempotency'
import type { MoneySettings } from '../../money/settings'
import { memberOf } from '../../money/wallet-handlers'
import type { Db } from '../../plugins/external/db'
import type { MallService } from './mall-service'
import type { PointConfigs } from './point-config'
import type { PointsService } from './points-service'

export interface PointHandlerDeps {
  db: Db
  settings: MoneySettings
  configs: PointConfigs
  service: PointsService
  mall: MallService
  /** The member's payment password on its attempt budget (server/money/payment-password.ts). */
  checkPaymentPassword: (memberId: number, given: string) => Promise<void>
  now: () => Date
}

export function pointHandlers({
  db,
  settings,
  configs,
  service,
  mall,
  checkPaymentPassword,
  now,
}: PointHandlerDeps): HandlerGroup<Endpoints['points']> {
  return {
    async balance({ caller }) {
      const memberId = memberOf(caller)
      return { points: pointsOf(await service.balanceOf(db, caller.merchantCode, memberId)) }
    },

    async config({ caller }) {
      memberOf(caller)
      const v = await configs.current(caller.merchantCode, now())
      return {
        enabled: v?.enabled ?? false,
        rates: gameTypes
          .filter((t) => (v?.rates[t] ?? 0) > 0)
          .map((t) => ({ productType: t, pointsPerUnit: pointsOf(BigInt(v?.rates[t] ?? 0)) })),
        since: v ? v.validFrom.getTime() : null,
      }
    },

    async conversionTypes({ caller }) {
      memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      const v = await configs.current(caller.merchantCode, now())
      const c = currencyOf(m)
      return {
        list: (v?.conversions ?? []).map((w) => ({
          type: w.type,
          moneyPer100Points: minorToMoney(BigInt(w.moneyPer100Points), c),
          minPoints: w.minPoints,
          stepPoints: w.stepPoints,
          turnoverMultiple: String(w.turnoverTenths / 10),
        })),
      }
    },

    async rewards({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      return { list: await mall.catalogue(m, memberId, caller.locale, input.kind) }
    },

    async redeem({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      await checkPaymentPassword(memberId, input.paymentPassword)
      return mall.redeem(m, memberId, input, caller.locale, (work) =>
        withIdempotency(db, idempotencyOf(caller), now(), work),
      )
    },

    async convert({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      await checkPaymentPassword(memberId, input.paymentPassword)
      return mall.convert(m, memberId, input, caller.locale, (work) =>
        withIdempotency(db, idempotencyOf(caller), now(), work),
      )
    },

    async redemptions({ input, caller }) {
      const memberId = memberOf(caller)
      const m = await settings.merchant(caller.merchantCode)
      return mall.history(m, memberId, caller.locale, input)
    },
  }
}
