/**
 * The VIP endpoints: the table of levels (public), and the caller's own level, progress,
 * neighbours, benefits and customer-service entries (the VIP ones for a level with VIP service).
 */
import type { Endpoints } from '#contract/endpoints'
import type { Locale } from '#contract/locales'
import type { CustomerService } from '#contract/system'
import type { HandlerGroup } from '../../http/contract-routes'
import type { MoneySettings } from '../../money/settings'
import { memberOf } from '../../money/wallet-handlers'
import type { Db } from '../../plugins/external/db'
import { memberBenefits } from './benefits'
import type { VipService } from './vip-service'

export function vipHandlers(deps: {
  vip: VipService
  settings: MoneySettings
  db: Db
  customerService: (
    merchantCode: string,
    brand: { vipServiceState: string; defaultLanguage: string },
    locale: Locale,
  ) => Promise<CustomerService[]>
}): HandlerGroup<Endpoints['vip']> {
  const { vip, settings, db } = deps
  return {
    async rules({ caller }) {
      return vip.rules(await settings.merchant(caller.merchantCode), caller.locale)
    },
    async progress({ caller }) {
      return vip.progress(await settings.merchant(caller.merchantCode), memberOf(caller), caller.locale)
    },
    async nearby({ caller }) {
      return vip.nearby(await settings.merchant(caller.merchantCode), memberOf(caller), caller.locale)
    },
    async benefits({ caller }) {
      return vip.benefits(await settings.merchant(caller.merchantCode), memberOf(caller), caller.locale)
    },
    async customerService({ caller }) {
      const m = await settings.merchant(caller.merchantCode)
      const level = await memberBenefits(db, m.code, memberOf(caller))
      const vipService = level?.vipService === true || m.vipServiceState === 'vipcs'
      const state = vipService ? 'vipcs' : m.vipServiceState
      const list = await deps.customerService(
        m.code,
        { vipServiceState: state, defaultLanguage: m.defaultLanguage },
        caller.locale,
      )
      return { vip: vipService, list }
    },
  }
}
