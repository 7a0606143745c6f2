/** The VIP endpoints: the table of levels (public), and the caller's own level, progress, neighbours and benefits. */
import type { Endpoints } from '#contract/endpoints'
import type { HandlerGroup } from '../../http/contract-routes'
import type { MoneySettings } from '../../money/settings'
import { memberOf } from '../../money/wallet-handlers'
import type { VipService } from './vip-service'

export function vipHandlers(deps: {
  vip: VipService
  settings: MoneySettings
}): HandlerGroup<Endpoints['vip']> {
  const { vip, settings } = deps
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
  }
}
